import type { InkColourChartAnswer } from './model.ts';
import type { InkColourChartOptions } from './options.ts';
import { INK_BY_COLOUR } from '../../src/shared/contract/jobs.fixture.ts';

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
  ...INK_BY_COLOUR,
};

/** A week without ink. */
export const EMPTY_GRAPHS: InkColourChartAnswer = {
  ...WEEK_GRAPHS,
  colorConsumptionResponse: [],
  colorComparisonResponse: [],
};
