import type { AcceptedAnswer } from '../../src/runtime/panel-definition.ts';
import type { ExportCallResult } from '../../src/runtime/panel-sdk.ts';
import type { ReportPeriod } from '../../src/shared/api-types.ts';
import { CUSTOM_RANGE_MESSAGES, DTF_JOB_DATA_START } from '../../src/shared/timeframes/custom-range-rules.ts';
import type { SystemGroup } from '../../src/shared/system-group.ts';

/**
 * The answers the kind is bound to: the Jobs total cards, whose period is the one the file covers (the button loads,
 * fails and shows 'Nothing Was Selected' with the report's cards; the file's own calls go through the app).
 */
export const EXPORT_DOWNLOAD_ANSWERS = ['JobTotalDataCards'] as const;

export type ExportDownloadAnswer = AcceptedAnswer<(typeof EXPORT_DOWNLOAD_ANSWERS)[number]>;

/** Options of an export-download panel; options.schema.json beside this file is their contract. */
export interface ExportDownloadOptions {
  /** The check call, answering 200 ready, 204 no data, 205 too much data (spec reports §7). */
  checkEndpoint: string;
  /** The file call (an XLSX named by the server). */
  fileEndpoint: string;
  /** The button's text; default 'Download report'. */
  label?: string;
  /** The export's limit texts (spec reports §5): the limit, the text for too much data, and for no data. */
  limitTexts: { limit: string; tooMuchData: string; noData: string };
}

/** What the panel draws: the period the file covers. */
export interface ExportDownloadData {
  period: ReportPeriod;
}

export function selectExportDownload(answer: ExportDownloadAnswer): ExportDownloadData {
  return { period: answer.period };
}

/** The button's states (spec reports §4 ink-download check states), and downloaded once a file was saved. */
export type DownloadState = 'checking' | 'valid' | 'tooMuchData' | 'noData' | 'error' | 'loading' | 'downloaded';

/** The texts of spec reports §5 and §8. */
export const DOWNLOAD_MESSAGES = {
  checking: 'Checking data to download...',
  valid: 'Ready to download',
  noData: 'No data to download For This Period',
  tooMuchData: 'Too much data to download, please select shorter period',
  error: 'something went wrong, try again later',
  loading: 'Loading...',
  downloaded: 'Report has been downloaded',
} as const satisfies Record<DownloadState, string>;

/** Spec reports §8 export texts. */
export const DEFAULT_LABEL = 'Download report';

/**
 * The state a call's outcome leads to (spec reports §4): 200 valid (or downloaded, for the file call), 204 no data,
 * 205 too much data, a failure error, any other status stays loading. Undefined: the check is still running.
 */
export function downloadStateOf(result: ExportCallResult | undefined, call: 'check' | 'file'): DownloadState {
  if (result === undefined) return 'checking';
  if ('failed' in result) return 'error';
  switch (result.httpStatus) {
    case 200:
      return call === 'check' ? 'valid' : 'downloaded';
    case 204:
      return 'noData';
    case 205:
      return 'tooMuchData';
    default:
      return 'loading';
  }
}

/** Only a valid check allows a download; a downloaded file may be downloaded again (spec reports §5). */
export function canDownload(state: DownloadState): boolean {
  return state === 'valid' || state === 'downloaded';
}

/** The limit text shown under the button for too much data or no data (spec reports §5), else null. */
export function limitText(state: DownloadState, options: ExportDownloadOptions): string | null {
  if (state === 'tooMuchData') return options.limitTexts.tooMuchData;
  if (state === 'noData') return options.limitTexts.noData;
  return null;
}

/** DTF per-job data starts on 2024-01-31 (spec reports §5): its tooltip when the period begins earlier, else null. */
export function dtfCutoffNote(group: SystemGroup, period: ReportPeriod): string | null {
  return group === 'DTF' && period.startDay < DTF_JOB_DATA_START ? CUSTOM_RANGE_MESSAGES.dtfJobData : null;
}
