import type { AnswerOf } from '../../src/shared/api-types.ts';
import type { INK_CHART_COLOURS } from '../../src/shared/jobs/job-categories.ts';
import { comparisonOf, type PeriodComparison } from '../../src/shared/format/period-comparison.ts';
import type { InkColourChartOptions } from './options.ts';

/** The answers the kind shows (names of ANSWER_SCHEMAS): a layout may bind it only to a query answering one of them. */
export const INK_COLOUR_CHART_ANSWERS = ['JobGraphs'] as const;

export type InkColourChartAnswer = AnswerOf<(typeof INK_COLOUR_CHART_ANSWERS)[number]>;

/** `consumption`: ml and share per colour over the period; `comparison`: per colour against the previous period. */
export type InkColourChartKind = 'consumption' | 'comparison';

/** One colour's bar. */
export interface ColourBar {
  colour: (typeof INK_CHART_COLOURS)[number];
  ml: number;
  /** consumption: whole-percent share; comparison: null. */
  percent: number | null;
  /** comparison: the previous period's ml and the fractional change; consumption: null. */
  previous: number | null;
  stats: number | null;
}

/** What the panel draws. */
export interface InkColourChartData {
  chart: InkColourChartKind;
  bars: ColourBar[];
  /** What the period is compared with: the legend's 'Selected week' / 'Previous week', … */
  comparison: PeriodComparison;
}

/** The chart's bars, or null when no colour was used in the period. */
export function selectInkColourChart(
  answer: InkColourChartAnswer,
  options: InkColourChartOptions,
): InkColourChartData | null {
  const bars: ColourBar[] =
    options.chart === 'consumption'
      ? answer.colorConsumptionResponse.map((entry) => ({
          colour: entry.colorName,
          ml: entry.colorValue,
          percent: entry.percent,
          previous: null,
          stats: null,
        }))
      : answer.colorComparisonResponse.map((entry) => ({
          colour: entry.colorName,
          ml: entry.colorValue,
          percent: null,
          previous: entry.previous,
          stats: entry.stats,
        }));
  if (bars.length === 0) return null;
  return { chart: options.chart, bars, comparison: comparisonOf(answer.period, answer.comparedUntil) };
}
