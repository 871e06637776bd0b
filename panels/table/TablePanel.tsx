import { useId, useState, type JSX } from 'react';
import { registerArea } from '../../src/i18n/i18n.ts';
import frameTexts from '../../src/i18n/locales/en-US/frames.json' with { type: 'json' };
import { PanelFacts } from '../../src/runtime/panel-sdk-parts.tsx';
import { PanelTable, useTranslation, type PanelProps, type PanelTableColumn } from '../../src/runtime/panel-sdk.ts';
import type { TableRow } from '../../src/shared/contract/frames.ts';
import { cellText, frameWords, searchRows, type ShownColumn, type TableData } from './model.ts';
import type { TableOptions } from './options.ts';
import './TablePanel.css';

// The frames' headers, facts, summaries and words in cells (`frames.*`): by key, in the user's language.
registerArea('frames', frameTexts);

function Cell({ row, column }: { row: TableRow; column: ShownColumn }): JSX.Element {
  const { t } = useTranslation();
  const text = cellText(row.cells[column.key] ?? null, column, t);
  const tone = row.tones?.[column.key];
  const note = row.notes?.[column.key];
  return (
    <>
      {tone === undefined ? text : <span className={`table-panel__tone--${tone}`}>{text}</span>}
      {note !== undefined && (
        <>
          {' '}
          <span className="table-panel__note">({frameWords(note, t)})</span>
        </>
      )}
    </>
  );
}

function Facts({ data }: { data: TableData }): JSX.Element | null {
  const { t } = useTranslation();
  if (data.facts === undefined && data.image === undefined) return null;
  return (
    <div className="table-panel__facts">
      {data.image !== undefined && (
        <img className="table-panel__image" src={data.image.src} alt={frameWords(data.image.alt, t)} />
      )}
      <PanelFacts
        className="table-panel__fact-list"
        facts={(data.facts ?? []).map((fact) => ({ ...fact, label: frameWords(fact.label, t) }))}
      />
    </div>
  );
}

/**
 * Any answer's table frame (spec reports §2 System page, Machine config, Service ticket tables): the facts and picture
 * above, a search box over the rows when the layout asks for one, the summary line, then the chosen columns.
 */
export function TablePanel({ options, data, title }: PanelProps<TableOptions, TableData>): JSX.Element {
  const { t } = useTranslation();
  const [search, setSearch] = useState('');
  const searchId = useId();
  const rows = options.search === undefined ? data.rows : searchRows(data.rows, data.columns, search, t);
  const columns: (PanelTableColumn & ShownColumn)[] = data.columns.map((column) => ({
    ...column,
    label: frameWords(column.label, t),
    noWrap: column.format === 'shortInstant',
  }));
  return (
    <div className="table-panel">
      <Facts data={data} />
      {options.search !== undefined && (
        <div className="table-panel__search">
          <label htmlFor={searchId}>{t('panels.table.search')}</label>
          <input
            id={searchId}
            type="search"
            value={search}
            placeholder={options.search.placeholder}
            onChange={(event) => setSearch(event.target.value)}
          />
          <span role="status">
            {t('panels.table.searchCount', { shown: rows.length, total: data.rows.length, noun: options.search.noun })}
          </span>
        </div>
      )}
      {data.rows.length === 0 ? (
        data.noRowsText !== undefined && <p className="table-panel__no-rows">{frameWords(data.noRowsText, t)}</p>
      ) : (
        <PanelTable
          title={title}
          columns={columns}
          rows={rows}
          cell={(row, column) => <Cell row={row} column={column} />}
        >
          {data.summary !== undefined && <p className="table-panel__summary">{frameWords(data.summary, t)}</p>}
        </PanelTable>
      )}
    </div>
  );
}
