import { lazy, Suspense, useMemo, useState, type JSX } from 'react';
import { useLocation, useSearchParams } from 'react-router';
import {
  periodParams,
  useSaveSystemNickname,
  useSoftwareVersions,
  useSystemNicknames,
  useSystemsAnalysis,
} from '../../../api/system-data.ts';
import { useSaveUserSettings } from '../../../api/user-settings.ts';
import type { ReportFilters } from '../../../shared/report-filters.ts';
import { CUSTOM_QUERY_KEYS } from '../../filters/custom-range-query.ts';
import { useSelectedGroup } from '../../shell/SelectedGroupProvider.tsx';
import { LoadingScreen } from '../LoadingScreen.tsx';
import { ReportFrame } from '../ReportFrame.tsx';
import type { SoftwareVersionsState } from './SoftwareVersionsDialog.tsx';
import type { SystemsState } from './SystemsAnalysisView.tsx';
import { nicknamesOfAnalysis, visibleSystems } from './system-display.ts';
import './SystemsAnalysisPage.css';

// The table, cards and popups (DataTable, virtual scroller) load with the report, not with the shell.
const SystemsAnalysisView = lazy(() =>
  import('./SystemsAnalysisView.tsx').then((module) => ({ default: module.SystemsAnalysisView })),
);

/** The applied custom range of the URL as the API's `custom` parameter ('from/to'), if there is one. */
function useCustomRange(): string | undefined {
  const [query] = useSearchParams();
  const from = query.get(CUSTOM_QUERY_KEYS.from);
  const to = query.get(CUSTOM_QUERY_KEYS.to);
  return from !== null && to !== null ? `${from}/${to}` : undefined;
}

function querySoftwareState(result: ReturnType<typeof useSoftwareVersions>): SoftwareVersionsState {
  if (result.data !== undefined) return { status: 'success', versions: result.data };
  return result.isError ? { status: 'error' } : { status: 'loading' };
}

/** The systems of the period with their nicknames, the nickname change and the software popup's call. */
function SystemsAnalysisData({ filters }: { filters: ReportFilters }): JSX.Element {
  const period = periodParams(filters, useCustomRange());
  const analysis = useSystemsAnalysis(period);
  const nicknames = useSystemNicknames(filters.systemGroup);
  const saveNickname = useSaveSystemNickname(filters.systemGroup);
  const [softwareSerial, setSoftwareSerial] = useState<string | null>(null);
  const software = useSoftwareVersions(period, softwareSerial ?? '', softwareSerial !== null);
  const { search } = useLocation();
  const preferredView = useSelectedGroup().settings?.systemsAnalysisView;
  const saveSettings = useSaveUserSettings();
  const analysisSystems = analysis.data?.systems;
  const shownNicknames = nicknames.isError && analysisSystems ? nicknamesOfAnalysis(analysisSystems) : nicknames.data;
  const state = useMemo<SystemsState>(() => {
    if (analysisSystems !== undefined) {
      return { status: 'success', systems: visibleSystems(analysisSystems, filters.systems, shownNicknames) };
    }
    return analysis.isError ? { status: 'error' } : { status: 'loading' };
  }, [analysisSystems, analysis.isError, filters.systems, shownNicknames]);
  return (
    <SystemsAnalysisView
      state={state}
      group={filters.systemGroup}
      initialView={preferredView}
      onViewChange={(view) => saveSettings.mutate({ systemsAnalysisView: view })}
      nicknamesFailed={nicknames.isError}
      onSaveNickname={(serialNumber, nickName) => saveNickname.mutateAsync({ serialNumber, nickName })}
      software={softwareSerial === null ? null : { serialNumber: softwareSerial, state: querySoftwareState(software) }}
      onShowSoftware={setSoftwareSerial}
      onCloseSoftware={() => setSoftwareSerial(null)}
      search={search}
    />
  );
}

/** /reports/systems: the filter bar and the systems of the selected group as cards or a table (spec reports §2). */
export function SystemsAnalysisPage(): JSX.Element {
  return (
    <ReportFrame title="Systems Analysis" report="systems">
      {({ filters, machineFilter }) => (
        <div className="systems-analysis-page__body">
          <Suspense fallback={<LoadingScreen text="Loading report..." />}>
            <SystemsAnalysisData filters={filters} />
          </Suspense>
          {machineFilter}
        </div>
      )}
    </ReportFrame>
  );
}
