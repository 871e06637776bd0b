import type { ReportFilters } from '../report-filters.ts';

/** Timeframe buttons of the filter bar, in their order (spec reports §2). */
export const TIMEFRAMES = [
  'day',
  'week',
  'month',
  'quarter',
  'year',
  'custom',
] as const satisfies readonly ReportFilters['timeframe'][];
export type Timeframe = (typeof TIMEFRAMES)[number];

export function isTimeframe(value: unknown): value is Timeframe {
  return typeof value === 'string' && (TIMEFRAMES as readonly string[]).includes(value);
}

/** Report pages that have a filter bar (spec reports §9 "Timeframes by group and report"). */
export const REPORT_IDS = [
  'overview',
  'systems',
  'tv-dashboard',
  'jobs',
  'systemPage',
  'machineConfig',
  'serviceTicket',
] as const;
export type ReportId = (typeof REPORT_IDS)[number];

export function isReportId(value: unknown): value is ReportId {
  return typeof value === 'string' && (REPORT_IDS as readonly string[]).includes(value);
}

/** The report whose custom range has no hour picker: its hours are always 0 to 23 (spec reports §2, §4). */
export const REPORT_WITHOUT_HOURS: ReportId = 'jobs';
