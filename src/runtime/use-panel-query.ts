import { queryOptions, useQuery } from '@tanstack/react-query';
import { useMemo } from 'react';
import { buildQuery } from '../api/build-query.ts';
import { getApiClient, retryOnceOnNetworkFailure, type ApiCallOptions } from '../api/http-client.ts';
import type { AnswerOf, AnswerSchemaName } from '../shared/contract/answer-schemas.ts';
import type { LayoutQuery } from '../shared/layout/layout-types.ts';
import { buildQueryRequest, pickDependencies, type QueryRequest } from '../shared/layout/query-request.ts';
import type { ReportFilters } from '../shared/report-filters.ts';
import { checkAnswer } from './answer-check.ts';
import { loadAnswerFrames } from './answer-frame-reader.ts';

/** Phase of a layout query as a panel shows it: the answer is checked against the schema the query names. */
export type PanelQueryResult =
  | { status: 'loading' }
  | { status: 'error'; error: Error }
  | { status: 'success'; response: AnswerOf<AnswerSchemaName> };

/** The start of the cache keys of every layout query that calls `endpoint`: invalidate it when the app changed the data. */
export function endpointQueryKey(method: LayoutQuery['method'], endpoint: string) {
  return ['layout-query', method, endpoint] as const;
}

/**
 * Cache key of a layout query: its definition plus only the filters it depends on, so a change of any other
 * filter neither re-fetches it nor misses the cache. Panels with the same query share one entry.
 */
export function panelQueryKey(query: LayoutQuery, filters: ReportFilters) {
  return [
    ...endpointQueryKey(query.method, query.endpoint),
    query.answer,
    query.params ?? {},
    query.body ?? {},
    pickDependencies(query, filters),
  ] as const;
}

/**
 * Sends a resolved layout query through the app's API client (auth, cancellation, error toasts unless `calls` says
 * otherwise). Layout queries only read, so one that got no answer (a reset connection) is sent once more before it fails
 * (retryOnceOnNetworkFailure).
 */
export function fetchQueryRequest(
  request: QueryRequest,
  signal?: AbortSignal,
  calls?: ApiCallOptions,
): Promise<unknown> {
  const call = getApiClient(calls)
    .middlewares([retryOnceOnNetworkFailure])
    .options({ signal })
    .url(request.endpoint + buildQuery(request.params));
  return request.method === 'GET' ? call.get().json<unknown>() : call.post(request.body).json<unknown>();
}

/**
 * The answer of a layout query, checked once against its schema (an AnswerMismatchError when it does not match), with
 * its frames readable (fetched beside the answer for the Jobs and system page answers).
 */
async function fetchCheckedAnswer(
  query: LayoutQuery,
  request: QueryRequest,
  signal: AbortSignal,
  calls?: ApiCallOptions,
) {
  const [answer] = await Promise.all([fetchQueryRequest(request, signal, calls), loadAnswerFrames(query.answer)]);
  return checkAnswer(query.answer, answer, `${request.method} ${request.endpoint}`);
}

/**
 * How long a fetched answer counts as current: a period shown again, or prefetched (prefetch-on-hint.ts), within it shows
 * at once, without the loading state; older, it is asked again. Refreshes on the query's interval do not wait for it.
 */
export const PANEL_ANSWER_FRESH_MS = 60_000;

/**
 * The react-query options of a layout query for some filters: its key, its checked fetch, its freshness. `calls`: how
 * the fetch's failure is reported (a prefetch's only when a panel shows the query by then: prefetch-report.ts).
 */
export function panelQueryOptions(query: LayoutQuery, filters: ReportFilters, calls?: ApiCallOptions) {
  const dependencies = pickDependencies(query, filters);
  return queryOptions({
    queryKey: panelQueryKey(query, filters),
    queryFn: ({ signal }) => fetchCheckedAnswer(query, buildQueryRequest(query, dependencies), signal, calls),
    staleTime: PANEL_ANSWER_FRESH_MS,
  });
}

/**
 * Runs a layout query for the current filters and checks its answer (once per fetch, shared by the panels showing it), refreshed every `refreshIntervalMs` unless `autoRefresh` is off (a stale
 * day, spec reports §4). A silent refresh (`silentRefresh`) keeps showing the data it has;
 * other refreshes show the loading placeholder (spec reports §4). A failed refresh keeps the data it had.
 * A filter change is a new key, so the panel shows loading rather than the previous period's numbers, unless that
 * period's answer is fresh in the cache (shown again, or prefetched).
 */
export function usePanelQuery(query: LayoutQuery, filters: ReportFilters, autoRefresh = true): PanelQueryResult {
  const result = useQuery({
    ...panelQueryOptions(query, filters),
    refetchInterval:
      autoRefresh && query.refreshIntervalMs !== undefined && query.refreshIntervalMs > 0
        ? query.refreshIntervalMs
        : false,
  });
  const refreshingVisibly = result.isFetching && query.silentRefresh !== true;
  const status =
    result.data !== undefined && !refreshingVisibly
      ? 'success'
      : result.isError && !result.isFetching
        ? 'error'
        : 'loading';
  const { data, error } = result;
  // One object while the state and answer stay the same, so the panel below is not drawn again for nothing (issue #30).
  return useMemo((): PanelQueryResult => {
    if (status === 'success' && data !== undefined) return { status, response: data };
    if (status === 'error' && error !== null) return { status, error };
    return { status: 'loading' };
  }, [status, data, error]);
}
