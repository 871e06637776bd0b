import { Type, type Static } from 'typebox';
import { layoutText, panelOptionsSchema } from '../../src/runtime/panel-sdk-options.ts';

/** The options of an export-download panel (a layout's `panels.<id>.options`). */
export const ExportDownloadOptionsSchema = panelOptionsSchema(
  {
    title: 'Export download options',
    description:
      "A download button (spec reports §4, §5, §7): it checks the report's period first (200 'Ready to download', 204 'No data to download For This Period', 205 'Too much data to download, please select shorter period', a failure 'something went wrong, try again later', any other status stays loading), is enabled only when ready, then asks for the file and saves it ('Report has been downloaded').",
  },
  {
    checkEndpoint: Type.String({
      description: 'The check call, e.g. /api/job-analysis-report/check-ink-consumption-per-job-file.',
      pattern: '^/api/',
    }),
    fileEndpoint: Type.String({
      description: 'The file call, e.g. /api/job-analysis-report/ink-consumption-per-job-file.',
      pattern: '^/api/',
    }),
    label: Type.Optional(layoutText("The button's text. Default 'Download report'.")),
    limitTexts: Type.Object(
      {
        limit: layoutText(),
        tooMuchData: layoutText(),
        noData: layoutText(),
      },
      {
        description:
          "The export's limit texts (spec reports §5): the limit shown with the button, and the texts for too much data and no data. '{limit}' in a text stands for the download's row limit as the server's check tells it (PORTAL_EXPORT_*), written as 200k, 1.048M, 5k; a text naming it is shown once a check has told it.",
        additionalProperties: false,
      },
    ),
  },
);

export type ExportDownloadOptions = Static<typeof ExportDownloadOptionsSchema>;
