import type { JSX } from 'react';
import { VirtualScroller } from 'primereact/virtualscroller';
import { PanelFactList, useElementSize, useLengthUnits, useTranslation } from '../../src/runtime/panel-sdk.ts';
import type { SystemAnalysisItem } from '../../src/shared/api-types.ts';
import { SORT_KEYS } from './system-sort.ts';
import { SortHeaderButton } from './SortHeaderButton.tsx';
import { SystemActions } from './SystemActions.tsx';
import { NicknameCell } from './NicknameCell.tsx';
import type { SystemListProps } from './SystemsTable.tsx';
import { STATUS_COLOURS, systemFigures } from './system-display.ts';

/**
 * A card row's height (card 284 px: room for figures that wrap and both action rows, + 16 px gap) and a card's
 * narrowest width.
 */
const CARD_ROW_HEIGHT = 300;
const CARD_MIN_WIDTH = 300;

/** Cards per row for a container width: as many 300 px cards as fit, at least one. */
function cardsPerRow(width: number): number {
  return Math.max(1, Math.floor(width / CARD_MIN_WIDTH));
}

/** Rows of `perRow` cards, which the virtual scroller renders as its items. */
function chunkRows<T>(items: readonly T[], perRow: number): T[][] {
  const rows: T[][] = [];
  for (let index = 0; index < items.length; index += perRow) rows.push(items.slice(index, index + perRow));
  return rows;
}

type CardProps = Omit<SystemListProps, 'rows' | 'sort' | 'onSort'> & { system: SystemAnalysisItem };

function SystemCard({ system, group, onEditNickname, onShowSoftware, systemLink }: CardProps): JSX.Element {
  const { t } = useTranslation();
  const figures = systemFigures(system, group, useLengthUnits(), t);
  const column = (key: 'production' | 'speed' | 'availability' | 'oee') => t(`panels.systemsList.columns.${key}`);
  return (
    <article className="systems-analysis__card" aria-label={system.serialNumber}>
      <div
        className="systems-analysis__status-bar"
        style={{ background: STATUS_COLOURS[system.printerStatus] }}
        aria-hidden="true"
      />
      <div className="systems-analysis__card-body">
        <header className="systems-analysis__card-header">
          <NicknameCell system={system} onEditNickname={onEditNickname} />
          <span className="systems-analysis__card-status">{t(`panels.status.${system.printerStatus}`)}</span>
        </header>
        <p className="systems-analysis__model">{system.systemModel}</p>
        <PanelFactList
          className="systems-analysis__figures"
          facts={[
            { label: column('production'), value: figures.production },
            { label: column('speed'), value: figures.speed },
            { label: column('availability'), value: figures.availability },
            { label: column('oee'), value: figures.oee, title: figures.oeeFactors },
          ]}
        />
        <p className="systems-analysis__updated">{t('panels.systemsList.lastUpdate', { time: figures.lastUpdate })}</p>
        <SystemActions
          serialNumber={system.serialNumber}
          systemLink={systemLink}
          onShowSoftware={onShowSoftware}
          compact={false}
        />
      </div>
    </article>
  );
}

/** The card view: a header of sort buttons and virtualised rows of cards with a status-colour bar (spec reports §2). */
export function SystemCards(props: SystemListProps): JSX.Element {
  const { rows, sort, onSort, ...cardProps } = props;
  const { t } = useTranslation();
  const { ref, width, height } = useElementSize();
  const perRow = cardsPerRow(width);
  return (
    <div className="systems-analysis__cards">
      <div className="systems-analysis__sort-bar" role="toolbar" aria-label={t('panels.systemsList.sortSystems')}>
        {SORT_KEYS.map((key) => (
          <SortHeaderButton key={key} sortKey={key} sort={sort} onSort={onSort} />
        ))}
      </div>
      <div ref={ref} className="systems-analysis__card-scroller">
        <VirtualScroller
          items={chunkRows(rows, perRow)}
          itemSize={CARD_ROW_HEIGHT}
          style={{ height }}
          itemTemplate={(cards: SystemAnalysisItem[]) => (
            <div className="systems-analysis__card-row" style={{ gridTemplateColumns: `repeat(${perRow}, 1fr)` }}>
              {cards.map((system) => (
                <SystemCard key={system.serialNumber} system={system} {...cardProps} />
              ))}
            </div>
          )}
        />
      </div>
    </div>
  );
}
