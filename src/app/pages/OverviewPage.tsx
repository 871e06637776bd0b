import { lazy, Suspense, useMemo } from 'react';
import dayjs from 'dayjs';
import type { ReportFilters } from '../../shared/report-filters.ts';
import { useSelectedGroup } from '../shell/SelectedGroupProvider.tsx';
import { LoadingScreen } from './LoadingScreen.tsx';
import './pages.css';

// Report panels and ECharts load with the report, not with the shell.
const ReportPage = lazy(() =>
  import('../../runtime/ReportPage.tsx').then((module) => ({ default: module.ReportPage })),
);

/** /reports/overview: the overview layout for the selected group and today. */
export function OverviewPage() {
  const { selectedGroup } = useSelectedGroup();
  const day = dayjs().format('YYYY-MM-DD');
  const filters = useMemo<ReportFilters | null>(
    () => (selectedGroup === null ? null : { systemGroup: selectedGroup, timeframe: 'day', day, systems: [] }),
    [selectedGroup, day],
  );
  if (filters === null) return <LoadingScreen />;
  return (
    <section className="page page--report">
      <h1 className="page__title">Overview</h1>
      <Suspense fallback={<LoadingScreen text="Loading report..." />}>
        <ReportPage reportId="overview" filters={filters} />
      </Suspense>
    </section>
  );
}
