import { Type, type Static } from 'typebox';

/**
 * The options of a time-series-chart panel (a layout's `panels.<id>.options`): `npm run panels:index` writes this schema into
 * schemas/report-layout.schema.json, where editors complete and describe them and the layout validator checks them.
 */
export const TimeSeriesChartOptionsSchema = Type.Object(
  {
    series: Type.Array(
      Type.Object(
        {
          id: Type.String({
            description: "Id of the series (kept choice, defaultSeries), e.g. 'speed'.",
            pattern: '^[a-z][A-Za-z0-9-]*$',
          }),
          label: Type.String({ description: "Toggle button label, e.g. 'Speed'.", minLength: 1 }),
          field: Type.Enum(['productionChart', 'speedChart', 'utilizationChart', 'availabilityChart'], {
            description:
              "Property of the query's answer holding the points; the chart properties of the kind's answers (OverviewGraphs, ImpressionsAvailabilityGraphs).",
          }),
          value: Type.Enum(['value', 'previous'], {
            description: "Number of each point drawn as the selected period's bar, normally 'value'.",
          }),
          previous: Type.Optional(
            Type.Enum(['value', 'previous'], {
              description:
                "Number of each point drawn as the previous period's line, normally 'previous'; absent: no comparison line.",
            }),
          ),
          format: Type.Enum(['number', 'percent'], {
            description:
              'number: abbreviated (k, M, B, …); percent: a fraction shown × 100 (axis 0–100 %, −1 not drawn).',
          }),
          unit: Type.Optional(Type.String({ description: "Unit shown in the tooltip, e.g. 'imp'." })),
          thresholdColours: Type.Optional(
            Type.Boolean({
              description: 'Colour bars 0–50 % red, over 50–75 % yellow, above 75 % green (availability).',
            }),
          ),
        },
        { additionalProperties: false },
      ),
      { description: 'The series the chart can show, in toggle order.', minItems: 1, maxItems: 4 },
    ),
    defaultSeries: Type.Optional(
      Type.Object(
        { DTG: Type.Optional(Type.String()), DTF: Type.Optional(Type.String()), Apollo: Type.Optional(Type.String()) },
        {
          description: 'Series shown first per system group (Speed for DTG and DTF); absent: the first series.',
          additionalProperties: false,
        },
      ),
    ),
  },
  {
    title: 'Time-series chart options',
    description:
      'A chart over time (spec reports §2 Overview): bars of the selected period, a line of the previous one, legend labels by compared period (Selected day/Previous same day, Selected week/Previous week, Selected period/Previous period). Two or more series get a toggle whose choice is kept per system group. Month, quarter and year slots are not drawn (placeholder).',
    additionalProperties: false,
  },
);

export type TimeSeriesChartOptions = Static<typeof TimeSeriesChartOptionsSchema>;
