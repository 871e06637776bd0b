import { Type, type Static } from 'typebox';
import { layoutText, panelOptionsSchema } from '../../src/runtime/panel-sdk-options.ts';

/** The options of a series-chart panel (a layout's `panels.<id>.options`). */
export const SeriesChartOptionsSchema = panelOptionsSchema(
  {
    title: 'Series chart options',
    description:
      "Bars per hour, day, week or month bucket of any answer's series frame (the layout panel's 'frame', e.g. JobTotalImpressions' 'totalImpressions' or JobGraphs' 'inkConsumption'): a bar series per series shown, axis labels by the buckets' granularity, the count of days in orange under a bucket the period cuts. Options add the period's total and figure above the chart, or a multi-select of the frame's series.",
  },
  {
    figures: Type.Optional(
      Type.Boolean({
        description:
          "Show the frame's period total with its change and the figure the answer gives beside it (per unit, per job) above the chart, as the Jobs KPIs do. Default false.",
      }),
    ),
    picker: Type.Optional(
      Type.Object(
        {
          label: layoutText("The multi-select's accessible name, e.g. 'Colours'."),
          placeholder: layoutText("Shown while no series is chosen, e.g. 'Select colours'."),
        },
        {
          description:
            "A multi-select of the frame's series above the chart (the ink colours); the chart draws the chosen ones. Absent: every series is drawn.",
          additionalProperties: false,
        },
      ),
    ),
    initialSeries: Type.Optional(
      Type.Array(Type.String({ minLength: 1 }), {
        description:
          "With a picker: the series chosen when the report opens (those the frame has), e.g. ['Total']. Default: the frame's first series.",
        minItems: 1,
        uniqueItems: true,
      }),
    ),
    colours: Type.Optional(
      Type.Record(Type.String({ minLength: 1 }), Type.String({ pattern: '^#[0-9A-Fa-f]{6}$' }), {
        description:
          'Bar colour per series name, e.g. { "black": "#1F2937" }; a series without one is drawn in the selected-period blue of the other charts.',
      }),
    ),
    comparison: Type.Optional(
      Type.Boolean({
        description:
          "Draw each bucket's previous-period value as a line over the bars, with the legend of the compared periods (Selected day / Previous same day, Selected week / Previous week, Selected period / Previous period) beside the panel's title, as the Overview charts do; values in '%' units are drawn on a 0–100 % axis. Needs a frame with a previous series and a period (the Overview's). Default false.",
      }),
    ),
    toggle: Type.Optional(
      Type.Array(
        Type.Object(
          {
            series: Type.String({ description: "Name of a series of the frame, e.g. 'speed'.", minLength: 1 }),
            label: layoutText("The button's text, e.g. 'Speed'."),
          },
          { additionalProperties: false },
        ),
        {
          description:
            "Buttons choosing the one series drawn (speed or utilization), in this order; the choice is kept per system group for the session. Absent: every series is drawn (or the picker's).",
          minItems: 2,
          maxItems: 4,
        },
      ),
    ),
    initialSeriesByGroup: Type.Optional(
      Type.Object(
        { DTG: Type.Optional(Type.String()), DTF: Type.Optional(Type.String()), Apollo: Type.Optional(Type.String()) },
        {
          description:
            "With a toggle: the series shown first per system group (Speed for DTG and DTF); absent: the toggle's first.",
          additionalProperties: false,
        },
      ),
    ),
    thresholdColours: Type.Optional(
      Type.Boolean({
        description:
          'Colour the bars by the thresholds of spec reports §9 (0–50 % red, over 50–75 % yellow, above 75 % green), as the availability chart does. Default false.',
      }),
    ),
    axisSteps: Type.Optional(
      Type.Integer({
        description:
          'About how many steps the value axis is divided into. Default 4, so a short chart does not pack its labels.',
        minimum: 2,
        maximum: 10,
      }),
    ),
  },
);

export type SeriesChartOptions = Static<typeof SeriesChartOptionsSchema>;
