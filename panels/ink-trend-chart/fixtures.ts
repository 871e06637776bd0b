import type { InkTrendChartAnswer } from './model.ts';
import type { InkTrendChartOptions } from './options.ts';

/** Options as layouts/jobs.json gives them. */
export const INK_TREND_OPTIONS: InkTrendChartOptions = {};

const colours = (total: number) => [
  { colorName: 'Total' as const, colorValue: total },
  { colorName: 'Color' as const, colorValue: total * 0.5 },
  { colorName: 'black' as const, colorValue: total * 0.3 },
  { colorName: 'white' as const, colorValue: total * 0.2 },
];

/** A quarter in weeks: its first and last weeks are cut by the quarter (3 and 1 days inside it). */
export const QUARTER_GRAPHS: InkTrendChartAnswer = {
  systemGroup: 'DTG',
  period: { timeframe: 'quarter', startDay: '2024-01-01', endDay: '2024-03-31', startHour: 0, endHour: 23 },
  previousPeriod: { timeframe: 'quarter', startDay: '2023-10-01', endDay: '2023-12-31', startHour: 0, endHour: 23 },
  comparedUntil: null,
  statsDescription: 'From last quarter',
  granularity: 'week',
  inkConsumptionTrendResponse: [
    { date: '2023-12-25', granularity: 'week', days: 3, colors: colours(1_200) },
    { date: '2024-01-01', granularity: 'week', days: null, colors: colours(4_800) },
    { date: '2024-01-08', granularity: 'week', days: null, colors: colours(5_100) },
    { date: '2024-03-25', granularity: 'week', days: 1, colors: colours(700) },
  ],
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

/** A day in hours. */
export const DAY_GRAPHS: InkTrendChartAnswer = {
  ...QUARTER_GRAPHS,
  period: { timeframe: 'day', startDay: '2024-03-05', endDay: '2024-03-05', startHour: 0, endHour: 23 },
  granularity: 'hour',
  inkConsumptionTrendResponse: Array.from({ length: 24 }, (_, hour) => ({
    date: `2024-03-05T${String(hour).padStart(2, '0')}:00`,
    granularity: 'hour' as const,
    days: null,
    colors: colours(hour * 10),
  })),
};

/** A period without jobs. */
export const EMPTY_GRAPHS: InkTrendChartAnswer = {
  ...QUARTER_GRAPHS,
  inkConsumptionTrendResponse: [],
  colorConsumptionResponse: [],
  colorComparisonResponse: [],
};
