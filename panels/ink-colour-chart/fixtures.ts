import type { InkColourChartAnswer } from './model.ts';
import type { InkColourChartOptions } from './options.ts';

export const CONSUMPTION_OPTIONS: InkColourChartOptions = { chart: 'consumption' };
export const COMPARISON_OPTIONS: InkColourChartOptions = { chart: 'comparison' };

/** A week's ink per colour. */
export const WEEK_GRAPHS: InkColourChartAnswer = {
  systemGroup: 'DTG',
  period: { timeframe: 'week', startDay: '2024-03-04', endDay: '2024-03-10', startHour: 0, endHour: 23 },
  previousPeriod: { timeframe: 'week', startDay: '2024-02-26', endDay: '2024-03-03', startHour: 0, endHour: 23 },
  comparedUntil: null,
  statsDescription: 'From last week',
  granularity: 'day',
  inkConsumptionTrendResponse: [],
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

/** A week without ink. */
export const EMPTY_GRAPHS: InkColourChartAnswer = {
  ...WEEK_GRAPHS,
  colorConsumptionResponse: [],
  colorComparisonResponse: [],
};
