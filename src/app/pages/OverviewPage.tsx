import { lazy, Suspense, useMemo } from 'react';
import dayjs from 'dayjs';
import { useSearchParams } from 'react-router';
import type { ReportFilters } from '../../shared/report-filters.ts';
import { useSelectedGroup } from '../shell/SelectedGroupProvider.tsx';
import { LoadingScreen } from './LoadingScreen.tsx';
import './pages.css';

// Report panels and ECharts load with the report, not with the shell.
const ReportPage = lazy(() =>
  import('../../runtime/ReportPage.tsx').then((module) => ({ default: module.ReportPage })),
);

const DAY_PATTERN = /^\d{4}-\d{2}-\d{2}$/;

/** The day of the URL query's `day` (spec reports §2: filter state is mirrored in the URL), else today. */
export function selectedDay(query: URLSearchParams, today = dayjs()): string {
  const requested = query.get('day');
  if (requested !== null && DAY_PATTERN.test(requested) && dayjs(requested).format('YYYY-MM-DD') === requested) {
    return requested;
  }
  return today.format('YYYY-MM-DD');
}

/** /reports/overview: the overview layout for the selected group and day (the filter bar comes with the report runtime). */
export function OverviewPage() {
  const { selectedGroup } = useSelectedGroup();
  const [query] = useSearchParams();
  const day = selectedDay(query);
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
