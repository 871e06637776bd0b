import type { QueryClient } from '@tanstack/react-query';
import type { ReportLayout } from '../shared/layout/layout-types.ts';
import type { ReportFilters } from '../shared/report-filters.ts';
import { shiftDate } from '../shared/timeframes/timeframe-dates.ts';
import { isPanelShown } from './placement-fill.ts';
import { panelQueryOptions } from './use-panel-query.ts';

/** The filters of the period before the shown one (a day, a week, … earlier); null for a custom range, which has no step. */
export function previousPeriodFilters(filters: ReportFilters): ReportFilters | null {
  if (filters.timeframe === 'custom' || filters.period.name === 'custom') return null;
  const day = shiftDate(filters.day, filters.timeframe, -1);
  return { ...filters, day, period: { name: filters.period.name, value: day } };
}

/**
 * Asks the queries of a report's panels shown for `filters` ahead of time (issue #30: the previous-period arrow asks
 * for its period on hover or focus, so the click often finds the answers fresh in the cache). Queries that do not
 * depend on the period are already cached for the shown one; react-query asks nothing for an answer that is fresh.
 */
export function prefetchReport(queryClient: QueryClient, layout: ReportLayout, filters: ReportFilters): void {
  const queryIds = new Set(
    Object.values(layout.panels)
      .filter((panel) => isPanelShown(panel, filters))
      .map((panel) => panel.query),
  );
  for (const id of queryIds) {
    const query = layout.queries[id];
    if (query !== undefined) void queryClient.prefetchQuery(panelQueryOptions(query, filters));
  }
}

/** Prefetches the report's previous period, if the shown one has a previous period. */
export function prefetchPreviousPeriod(queryClient: QueryClient, layout: ReportLayout, filters: ReportFilters): void {
  const previous = previousPeriodFilters(filters);
  if (previous !== null) prefetchReport(queryClient, layout, previous);
}
