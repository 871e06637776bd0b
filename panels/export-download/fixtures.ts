import type { ExportCallResult, PanelCapabilities } from '../../src/runtime/panel-sdk.ts';
import { JOBS_WEEK } from '../../src/shared/contract/jobs.fixture.ts';
import type { ExportDownloadAnswer } from './model.ts';
import type { ExportDownloadOptions } from './options.ts';

/** The ink export's default row limit (PORTAL_EXPORT_INK_JOBS), as a check tells it. */
export const INK_ROW_LIMIT = 200_000;

/** Options as layouts/jobs.json gives them to the per-job ink download. */
export const INK_EXPORT_OPTIONS: ExportDownloadOptions = {
  checkEndpoint: '/api/job-analysis-report/check-ink-consumption-per-job-file',
  fileEndpoint: '/api/job-analysis-report/ink-consumption-per-job-file',
  label: 'Download report',
  limitTexts: {
    limit: 'Export limited to {limit} Jobs. Please change the date range to reduce the number of jobs.',
    tooMuchData: 'Exceeds {limit} limit.',
    noData: 'No Data for this period.',
  },
};

const card = { previous: 0, stats: null };

/** The total cards of a week (the panel reads only its period). */
export const WEEK_CARDS: ExportDownloadAnswer = {
  systemGroup: 'DTG',
  ...JOBS_WEEK,
  totalPrintingTimeResponse: { ...card, totalPrintingTimeSeconds: 3_600 },
  totalProductionResponse: { ...card, totalProduction: 120, units: 'imp' },
  bottlesLoadedResponse: { ...card, bottlesLoaded: 2 },
};

/** A DTF month before the per-job data start. */
export const DTF_JANUARY_CARDS: ExportDownloadAnswer = {
  ...WEEK_CARDS,
  systemGroup: 'DTF',
  period: { timeframe: 'month', startDay: '2024-01-01', endDay: '2024-01-31', startHour: 0, endHour: 23 },
};

/** The app's download as a fixture: the check answers `check` (undefined: still checking), the file `file`. */
export function fakeExportFile(
  check: ExportCallResult | undefined,
  file: () => Promise<ExportCallResult> = () => Promise.resolve({ httpStatus: 200 }),
): Partial<PanelCapabilities> {
  return { useExportFile: () => ({ check, download: file }) };
}
