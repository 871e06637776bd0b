import type { AnswerOf } from '../../src/shared/api-types.ts';
import { abbreviateNumber } from '../../src/shared/format/abbreviate-number.ts';

/** The answers the kind shows (names of ANSWER_SCHEMAS): a layout may bind it only to a query answering one of them. */
export const INK_TREND_CHART_ANSWERS = ['Achievements'] as const;

export type InkTrendChartAnswer = AnswerOf<(typeof INK_TREND_CHART_ANSWERS)[number]>;

/** The answer's properties that hold a number: options.schema.json's `field` enum lists them. */
export type InkTrendChartField = {
  [Key in keyof InkTrendChartAnswer]-?: InkTrendChartAnswer[Key] extends number ? Key : never;
}[keyof InkTrendChartAnswer];

/** Options of a ink-trend-chart panel; options.schema.json beside this file is their contract. */
export interface InkTrendChartOptions {
  /** Property of the answer holding the number shown. */
  field: InkTrendChartField;
  /** Units shown after the value, e.g. 'imp'. */
  units?: string;
}

/** What the panel draws. */
export interface InkTrendChartData {
  value: number;
}

/** The number at `options.field` of the answer (the runtime checked the answer against its schema). */
export function selectInkTrendChart(answer: InkTrendChartAnswer, options: InkTrendChartOptions): InkTrendChartData {
  return { value: answer[options.field] };
}

/** The value as the panel shows it: abbreviated (12.3k), followed by the units when the options give them. */
export function formatInkTrendChartValue(data: InkTrendChartData, options: InkTrendChartOptions): string {
  const value = abbreviateNumber(data.value);
  return options.units === undefined ? value : `${value} ${options.units}`;
}
