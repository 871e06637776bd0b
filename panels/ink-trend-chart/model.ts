import type { AnswerOf } from '../../src/shared/api-types.ts';
import type { JobsGranularity } from '../../src/shared/contract/jobs.contract.ts';
import { INK_CHART_COLOURS } from '../../src/shared/jobs/job-categories.ts';
import type { JobBucket } from '../../src/shared/jobs/job-buckets.ts';
import type { InkTrendChartOptions } from './options.ts';

/** The answers the kind shows (names of ANSWER_SCHEMAS): a layout may bind it only to a query answering one of them. */
export const INK_TREND_CHART_ANSWERS = ['JobGraphs'] as const;

export type InkTrendChartAnswer = AnswerOf<(typeof INK_TREND_CHART_ANSWERS)[number]>;

/** An ink colour of the charts (spec reports §3): Total, Color, black, white, FOF, Softener. */
export type InkColour = (typeof INK_CHART_COLOURS)[number];

/** One bucket of the chart: ml per colour, and the days of a bucket the period cuts (the orange count). */
export interface InkBucket extends JobBucket {
  ml: Partial<Record<InkColour, number>>;
}

/** What the panel draws. */
export interface InkTrendChartData {
  granularity: JobsGranularity;
  buckets: InkBucket[];
  /** The colours the answer has, in the charts' order (null colours are dropped by the API). */
  colours: InkColour[];
}

/** The ink consumption trend, or null when the period has no bucket. */
export function selectInkTrendChart(answer: InkTrendChartAnswer): InkTrendChartData | null {
  if (answer.inkConsumptionTrendResponse.length === 0) return null;
  const present = new Set(
    answer.inkConsumptionTrendResponse.flatMap((bucket) => bucket.colors.map((c) => c.colorName)),
  );
  return {
    granularity: answer.granularity,
    buckets: answer.inkConsumptionTrendResponse.map((bucket) => ({
      date: bucket.date,
      granularity: bucket.granularity,
      partialDays: bucket.days,
      ml: Object.fromEntries(bucket.colors.map((colour) => [colour.colorName, colour.colorValue])),
    })),
    colours: INK_CHART_COLOURS.filter((colour) => present.has(colour)),
  };
}

/** The colours selected first: the options' (those the data has), else Total. */
export function initialSelection(options: InkTrendChartOptions, data: InkTrendChartData): InkColour[] {
  const wanted = options.initialColours ?? ['Total'];
  return wanted.filter((colour) => data.colours.includes(colour));
}
