import { useMemo, type JSX } from 'react';
import { useTranslation } from 'react-i18next';
import { PanelCapabilitiesProvider, type PanelCapabilities } from '../../../runtime/panel-capabilities.tsx';
import { ReportFrame, type ReportBody } from '../ReportFrame.tsx';
import { useExportFile } from './export-file.ts';
import { useJobSelection } from './use-job-selection.ts';
import { LazyReportPage } from '../LazyReportPage.tsx';

function JobsReport({ filters, machineFilter, nothingSelected }: ReportBody): JSX.Element {
  const selection = useJobSelection(filters);
  const capabilities = useMemo<Pick<PanelCapabilities, 'useJobSelection' | 'useExportFile'>>(
    () => ({
      useJobSelection: () => selection.handle,
      useExportFile: (endpoints) => useExportFile(endpoints, filters),
    }),
    [selection.handle, filters],
  );
  return (
    <PanelCapabilitiesProvider capabilities={capabilities}>
      <LazyReportPage
        reportId="jobs"
        filters={selection.filters}
        aside={machineFilter}
        nothingSelected={nothingSelected}
      />
    </PanelCapabilitiesProvider>
  );
}

/**
 * /reports/jobs: the filter bar (Jobs timeframes of spec reports §9) and layouts/jobs.json, whose Job summary selection
 * feeds the filtered calls and whose download button checks, then saves, the per-job ink file.
 */
export function JobsAnalysisPage(): JSX.Element {
  const { t } = useTranslation();
  return (
    <ReportFrame title={t('nav.jobsAnalysis')} report="jobs">
      {(body) => <JobsReport {...body} />}
    </ReportFrame>
  );
}
