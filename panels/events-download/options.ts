import { Type, type Static } from 'typebox';

/**
 * The options of an events-download panel (a layout's `panels.<id>.options`): `npm run panels:index` writes this schema into
 * schemas/report-layout.schema.json, where editors complete and describe them and the layout validator checks them.
 */
export const EventsDownloadOptionsSchema = Type.Object(
  { label: Type.Optional(Type.String({ description: "The button's text. Default 'Download report'.", minLength: 1 })) },
  {
    title: 'Events download options',
    description:
      "The system page's errors-and-events download (GET /api/system-page-report/error-maintenance-file, spec reports §4, §7): 200 saves the XLSX under the server's name ('Report has been downloaded'), 204 'No data to download For This Period', 205 'Too much data to download, please select shorter period'. Bound to the SystemMessages query of the same period.",
    additionalProperties: false,
  },
);

export type EventsDownloadOptions = Static<typeof EventsDownloadOptionsSchema>;
