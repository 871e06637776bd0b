import { queryOptions, usePrefetchQuery } from '@tanstack/react-query';
import type { ReportLayoutAnswer } from '../shared/api-types.ts';
import { getApiClient } from './http-client.ts';

export const REPORT_LAYOUTS_PATH = '/api/report-layouts';

export function fetchReportLayout(layoutId: string, signal?: AbortSignal): Promise<ReportLayoutAnswer> {
  return getApiClient()
    .options({ signal })
    .get(`${REPORT_LAYOUTS_PATH}/${encodeURIComponent(layoutId)}`)
    .json<ReportLayoutAnswer>();
}

/**
 * A report's layout (layouts/<id>.json as the portal serves it), read once per page load: an edit of the file shows on
 * the next reload. The browser's cache asks again with the answer's ETag, so an unchanged layout costs a 304.
 */
export function reportLayoutQueryOptions(layoutId: string) {
  return queryOptions({
    queryKey: ['report-layouts', layoutId] as const,
    queryFn: ({ signal }) => fetchReportLayout(layoutId, signal),
    staleTime: Number.POSITIVE_INFINITY,
  });
}

/** Starts fetching a report's layout while it renders: as a route opens, beside its page's code rather than after it. */
export function usePrefetchReportLayout(layoutId: string): void {
  usePrefetchQuery(reportLayoutQueryOptions(layoutId));
}
