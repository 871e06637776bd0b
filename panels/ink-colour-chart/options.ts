import { Type, type Static } from 'typebox';

/**
 * The options of an ink-colour-chart panel (a layout's `panels.<id>.options`): `npm run panels:index` writes this schema into
 * schemas/report-layout.schema.json, where editors complete and describe them and the layout validator checks them.
 */
export const InkColourChartOptionsSchema = Type.Object(
  {
    chart: Type.Enum(['consumption', 'comparison'], {
      description: 'consumption: ml and share per colour; comparison: per colour, the period against the previous one.',
    }),
  },
  {
    title: 'Ink colour chart options',
    description:
      'Ink per colour of a JobGraphs answer (spec reports §2 Jobs Analysis): the colour consumption (ml and share of each colour) or the colour comparison (each colour against the previous period).',
    additionalProperties: false,
  },
);

export type InkColourChartOptions = Static<typeof InkColourChartOptionsSchema>;
