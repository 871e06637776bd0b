import { Type, type Static } from 'typebox';
import { panelOptionsSchema } from '../../src/runtime/panel-sdk-options.ts';

/** The options of a job-summary panel (a layout's `panels.<id>.options`). */
export const JobSummaryOptionsSchema = panelOptionsSchema(
  {
    title: 'Job summary options',
    description:
      "The Job summary of Jobs Analysis (spec reports §2, §4): DTG cards per impression size (the two cards of a size toggle together, only with production), Apollo cards per size category with impression counts (zero-impression cards cannot be selected), DTF cards per print mode (highlight and clear) with a BySize/ByPrintType page selector and the film summary. The selection filters the report's filtered calls (jobSizes, printModes).",
  },
  {
    dtfPage: Type.Optional(
      Type.Enum(['BySize', 'ByPrintType'], { description: 'The DTF page shown first. Default BySize.' }),
    ),
  },
);

export type JobSummaryOptions = Static<typeof JobSummaryOptionsSchema>;
