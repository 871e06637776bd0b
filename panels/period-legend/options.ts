import { Type, type Static } from 'typebox';
import { panelOptionsSchema } from '../../src/runtime/panel-sdk-options.ts';

/** The options of a period-legend panel (a layout's `panels.<id>.options`). */
export const PeriodLegendOptionsSchema = panelOptionsSchema(
  {
    title: 'Period legend options',
    description:
      "The mobile overview's 'Production Overview' card (spec reports §2 Overview): the selected timeframe and period ('Day · Sat, Nov 21, 2026') and the legend of the selected period against the previous one in the charts' colours (Selected day/Previous same day, Selected week/Previous week, Selected period/Previous period with 'From last year' for custom periods of 8 days or more, 'From last week' otherwise). Reads only the answer's 'period', so bind it to a query the report already makes (e.g. overview-graphs): no extra request.",
  },
  {
    showPeriod: Type.Optional(
      Type.Boolean({ description: 'Show the timeframe header above the legend. Default true.' }),
    ),
  },
);

export type PeriodLegendOptions = Static<typeof PeriodLegendOptionsSchema>;
