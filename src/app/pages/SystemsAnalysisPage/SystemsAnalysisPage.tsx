import { lazy, Suspense, useMemo, useState, type JSX } from 'react';
import { useLocation, useSearchParams } from 'react-router';
import {
  periodParams,
  useSaveSystemNickname,
  useSoftwareVersions,
  useSystemNicknames,
  useSystemsAnalysis,
} from '../../../api/system-data.ts';
import type { ReportFilters } from '../../../shared/report-filters.ts';
import type { SystemGroup } from '../../../shared/system-group.ts';
import { CUSTOM_QUERY_KEYS } from '../../filters/custom-range-query.ts';
import { FilterBar } from '../../filters/FilterBar.tsx';
import { MachineFilterPanel } from '../../filters/machine-tree/MachineFilterPanel.tsx';
import { useReportFilters } from '../../filters/use-report-filters.ts';
import { useSelectedGroup } from '../../shell/SelectedGroupProvider.tsx';
import { LoadingScreen } from '../LoadingScreen.tsx';
import type { SoftwareVersionsState } from './SoftwareVersionsDialog.tsx';
import type { SystemsState } from './SystemsAnalysisView.tsx';
import { nicknamesOfAnalysis, visibleSystems } from './system-display.ts';
import '../pages.css';
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
      nicknamesFailed={nicknames.isError}
      onSaveNickname={(serialNumber, nickName) => saveNickname.mutateAsync({ serialNumber, nickName })}
      software={softwareSerial === null ? null : { serialNumber: softwareSerial, state: querySoftwareState(software) }}
      onShowSoftware={setSoftwareSerial}
      onCloseSoftware={() => setSoftwareSerial(null)}
      search={search}
    />
  );
}

function SystemsAnalysisReport({
  group,
  userGroups,
  selectGroup,
}: {
  group: SystemGroup;
  userGroups: readonly SystemGroup[];
  selectGroup: (group: SystemGroup) => void;
}): JSX.Element {
  const reportFilters = useReportFilters('systems', group);
  return (
    <>
      <FilterBar filters={reportFilters} group={group} userGroups={userGroups} onGroupChange={selectGroup} />
      {reportFilters.filters === null ? (
        <LoadingScreen text="Loading report..." />
      ) : (
        <div className="systems-analysis-page__body">
          <Suspense fallback={<LoadingScreen text="Loading report..." />}>
            <SystemsAnalysisData filters={reportFilters.filters} />
          </Suspense>
          {reportFilters.machineTree && <MachineFilterPanel tree={reportFilters.machineTree} />}
        </div>
      )}
    </>
  );
}

/** /reports/systems: the filter bar and the systems of the selected group as cards or a table (spec reports §2). */
export function SystemsAnalysisPage(): JSX.Element {
  const { selectedGroup, userGroups, selectGroup } = useSelectedGroup();
  if (selectedGroup === null) return <LoadingScreen />;
  return (
    <section className="page page--report">
      <h1 className="page__title">Systems Analysis</h1>
      <SystemsAnalysisReport group={selectedGroup} userGroups={userGroups} selectGroup={selectGroup} />
    </section>
  );
}
