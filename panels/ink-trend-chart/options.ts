import { Type, type Static } from 'typebox';

/**
 * The options of an ink-trend-chart panel (a layout's `panels.<id>.options`): `npm run panels:index` writes this schema into
 * schemas/report-layout.schema.json, where editors complete and describe them and the layout validator checks them.
 */
export const InkTrendChartOptionsSchema = Type.Object(
  {
    initialColours: Type.Optional(
      Type.Array(Type.Enum(['Total', 'Color', 'black', 'white', 'FOF', 'Softener']), {
        description: "Colours selected when the report opens. Default ['Total'].",
        minItems: 1,
        uniqueItems: true,
      }),
    ),
  },
  {
    title: 'Ink trend chart options',
    description:
      'Ink consumption (ml) per chart bucket of a JobGraphs answer (spec reports §2 Jobs Analysis): bars per selected colour, a colour multi-select starting at Total, axis labels by hour, day, week or month, and the orange count of days on buckets the period cuts.',
    additionalProperties: false,
  },
);

export type InkTrendChartOptions = Static<typeof InkTrendChartOptionsSchema>;
