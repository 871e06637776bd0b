import type { InkColourChartAnswer, InkColourChartOptions } from './model.ts';

/** Options as a layout gives them. */
export const INK_COLOUR_CHART_OPTIONS: InkColourChartOptions = { field: 'weekRecord', units: 'imp' };

/** An answer of the kind's query (Achievements). */
export const INK_COLOUR_CHART_ANSWER: InkColourChartAnswer = {
  systemGroup: 'DTG',
  units: 'imp',
  weekStart: '2024-03-04',
  year: 2024,
  weeklyGoal: 50_000,
  weeklyCompleted: 42_850,
  weeklyPercentage: 0.857,
  weeklySegments: 6,
  yearlyGoal: null,
  yearlyCompleted: 1_000_000,
  yearlyPercentage: 0,
  yearlySegments: 0,
  weekRecord: 12_345,
};
