import { lazy, type JSX } from 'react';
import { useMaxKeepAlive } from '../../api/max-keep-alive.ts';
import { isAutoRefreshed } from '../../shared/timeframes/timeframe-dates.ts';
import { ReportFrame, type ReportBody } from './ReportFrame.tsx';

// Report panels and ECharts load with the report, not with the shell.
const ReportPage = lazy(() =>
  import('../../runtime/ReportPage.tsx').then((module) => ({ default: module.ReportPage })),
);

function OverviewReport({ filters, machineFilter, nothingSelected }: ReportBody): JSX.Element {
  // The header's last update (same cached query): a period that ends before its day is stale and not auto-refreshed.
  const lastUpdateDay = useMaxKeepAlive(filters.systemGroup).data?.maxKeepAliveValue?.slice(0, 10) ?? null;
  return (
    <ReportPage
      reportId="overview"
      filters={filters}
      aside={machineFilter}
      nothingSelected={nothingSelected}
      autoRefresh={isAutoRefreshed(filters, lastUpdateDay)}
    />
  );
}

/** /reports/overview: the filter bar and the overview layout for the selected group and filters (spec reports §2). */
export function OverviewPage(): JSX.Element {
  return (
    <ReportFrame title="Overview" report="overview">
      {(body) => <OverviewReport {...body} />}
    </ReportFrame>
  );
}
