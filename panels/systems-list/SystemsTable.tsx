import type { JSX } from 'react';
import { Column } from 'primereact/column';
import { DataTable } from 'primereact/datatable';
import { useElementSize, useLengthUnits, useTranslation } from '../../src/runtime/panel-sdk.ts';
import type { SystemAnalysisItem } from '../../src/shared/api-types.ts';
import type { SystemGroup } from '../../src/shared/system-group.ts';
import { ariaSort, SortHeaderButton } from './SortHeaderButton.tsx';
import { SystemActions } from './SystemActions.tsx';
import { NicknameCell } from './NicknameCell.tsx';
import { STATUS_COLOURS, systemFigures, type SystemLink } from './system-display.ts';
import type { SortKey, SystemSort } from './system-sort.ts';

/** Height of one table row; the virtual scroller renders only the rows in view (2,000 systems scroll smoothly). */
const TABLE_ROW_HEIGHT = 52;

export interface SystemListProps {
  /** Sorted rows. */
  rows: readonly SystemAnalysisItem[];
  group: SystemGroup;
  sort: SystemSort | null;
  onSort: (key: SortKey) => void;
  onEditNickname: (serialNumber: string) => void;
  onShowSoftware: (serialNumber: string) => void;
  /** Address of a system's page. */
  systemLink: SystemLink;
}

function StatusCell({ system }: { system: SystemAnalysisItem }): JSX.Element {
  const { t } = useTranslation();
  return (
    <span className="systems-analysis__status">
      <span
        className="systems-analysis__status-dot"
        style={{ background: STATUS_COLOURS[system.printerStatus] }}
        aria-hidden="true"
      />
      {t(`panels.status.${system.printerStatus}`)}
    </span>
  );
}

/** The table view: one virtualised row per system, sortable header cells (spec reports §2, §4). */
export function SystemsTable(props: SystemListProps): JSX.Element {
  const { rows, group, sort, onSort, onEditNickname, onShowSoftware, systemLink } = props;
  const { t } = useTranslation();
  const toUserUnits = useLengthUnits();
  const figures = (system: SystemAnalysisItem) => systemFigures(system, group, toUserUnits, t);
  const sortableHeader = (key: SortKey) => ({
    header: <SortHeaderButton sortKey={key} sort={sort} onSort={onSort} />,
    // The button fills the header cell: a click anywhere in the cell sorts (SystemsListPanel.css).
    headerClassName: 'systems-analysis__sortable',
    pt: { headerCell: { 'aria-sort': ariaSort(sort, key) } },
  });
  const { ref, height } = useElementSize();
  return (
    <div ref={ref} className="systems-analysis__list">
      <DataTable
        className="systems-analysis__table"
        value={rows as SystemAnalysisItem[]}
        dataKey="serialNumber"
        scrollable
        // The table's 1 px borders sit outside its scrolling area.
        scrollHeight={`${Math.max(0, height - 2)}px`}
        virtualScrollerOptions={{ itemSize: TABLE_ROW_HEIGHT }}
        tableStyle={{ minWidth: '60rem' }}
        pt={{ table: { 'aria-label': t('panels.systemsList.title') } }}
      >
        <Column
          {...sortableHeader('name')}
          body={(system: SystemAnalysisItem) => <NicknameCell system={system} onEditNickname={onEditNickname} />}
        />
        <Column {...sortableHeader('model')} field="systemModel" />
        <Column {...sortableHeader('status')} body={(system: SystemAnalysisItem) => <StatusCell system={system} />} />
        <Column {...sortableHeader('production')} body={(system: SystemAnalysisItem) => figures(system).production} />
        <Column {...sortableHeader('speed')} body={(system: SystemAnalysisItem) => figures(system).speed} />
        <Column
          {...sortableHeader('availability')}
          body={(system: SystemAnalysisItem) => figures(system).availability}
        />
        <Column
          {...sortableHeader('oee')}
          body={(system: SystemAnalysisItem) => <span title={figures(system).oeeFactors}>{figures(system).oee}</span>}
        />
        <Column {...sortableHeader('lastUpdate')} body={(system: SystemAnalysisItem) => figures(system).lastUpdate} />
        <Column
          header={t('panels.systemsList.actions')}
          body={(system: SystemAnalysisItem) => (
            <SystemActions
              serialNumber={system.serialNumber}
              systemLink={systemLink}
              onShowSoftware={onShowSoftware}
              compact
            />
          )}
        />
      </DataTable>
    </div>
  );
}
