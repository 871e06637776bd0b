import { useMemo } from 'react';
import { useQueryClient, type UseQueryResult } from '@tanstack/react-query';
import { useLocation, useSearchParams } from 'react-router';
import {
  periodParams,
  SYSTEMS_ANALYSIS_PATH,
  useSaveSystemNickname,
  useSoftwareVersions,
  useSystemNicknames,
} from '../../../api/system-data.ts';
import { useSaveUserSettings } from '../../../api/user-settings.ts';
import type { Loadable, PanelCapabilities } from '../../../runtime/panel-capabilities.tsx';
import { endpointQueryKey } from '../../../runtime/use-panel-query.ts';
import type { ReportFilters } from '../../../shared/report-filters.ts';
import { CUSTOM_QUERY_KEYS } from '../../filters/custom-range-query.ts';
import { systemRoute } from '../../navigation/system-route.ts';
import { useSelectedGroup } from '../../shell/SelectedGroupProvider.tsx';

/** The applied custom range of the URL as the API's `custom` parameter ('from/to'), if there is one. */
function useCustomRange(): string | undefined {
  const [query] = useSearchParams();
  const from = query.get(CUSTOM_QUERY_KEYS.from);
  const to = query.get(CUSTOM_QUERY_KEYS.to);
  return from !== null && to !== null ? `${from}/${to}` : undefined;
}

function loadable<T>(result: UseQueryResult<T>): Loadable<T> {
  return { data: result.data, failed: result.isError };
}

/** The capabilities Systems Analysis offers. */
type SystemsCapabilities = Pick<
  PanelCapabilities,
  | 'useSystemNicknames'
  | 'useSaveSystemNickname'
  | 'useSoftwareVersions'
  | 'useSystemsViewPreference'
  | 'useSystemPageLink'
>;

/**
 * What the systems-list panel asks of the app (src/runtime/panel-capabilities.tsx), scoped to the report's group and
 * period: nicknames, their change, software versions, the view preference and links to a system's pages.
 */
export function useSystemsCapabilities(filters: ReportFilters): SystemsCapabilities {
  const customRange = useCustomRange();
  const { search } = useLocation();
  const preferredView = useSelectedGroup().settings?.systemsAnalysisView;
  const queryClient = useQueryClient();
  const { systemGroup: group, timeframe, day } = filters;
  const period = useMemo(
    () => periodParams({ systemGroup: group, timeframe, day }, customRange),
    [group, timeframe, day, customRange],
  );
  return useMemo<SystemsCapabilities>(
    () => ({
      useSystemNicknames: () => loadable(useSystemNicknames(group)),
      useSaveSystemNickname: () => {
        const save = useSaveSystemNickname(group);
        return async (serialNumber, nickName) => {
          const answer = await save.mutateAsync({ serialNumber, nickName });
          // The analysis answer carries nicknames too (shown when the nickname list fails): fetch it again, silently.
          await queryClient.invalidateQueries({ queryKey: endpointQueryKey('GET', SYSTEMS_ANALYSIS_PATH) });
          return answer;
        };
      },
      useSoftwareVersions: (serialNumber) =>
        loadable(useSoftwareVersions(period, serialNumber ?? '', serialNumber !== null)),
      useSystemsViewPreference: () => {
        const saveSettings = useSaveUserSettings();
        return { view: preferredView, save: (view) => saveSettings.mutate({ systemsAnalysisView: view }) };
      },
      useSystemPageLink: () => (subReport, serialNumber) => systemRoute(subReport, serialNumber, search),
    }),
    [group, period, preferredView, queryClient, search],
  );
}
