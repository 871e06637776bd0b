import { queryOptions, useQuery } from '@tanstack/react-query';
import type { DateFiltersResponse, GroupFilterData } from '../shared/api-types.ts';
import type { SystemGroup } from '../shared/system-group.ts';
import { getApiClient } from './http-client.ts';

export const DATE_FILTERS_PATH = '/api/reports/date-filters';

export function fetchDateFilters(signal?: AbortSignal): Promise<DateFiltersResponse> {
  return getApiClient().options({ signal }).get(DATE_FILTERS_PATH).json<DateFiltersResponse>();
}

export function dateFiltersQueryOptions() {
  return queryOptions({
    queryKey: ['reports', 'date-filters'] as const,
    queryFn: ({ signal }) => fetchDateFilters(signal),
    staleTime: 5 * 60_000,
  });
}

/** Available dates, active systems and the site/model/system tree of every group of the user. */
export function useDateFilters() {
  return useQuery(dateFiltersQueryOptions());
}

export function groupFilterData(response: DateFiltersResponse | undefined, group: SystemGroup): GroupFilterData | null {
  return response?.groups.find((entry) => entry.systemGroup === group) ?? null;
}
