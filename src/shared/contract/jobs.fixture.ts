import type { AnswerOf } from '../api-types.ts';

type InkByColour = Pick<AnswerOf<'JobGraphs'>, 'colorConsumptionResponse' | 'colorComparisonResponse'>;

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
