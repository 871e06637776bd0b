import type { ReportFilters } from '../shared/report-filters.ts';

/** The filters the runtime's tests and stories render with: DTG, the day 2026-11-20, every system. */
export const DAY_FILTERS: ReportFilters = {
  systemGroup: 'DTG',
  timeframe: 'day',
  day: '2026-11-20',
  period: { name: 'day', value: '2026-11-20' },
  systems: [],
};
