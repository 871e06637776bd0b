import { SYSTEM_MESSAGES } from '../../src/shared/contract/system-page.fixture.ts';
import type { ExportCallResult, PanelCapabilities } from '../../src/runtime/panel-sdk.ts';
import type { EventsDownloadAnswer } from './model.ts';
import type { EventsDownloadOptions } from './options.ts';

export const EVENTS_DOWNLOAD_OPTIONS: EventsDownloadOptions = { label: 'Download events' };

/** Eight errors and two maintenance events. */
export const EVENTS_DOWNLOAD_ANSWER: EventsDownloadAnswer = SYSTEM_MESSAGES;

/** The app's file call as a fixture, answering `result`. */
export function fakeEventsFile(result: ExportCallResult = { httpStatus: 200 }): Partial<PanelCapabilities> {
  return { useSystemEventsFile: () => ({ download: () => Promise.resolve(result) }) };
}
