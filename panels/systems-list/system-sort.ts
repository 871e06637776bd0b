import type { PortalPrinterStatus, SystemAnalysisItem } from '../../src/shared/api-types.ts';
import { compareSerials } from '../../src/shared/systems/serial-sort.ts';

/** The sortable header cells of Systems Analysis (cards and table share them). */
export const SORT_KEYS = [
  'name',
  'model',
  'status',
  'production',
  'speed',
  'availability',
  'oee',
  'lastUpdate',
] as const;
export type SortKey = (typeof SORT_KEYS)[number];

export type SortDirection = 'asc' | 'desc';

export interface SystemSort {
  key: SortKey;
  direction: SortDirection;
}

/**
 * The sort after a click on a header (spec reports §4): the first click sorts descending, a click on the sorted
 * header toggles, and another header keeps the current order.
 */
export function nextSort(current: SystemSort | null, key: SortKey): SystemSort {
  if (current === null) return { key, direction: 'desc' };
  if (current.key === key) return { key, direction: current.direction === 'desc' ? 'asc' : 'desc' };
  return { key, direction: current.direction };
}

/** 'Sort By Status': Printing first, then Preparation, Idle, Not Reporting, Maintenance, Error. */
export const SORT_BY_STATUS: SystemSort = { key: 'status', direction: 'asc' };

/** System status ordering of spec reports §4; any other status is 'Not defined' (7). */
const STATUS_RANKS: Readonly<Record<PortalPrinterStatus, number>> = {
  Printing: 1,
  Preparation: 2,
  Idle: 3,
  NotReporting: 4,
  Maintenance: 5,
  Error: 6,
};
const NOT_DEFINED_RANK = 7;

export function statusRank(status: string): number {
  return Object.hasOwn(STATUS_RANKS, status) ? STATUS_RANKS[status as PortalPrinterStatus] : NOT_DEFINED_RANK;
}

/** A system as the list shows it: the analysis item with the nickname from the nickname list. */
export type SystemRow = SystemAnalysisItem;

/** Never-reported values (no last update) sort as the smallest. */
function lastUpdateTime(row: SystemRow): number {
  return row.lastUpdate === null ? Number.NEGATIVE_INFINITY : Date.parse(row.lastUpdate);
}

const ASCENDING: Readonly<Record<SortKey, (a: SystemRow, b: SystemRow) => number>> = {
  // The system name header sorts by serial number (spec reports §4).
  name: (a, b) => compareSerials(a.serialNumber, b.serialNumber),
  model: (a, b) => a.systemModel.localeCompare(b.systemModel),
  status: (a, b) => statusRank(a.printerStatus) - statusRank(b.printerStatus),
  production: (a, b) => a.production - b.production,
  speed: (a, b) => a.speed - b.speed,
  // −1 (nothing reported) is below every real availability.
  availability: (a, b) => a.availability - b.availability,
  // A system without OEE ('--') is below every real one.
  oee: (a, b) => (a.oee?.oee ?? -1) - (b.oee?.oee ?? -1),
  lastUpdate: (a, b) => {
    const left = lastUpdateTime(a);
    const right = lastUpdateTime(b);
    return left === right ? 0 : left < right ? -1 : 1;
  },
};

/** A sorted copy; equal values keep serial order, so the list never jumps between renders. */
export function sortSystems(rows: readonly SystemRow[], sort: SystemSort | null): SystemRow[] {
  const bySerial = [...rows].sort(ASCENDING.name);
  if (sort === null) return bySerial;
  const compare = ASCENDING[sort.key];
  const sign = sort.direction === 'asc' ? 1 : -1;
  return bySerial
    .map((row, index) => ({ row, index }))
    .sort((a, b) => sign * compare(a.row, b.row) || a.index - b.index)
    .map((entry) => entry.row);
}
