import type { Static } from 'typebox';
import { choiceOption, panelOptionsSchema } from '../../src/runtime/panel-sdk-options.ts';

/**
 * The options of an ink-colour-chart panel (a layout's `panels.<id>.options`): `npm run panels:index` writes this schema into
 * schemas/report-layout.schema.json, where editors complete and describe them and the layout validator checks them.
 */
export const InkColourChartOptionsSchema = panelOptionsSchema(
  {
    title: 'Ink colour chart options',
    description:
      'Ink per colour of a JobGraphs answer (spec reports §2 Jobs Analysis): the colour consumption (ml and share of each colour) or the colour comparison (each colour against the previous period).',
  },
  {
    chart: choiceOption({
      consumption: 'ml and share per colour',
      comparison: 'per colour, the period against the previous one',
    }),
  },
);

export type InkColourChartOptions = Static<typeof InkColourChartOptionsSchema>;
