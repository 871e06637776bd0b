import { lazy, Suspense } from 'react';
import { useMaxKeepAlive } from '../../api/max-keep-alive.ts';
import type { SystemGroup } from '../../shared/system-group.ts';
import { isAutoRefreshed } from '../../shared/timeframes/timeframe-dates.ts';
import { FilterBar } from '../filters/FilterBar.tsx';
import { MachineFilterPanel } from '../filters/machine-tree/MachineFilterPanel.tsx';
import { useReportFilters } from '../filters/use-report-filters.ts';
import { useSelectedGroup } from '../shell/SelectedGroupProvider.tsx';
import { LoadingScreen } from './LoadingScreen.tsx';
import './pages.css';

// Report panels and ECharts load with the report, not with the shell.
const ReportPage = lazy(() =>
  import('../../runtime/ReportPage.tsx').then((module) => ({ default: module.ReportPage })),
);

function OverviewReport({
  group,
  userGroups,
  selectGroup,
}: {
  group: SystemGroup;
  userGroups: readonly SystemGroup[];
  selectGroup: (group: SystemGroup) => void;
}) {
  const reportFilters = useReportFilters('overview', group);
  // The header's last update (same cached query): a period that ends before its day is stale and not auto-refreshed.
  const lastUpdateDay = useMaxKeepAlive(group).data?.maxKeepAliveValue?.slice(0, 10) ?? null;
  return (
    <>
      <FilterBar filters={reportFilters} group={group} userGroups={userGroups} onGroupChange={selectGroup} />
      {reportFilters.filters === null ? (
        <LoadingScreen text="Loading report..." />
      ) : (
        <Suspense fallback={<LoadingScreen text="Loading report..." />}>
          <ReportPage
            reportId="overview"
            filters={reportFilters.filters}
            aside={reportFilters.machineTree && <MachineFilterPanel tree={reportFilters.machineTree} />}
            nothingSelected={reportFilters.nothingSelected}
            autoRefresh={isAutoRefreshed(reportFilters.filters, lastUpdateDay)}
          />
        </Suspense>
      )}
    </>
  );
}

/** /reports/overview: the filter bar and the overview layout for the selected group and filters (spec reports §2). */
export function OverviewPage() {
  const { selectedGroup, userGroups, selectGroup } = useSelectedGroup();
  if (selectedGroup === null) return <LoadingScreen />;
  return (
    <section className="page page--report">
      <h1 className="page__title">Overview</h1>
      <OverviewReport group={selectedGroup} userGroups={userGroups} selectGroup={selectGroup} />
    </section>
  );
}
