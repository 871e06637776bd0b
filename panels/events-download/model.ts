import type { AnswerOf } from '../../src/shared/api-types.ts';
import type { ExportCallResult } from '../../src/runtime/panel-sdk.ts';

/**
 * The answers the kind is bound to: the system's messages, whose period is the one the file covers (the button loads
 * and fails with the messages tables; the file call itself goes through the app's `useSystemEventsFile`).
 */
export const EVENTS_DOWNLOAD_ANSWERS = ['SystemMessages'] as const;

export type EventsDownloadAnswer = AnswerOf<(typeof EVENTS_DOWNLOAD_ANSWERS)[number]>;

/** What the panel draws: how many events the period has (from the messages tables). */
export interface EventsDownloadData {
  events: number;
}

/** The events of the period: the messages' counts (the download's rows). */
export function selectEventsDownload(answer: EventsDownloadAnswer): EventsDownloadData {
  const count = (rows: readonly { count: number }[]) => rows.reduce((sum, row) => sum + row.count, 0);
  return {
    events: count(answer.errorTableData.messageTableData) + count(answer.maintenanceTableData.messageTableData),
  };
}

/** The button's states: idle, asking for the file, and the outcomes of spec reports §4. */
export type EventsDownloadState = 'idle' | 'loading' | 'downloaded' | 'noData' | 'tooBig' | 'error';

/** The status line of each state (spec reports §4, §5, §8), as the panels' text keys (`panels.download.*`). */
export const EVENTS_DOWNLOAD_MESSAGES = {
  idle: null,
  loading: 'loading',
  downloaded: 'downloaded',
  noData: 'noData',
  tooBig: 'tooMuchData',
  error: 'error',
} as const satisfies Record<EventsDownloadState, string | null>;

/**
 * The state a file call's outcome leads to (spec reports §4 errors-and-events download): 200 downloaded, 204 not
 * downloaded (no content), 205 not downloaded (file too big); a failure, or any other status, is an error.
 */
export function eventsDownloadStateOf(result: ExportCallResult): EventsDownloadState {
  if ('failed' in result) return 'error';
  if (result.httpStatus === 200) return 'downloaded';
  if (result.httpStatus === 204) return 'noData';
  if (result.httpStatus === 205) return 'tooBig';
  return 'error';
}
