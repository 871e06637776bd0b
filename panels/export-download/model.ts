import type { AcceptedAnswer } from '../../src/runtime/panel-definition.ts';
import type { ExportCallResult } from '../../src/runtime/panel-sdk.ts';
import type { ReportPeriod } from '../../src/shared/api-types.ts';
import { DTF_JOB_DATA_START } from '../../src/shared/timeframes/custom-range-rules.ts';
import type { SystemGroup } from '../../src/shared/system-group.ts';
import type { ExportDownloadOptions } from './options.ts';

/**
 * The answers the kind is bound to: the Jobs total cards, whose period is the one the file covers (the button loads,
 * fails and shows 'Nothing Was Selected' with the report's cards; the file's own calls go through the app).
 */
export const EXPORT_DOWNLOAD_ANSWERS = ['JobTotalDataCards'] as const;

export type ExportDownloadAnswer = AcceptedAnswer<(typeof EXPORT_DOWNLOAD_ANSWERS)[number]>;

/** What the panel draws: the period the file covers. */
export interface ExportDownloadData {
  period: ReportPeriod;
}

export function selectExportDownload(answer: ExportDownloadAnswer): ExportDownloadData {
  return { period: answer.period };
}

/**
 * The button's states (spec reports §4 ink-download check states), and downloaded once a file was saved. Each has its
 * status text of spec reports §5 and §8: `panels.download.<state>`.
 */
export type DownloadState = 'checking' | 'valid' | 'tooMuchData' | 'noData' | 'error' | 'loading' | 'downloaded';

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

/** Where a limit text names the download's row limit. */
const ROW_LIMIT_PLACEHOLDER = '{limit}';

const LIMIT_UNITS = [
  { suffix: 'B', rows: 1e9 },
  { suffix: 'M', rows: 1e6 },
  { suffix: 'k', rows: 1e3 },
] as const;

/**
 * A row limit as the limit texts show it (spec reports §5: 200k, 1.048M): in thousands (k), millions (M) or billions
 * (B) with at most three decimals, cut rather than rounded, so the text never promises more rows than the limit
 * (1,048,575 → 1.048M, 5,000 → 5k, 1,200,000 → 1.2M); below 1,000 as it is.
 */
export function formatRowLimit(rows: number): string {
  const unit = LIMIT_UNITS.find((candidate) => rows >= candidate.rows);
  if (unit === undefined) return String(rows);
  const thousandths = Math.floor(rows / (unit.rows / 1000));
  const decimals = String(thousandths % 1000)
    .padStart(3, '0')
    .replace(/0+$/, '');
  return `${Math.floor(thousandths / 1000)}${decimals === '' ? '' : `.${decimals}`}${unit.suffix}`;
}

/**
 * The limit line under the button (spec reports §5): the text for too much data or no data, otherwise the limit, with
 * the row limit in place of `{limit}`; null while the text names a row limit not known yet (no check has told it).
 */
export function limitText(
  state: DownloadState,
  options: ExportDownloadOptions,
  rowLimit: number | undefined,
): string | null {
  const { limit, tooMuchData, noData } = options.limitTexts;
  const text = state === 'tooMuchData' ? tooMuchData : state === 'noData' ? noData : limit;
  if (!text.includes(ROW_LIMIT_PLACEHOLDER)) return text;
  return rowLimit === undefined ? null : text.replaceAll(ROW_LIMIT_PLACEHOLDER, formatRowLimit(rowLimit));
}

/** The row limit a call's answer tells, if it does. */
export function rowLimitOf(result: ExportCallResult | undefined): number | undefined {
  return result !== undefined && 'httpStatus' in result ? result.rowLimit : undefined;
}

/** DTF per-job data starts on 2024-01-31 (spec reports §5): whether the period begins earlier (a note says so). */
export function beforeDtfJobData(group: SystemGroup, period: ReportPeriod): boolean {
  return group === 'DTF' && period.startDay < DTF_JOB_DATA_START;
}
