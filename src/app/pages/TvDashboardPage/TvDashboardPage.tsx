import { type JSX } from 'react';
import { useTranslation } from 'react-i18next';
import { useKiosk } from '../../navigation/kiosk.ts';
import { useSelectedGroup } from '../../shell/SelectedGroupProvider.tsx';
import { ReportFrame, type ReportBody } from '../ReportFrame.tsx';
import { useLiveUpdates } from './use-live-updates.ts';
import { usePlaylist } from './use-playlist.ts';
import './TvDashboardPage.css';
import { LazyReportPage } from '../LazyReportPage.tsx';

function TvReport({ filters, machineFilter, nothingSelected }: ReportBody): JSX.Element {
  const { t } = useTranslation();
  const kiosk = useKiosk();
  const serial = filters.systems.length === 1 ? (filters.systems[0] ?? null) : null;
  usePlaylist(serial, filters.systemGroup);
  const status = useLiveUpdates(filters.systemGroup, serial, kiosk);
  return (
    <div className={kiosk ? 'tv-dashboard tv-dashboard--kiosk' : 'tv-dashboard'}>
      <p className={`tv-dashboard__live tv-dashboard__live--${status}`} role="status" aria-live="polite">
        <span className="tv-dashboard__live-dot" aria-hidden="true" />
        {serial === null ? '' : `${serial} · ${t(`report.liveStatus.${status}`)}`}
      </p>
      <LazyReportPage
        reportId="tv-dashboard"
        filters={filters}
        aside={machineFilter}
        nothingSelected={nothingSelected}
        staleDataLine={kiosk ? 'tv' : 'bar'}
      />
    </div>
  );
}

/**
 * /reports/tv-dashboard, the Live Dashboard (spec reports §2, §3): one printer's current shift, its impressions against
 * the target and the XMR chart (layouts/tv-dashboard.json), kept live by the server's push; `?kiosk` for a TV,
 * `?playlist=…&every=…` to cycle printers (serial numbers, or `site:<id>` for a site's printers).
 */
export function TvDashboardPage(): JSX.Element {
  const { t } = useTranslation();
  const { selectedGroup } = useSelectedGroup();
  return (
    <ReportFrame title={t('nav.liveDashboard')} report="tv-dashboard" key={selectedGroup ?? 'none'}>
      {(body) => <TvReport {...body} />}
    </ReportFrame>
  );
}
