import { queryOptions, useQuery, type QueryClient } from '@tanstack/react-query';
import type { MaxKeepAliveResponse } from '../shared/api-types.ts';
import type { SystemGroup } from '../shared/system-group.ts';
import { buildQuery } from './build-query.ts';
import { getApiClient } from './http-client.ts';

export const MAX_KEEP_ALIVE_PATH = '/api/reports/getMaxKeepAlive';

/** How often the header's last-update time is re-read (spec shell §9 "refresh API interval"). */
export const MAX_KEEP_ALIVE_REFRESH_MS = 600_000;

/** How long a read last update counts as current (as a panel's answer does, PANEL_ANSWER_FRESH_MS). */
export const MAX_KEEP_ALIVE_FRESH_MS = 60_000;

export function fetchMaxKeepAlive(group: SystemGroup, signal?: AbortSignal): Promise<MaxKeepAliveResponse> {
  return getApiClient()
    .options({ signal })
    .url(`${MAX_KEEP_ALIVE_PATH}${buildQuery({ systemGroupType: group })}`)
    .post()
    .json<MaxKeepAliveResponse>();
}

export function maxKeepAliveQueryOptions(group: SystemGroup) {
  return queryOptions({
    queryKey: ['reports', 'max-keep-alive', group] as const,
    queryFn: ({ signal }) => fetchMaxKeepAlive(group, signal),
    refetchInterval: MAX_KEEP_ALIVE_REFRESH_MS,
    // Read within the last minute (e.g. asked on a group button's hover): shown without asking again.
    staleTime: MAX_KEEP_ALIVE_FRESH_MS,
  });
}

/** Last telemetry time of the group's printers (header "last update"). */
export function useMaxKeepAlive(group: SystemGroup | null) {
  return useQuery({ ...maxKeepAliveQueryOptions(group ?? 'DTG'), enabled: group !== null });
}

/**
 * Asks a group's last update ahead of a hinted group change (issue #30), unless the cache has a current one: the
 * Overview's refresh rule (isAutoRefreshed) reads it, and its arrival after the change drew the panels again.
 */
export function prefetchMaxKeepAlive(queryClient: QueryClient, group: SystemGroup): void {
  void queryClient.prefetchQuery(maxKeepAliveQueryOptions(group));
}
