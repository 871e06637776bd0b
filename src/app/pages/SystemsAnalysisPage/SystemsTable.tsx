import type { JSX } from 'react';
import { Column } from 'primereact/column';
import { DataTable } from 'primereact/datatable';
import { useLengthUnits } from '../../../runtime/LengthUnitsProvider.tsx';
import type { SystemAnalysisItem } from '../../../shared/api-types.ts';
import type { SystemGroup } from '../../../shared/system-group.ts';
import { ariaSort, SortHeaderButton } from './SortHeaderButton.tsx';
import { SystemActions } from './SystemActions.tsx';
import { NicknameCell } from './NicknameCell.tsx';
import {
  formatAvailability,
  formatOee,
  lastUpdateText,
  oeeFactors,
  STATUS_COLOURS,
  STATUS_LABELS,
  systemAmounts,
} from './system-display.ts';
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
  /** Query string carried to the system's pages. */
  search: string;
  /** CSS height of the scrolling area. */
  scrollHeight: string;
}

function StatusCell({ system }: { system: SystemAnalysisItem }): JSX.Element {
  return (
    <span className="systems-analysis__status">
      <span
        className="systems-analysis__status-dot"
        style={{ background: STATUS_COLOURS[system.printerStatus] }}
        aria-hidden="true"
      />
      {STATUS_LABELS[system.printerStatus]}
    </span>
  );
}

/** The table view: one virtualised row per system, sortable header cells (spec reports §2, §4). */
export function SystemsTable(props: SystemListProps): JSX.Element {
  const { rows, group, sort, onSort, onEditNickname, onShowSoftware, search, scrollHeight } = props;
  const toUserUnits = useLengthUnits();
  const amounts = (system: SystemAnalysisItem) => systemAmounts(system, group, toUserUnits);
  const sortableHeader = (key: SortKey) => ({
    header: <SortHeaderButton sortKey={key} sort={sort} onSort={onSort} />,
    pt: { headerCell: { 'aria-sort': ariaSort(sort, key) } },
  });
  return (
    <DataTable
      className="systems-analysis__table"
      value={rows as SystemAnalysisItem[]}
      dataKey="serialNumber"
      scrollable
      scrollHeight={scrollHeight}
      virtualScrollerOptions={{ itemSize: TABLE_ROW_HEIGHT }}
      tableStyle={{ minWidth: '60rem' }}
      pt={{ table: { 'aria-label': 'Systems' } }}
    >
      <Column
        {...sortableHeader('name')}
        body={(system: SystemAnalysisItem) => <NicknameCell system={system} onEditNickname={onEditNickname} />}
      />
      <Column {...sortableHeader('model')} field="systemModel" />
      <Column {...sortableHeader('status')} body={(system: SystemAnalysisItem) => <StatusCell system={system} />} />
      <Column {...sortableHeader('production')} body={(system: SystemAnalysisItem) => amounts(system).production} />
      <Column {...sortableHeader('speed')} body={(system: SystemAnalysisItem) => amounts(system).speed} />
      <Column
        {...sortableHeader('availability')}
        body={(system: SystemAnalysisItem) => formatAvailability(system.availability)}
      />
      <Column
        {...sortableHeader('oee')}
        body={(system: SystemAnalysisItem) => <span title={oeeFactors(system.oee)}>{formatOee(system.oee)}</span>}
      />
      <Column
        {...sortableHeader('lastUpdate')}
        body={(system: SystemAnalysisItem) => lastUpdateText(system.lastUpdate)}
      />
      <Column
        header="Actions"
        body={(system: SystemAnalysisItem) => (
          <SystemActions serialNumber={system.serialNumber} search={search} onShowSoftware={onShowSoftware} compact />
        )}
      />
    </DataTable>
  );
}
