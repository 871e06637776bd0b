import type { QueryClient } from '@tanstack/react-query';
import type { ReportLayout } from '../shared/layout/layout-types.ts';
import type { ReportFilters } from '../shared/report-filters.ts';
import { isPanelShown } from './placement-fill.ts';
import { panelQueryKey, panelQueryOptions } from './use-panel-query.ts';

/**
 * Asks the queries of a report's panels shown for `filters` ahead of time (issue #30: a filter bar control asks for
 * its filters on hover or focus, so the click often finds the answers fresh in the cache). Queries that do not depend
 * on what changes are already cached for the shown filters; react-query asks nothing for an answer that is fresh.
 * A failure nobody sees raises no toast: only when a panel shows the query by then (the user changed the filters while
 * it was asked, and the panel waits for this answer). Otherwise the panel that later shows the query asks again, and
 * that failure is reported.
 */
export function prefetchReport(queryClient: QueryClient, layout: ReportLayout, filters: ReportFilters): void {
  const queryIds = new Set(
    Object.values(layout.panels)
      .filter((panel) => isPanelShown(panel, filters))
      .map((panel) => panel.query),
  );
  for (const id of queryIds) {
    const query = layout.queries[id];
    if (query === undefined) continue;
    const queryKey = panelQueryKey(query, filters);
    const shown = () => (queryClient.getQueryCache().find({ queryKey, exact: true })?.getObserversCount() ?? 0) > 0;
    void queryClient.prefetchQuery(panelQueryOptions(query, filters, { reported: shown }));
  }
}
