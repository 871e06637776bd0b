import type { FilterData } from '../../shared/systems/filter-data.ts';
import { TIMEFRAME_TABLE } from '../../shared/timeframes/timeframe-table.ts';
import type { ReportFiltersInput } from '../../machines/report-filters.machine.ts';

/** Pinned clock of the filter-bar stories and tests: 2024-03-05 (a Tuesday) at noon local time. */
export const FIXTURE_NOW = new Date(2024, 2, 5, 12, 0).getTime();

/** One site, one model, two systems, with data from 2023-11-15 to 2024-03-05. */
export const FIXTURE_FILTER_DATA: FilterData = {
  startDate: '2023-11-15',
  endDate: '2024-03-05',
  sites: [{ id: 's1', name: 'Newark' }],
  models: [{ id: 'm1', name: 'Storm', siteId: 's1' }],
  systems: [
    { id: 'a', name: '100-1', siteId: 's1', modelId: 'm1', isEverReported: true },
    { id: 'b', name: '100-2', siteId: 's1', modelId: 'm1', isEverReported: true },
  ],
};

/** The overview (day, week, custom for DTG) or another report's filters, with the fixture data for every group. */
export function fixtureFiltersInput(overrides: Partial<ReportFiltersInput> = {}): ReportFiltersInput {
  return {
    report: 'overview',
    rules: TIMEFRAME_TABLE.overview,
    group: 'DTG',
    now: FIXTURE_NOW,
    filterData: { DTG: FIXTURE_FILTER_DATA, DTF: FIXTURE_FILTER_DATA, Apollo: FIXTURE_FILTER_DATA },
    ...overrides,
  };
}
