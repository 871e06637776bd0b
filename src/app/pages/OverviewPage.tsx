import { useMemo, type JSX } from 'react';
import { useLocation } from 'react-router';
import { useTranslation } from 'react-i18next';
import { useMaxKeepAlive } from '../../api/max-keep-alive.ts';
import { PanelCapabilitiesProvider, type PanelCapabilities } from '../../runtime/panel-capabilities.tsx';
import { isAutoRefreshed } from '../../shared/timeframes/timeframe-dates.ts';
import { systemRoute } from '../navigation/system-route.ts';
import { ReportFrame, type ReportBody } from './ReportFrame.tsx';
import { LazyReportPage } from './LazyReportPage.tsx';

/**
 * What the Overview offers its panels: links to a printer's own pages with the Overview's query string (group, period,
 * selection), so the page opens on the same date and the browser's Back returns to this Overview.
 */
function useOverviewCapabilities(): Pick<PanelCapabilities, 'useSystemPageLink'> {
  const { search } = useLocation();
  return useMemo(
    () => ({ useSystemPageLink: () => (subReport, serialNumber) => systemRoute(subReport, serialNumber, search) }),
    [search],
  );
}

function OverviewReport({ filters, machineFilter, nothingSelected }: ReportBody): JSX.Element {
  // The header's last update (same cached query): a period that ends before its day is stale and not auto-refreshed.
  const lastUpdateDay = useMaxKeepAlive(filters.systemGroup).data?.maxKeepAliveValue?.slice(0, 10) ?? null;
  return (
    <PanelCapabilitiesProvider capabilities={useOverviewCapabilities()}>
      <LazyReportPage
        reportId="overview"
        filters={filters}
        aside={machineFilter}
        nothingSelected={nothingSelected}
        autoRefresh={isAutoRefreshed(filters, lastUpdateDay)}
      />
    </PanelCapabilitiesProvider>
  );
}

/** /reports/overview: the filter bar and the overview layout for the selected group and filters (spec reports §2). */
export function OverviewPage(): JSX.Element {
  const { t } = useTranslation();
  return (
    <ReportFrame title={t('nav.overview')} report="overview">
      {(body) => <OverviewReport {...body} />}
    </ReportFrame>
  );
}
