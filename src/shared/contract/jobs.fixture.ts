import type { AnswerOf } from '../api-types.ts';

type InkByColour = Pick<AnswerOf<'JobGraphs'>, 'colorConsumptionResponse' | 'colorComparisonResponse'>;
type JobsPeriods = Pick<AnswerOf<'JobGraphs'>, 'period' | 'previousPeriod' | 'comparedUntil' | 'statsDescription'>;

/**
 * Test data: the periods every Jobs answer of the week of Monday 2024-03-04 begins with (against the week before, both
 * over). Shared by the Jobs kinds' fixtures (job summary, ink colour chart, series chart, export download).
 */
export const JOBS_WEEK = {
  period: { timeframe: 'week', startDay: '2024-03-04', endDay: '2024-03-10', startHour: 0, endHour: 23 },
  previousPeriod: { timeframe: 'week', startDay: '2024-02-26', endDay: '2024-03-03', startHour: 0, endHour: 23 },
  comparedUntil: null,
  statsDescription: 'From last week',
} as const satisfies JobsPeriods;

/**
 * Test data: a period's ink per colour and against the previous period, as the Jobs graphs answer gives it (half the
 * ink Color, 30 % black, 20 % white; white not used before, so no change). Shared by the ink colour chart's and the
 * series chart's fixtures.
 */
export const INK_BY_COLOUR: InkByColour = {
  colorConsumptionResponse: [
    { colorName: 'Color', colorValue: 5_900, percent: 50 },
    { colorName: 'black', colorValue: 3_540, percent: 30 },
    { colorName: 'white', colorValue: 2_360, percent: 20 },
  ],
  colorComparisonResponse: [
    { colorName: 'Color', colorValue: 5_900, previous: 5_000, stats: 0.18 },
    { colorName: 'black', colorValue: 3_540, previous: 4_000, stats: -0.115 },
    { colorName: 'white', colorValue: 2_360, previous: 0, stats: null },
  ],
};
