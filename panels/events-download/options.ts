import { Type, type Static } from 'typebox';
import { layoutText, panelOptionsSchema } from '../../src/runtime/panel-sdk-options.ts';

/** The options of an events-download panel (a layout's `panels.<id>.options`). */
export const EventsDownloadOptionsSchema = panelOptionsSchema(
  {
    title: 'Events download options',
    description:
      "The system page's errors-and-events download (GET /api/system-page-report/error-maintenance-file, spec reports §4, §7): 200 saves the XLSX under the server's name ('Report has been downloaded'), 204 'No data to download For This Period', 205 'Too much data to download, please select shorter period'. Bound to the SystemMessages query of the same period.",
  },
  { label: Type.Optional(layoutText("The button's text. Default 'Download report'.")) },
);

export type EventsDownloadOptions = Static<typeof EventsDownloadOptionsSchema>;
