import type { InkColourChartAnswer } from './model.ts';
import type { InkColourChartOptions } from './options.ts';
import { INK_BY_COLOUR, JOBS_WEEK } from '../../src/shared/contract/jobs.fixture.ts';

export const CONSUMPTION_OPTIONS: InkColourChartOptions = { chart: 'consumption' };
export const COMPARISON_OPTIONS: InkColourChartOptions = { chart: 'comparison' };

/** A week's ink per colour. */
export const WEEK_GRAPHS: InkColourChartAnswer = {
  systemGroup: 'DTG',
  ...JOBS_WEEK,
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
