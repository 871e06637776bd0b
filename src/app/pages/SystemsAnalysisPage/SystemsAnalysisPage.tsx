import { type JSX } from 'react';
import { useTranslation } from 'react-i18next';
import { PanelCapabilitiesProvider } from '../../../runtime/panel-capabilities.tsx';
import { ReportFrame, type ReportBody } from '../ReportFrame.tsx';
import { useSystemsCapabilities } from './use-systems-capabilities.ts';
import { LazyReportPage } from '../LazyReportPage.tsx';

function SystemsReport({ filters, machineFilter }: ReportBody): JSX.Element {
  return (
    <PanelCapabilitiesProvider capabilities={useSystemsCapabilities(filters)}>
      <LazyReportPage reportId="systems" filters={filters} aside={machineFilter} />
    </PanelCapabilitiesProvider>
  );
}

/** /reports/systems: the filter bar and layouts/systems.json, the systems of the selected group as cards or a table (spec reports §2). */
export function SystemsAnalysisPage(): JSX.Element {
  const { t } = useTranslation();
  return (
    <ReportFrame title={t('nav.systemsAnalysis')} report="systems">
      {(body) => <SystemsReport {...body} />}
    </ReportFrame>
  );
}
