import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type {
  SoftwareVersionsResponse,
  SystemNameResponse,
  SystemNameUpdate,
  SystemsNameResponse,
} from '../shared/api-types.ts';
import type { ReportFilters } from '../shared/report-filters.ts';
import type { SystemGroup } from '../shared/system-group.ts';
import { buildQuery, type QueryObject } from './build-query.ts';
import { getApiClient } from './http-client.ts';

export const SYSTEMS_ANALYSIS_PATH = '/api/system-data/systems-analysis';
export const SYSTEMS_NAME_PATH = '/api/system-data/systems-name';
export const SYSTEM_NAME_PATH = '/api/system-data/system-name';
export const SOFTWARE_VERSIONS_PATH = '/api/system-page-report/software-versions';

/** The period of a report call (spec reports §7): exactly one of `day`, `week` (its Monday) or `custom` ('from/to'). */
export type PeriodParams = { systemGroup: SystemGroup; day?: string; week?: string; custom?: string };

/**
 * The period parameters of the filters. `customRange` is the applied range as 'yyyy-MM-ddTHH:00/yyyy-MM-ddTHH:00'
 * (the URL's from and to); until one is applied a custom timeframe asks for the selected day.
 */
export function periodParams(
  filters: Pick<ReportFilters, 'systemGroup' | 'timeframe' | 'day'>,
  customRange?: string,
): PeriodParams {
  const { systemGroup, timeframe, day } = filters;
  if (timeframe === 'week') return { systemGroup, week: day };
  if (timeframe === 'custom' && customRange !== undefined) return { systemGroup, custom: customRange };
  return { systemGroup, day };
}

function getJson<T>(path: string, params: QueryObject, signal?: AbortSignal): Promise<T> {
  return getApiClient()
    .options({ signal })
    .get(path + buildQuery(params))
    .json<T>();
}

export function systemNicknamesQueryOptions(systemGroup: SystemGroup) {
  return queryOptions({
    queryKey: ['system-data', 'systems-name', systemGroup] as const,
    queryFn: ({ signal }) => getJson<SystemsNameResponse>(SYSTEMS_NAME_PATH, { systemGroup }, signal),
    // Dropped as soon as no page shows it (spec reports §2: the nickname display resets when the active report changes),
    // so coming back to Systems Analysis, or to a group, shows 'not setted' until the list has loaded again.
    gcTime: 0,
  });
}

/** The nickname of every system of the group in scope; forgotten when the report or the group is left. */
export function useSystemNicknames(systemGroup: SystemGroup) {
  return useQuery(systemNicknamesQueryOptions(systemGroup));
}

export function saveSystemNickname(update: SystemNameUpdate): Promise<SystemNameResponse> {
  return getApiClient().post(update, SYSTEM_NAME_PATH).json<SystemNameResponse>();
}

/**
 * Changes one system's nickname and updates that system in the cached nickname list (spec reports §4). The caller
 * fetches the analysis answer (a layout query, which carries nicknames too) again.
 */
export function useSaveSystemNickname(systemGroup: SystemGroup) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: saveSystemNickname,
    onSuccess: (answer, update) => {
      queryClient.setQueryData(systemNicknamesQueryOptions(systemGroup).queryKey, (cached) =>
        cached === undefined
          ? cached
          : {
              nicknameResponse: cached.nicknameResponse.map((entry) =>
                entry.serialNumber === update.serialNumber ? { ...entry, nickName: answer.nickName } : entry,
              ),
            },
      );
    },
  });
}

export function softwareVersionsQueryOptions(period: PeriodParams, system: string) {
  return queryOptions({
    queryKey: ['system-page-report', 'software-versions', period, system] as const,
    queryFn: ({ signal }) => getJson<SoftwareVersionsResponse>(SOFTWARE_VERSIONS_PATH, { ...period, system }, signal),
  });
}

/** The software versions of one system as of the period's end; fetched only while `enabled` (the popup is open). */
export function useSoftwareVersions(period: PeriodParams, system: string, enabled: boolean) {
  return useQuery({ ...softwareVersionsQueryOptions(period, system), enabled });
}
