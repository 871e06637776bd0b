import type { Static } from 'typebox';
import { choiceOption, panelOptionsSchema } from '../../src/runtime/panel-sdk-options.ts';

/** The options of a shift-performance panel (a layout's `panels.<id>.options`). */
export const ShiftPerformanceOptionsSchema = panelOptionsSchema(
  {
    title: 'Shift performance options',
    description:
      "The TV dashboard's figures of the current shift, or of a week's or range's shifts (answer TvXmrImpressions), in large high-contrast type.",
  },
  {
    show: choiceOption({
      shift: "the current shift's type and start (site time), or the period and its shifts so far",
      impressions: "the shift's (period's) impressions against its target with the percentage",
    }),
  },
);

export type ShiftPerformanceOptions = Static<typeof ShiftPerformanceOptionsSchema>;
