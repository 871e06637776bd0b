import { queryOptions, useQuery } from '@tanstack/react-query';
import type { HealthResponse } from '../shared/contract/health.contract.ts';
import { isHistoryLoading } from '../shared/fleet-history.ts';
import { getApiClient } from './http-client.ts';

export const HEALTH_PATH = '/api/health';

/** How often the shell re-reads the history progress while the demo fleet's history is still filling. */
export const HISTORY_POLL_MS = 15_000;

/** GET /api/health: the database answers; `history` while the demo fleet's history fills (absent without demo data). */
export type { HealthResponse };

export function fetchHealth(signal?: AbortSignal): Promise<HealthResponse> {
  return getApiClient().options({ signal }).get(HEALTH_PATH).json<HealthResponse>();
}

/** Polls while history is loading and stops once it is complete (or absent). */
export function historyRefetchInterval(data: HealthResponse | undefined): number | false {
  return isHistoryLoading(data?.history) ? HISTORY_POLL_MS : false;
}

export function healthQueryOptions() {
  return queryOptions({
    queryKey: ['health'] as const,
    queryFn: ({ signal }) => fetchHealth(signal),
    refetchInterval: (query) => historyRefetchInterval(query.state.data),
  });
}

/** The portal's health, including the demo history progress. */
export function useHealth() {
  return useQuery(healthQueryOptions());
}
