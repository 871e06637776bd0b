import { definePanel } from '../../src/runtime/panel-definition.ts';
import { EVENTS_DOWNLOAD_ANSWERS, selectEventsDownload } from './model.ts';
import { EventsDownloadOptionsSchema } from './options.ts';

/** The events-download kind: everything the runtime and the layout validator know about it. */
export const panel = definePanel({
  kind: 'events-download',
  title: 'Events download',
  description: "The system page's errors-and-events spreadsheet of the period (200 saved, 204 no data, 205 too big).",
  optionsSchema: EventsDownloadOptionsSchema,
  answers: EVENTS_DOWNLOAD_ANSWERS,
  minSize: { w: 3, h: 2 },
  drawsOwnTitle: false,
  placeholder: 'card',
  selectData: selectEventsDownload,
  load: () => import('./EventsDownloadPanel.tsx').then((module) => module.EventsDownloadPanel),
});
