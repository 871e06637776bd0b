import type { AnswerOf } from '../../src/shared/api-types.ts';
import { abbreviateNumber } from '../../src/shared/format/abbreviate-number.ts';

/** The answers the kind shows (names of ANSWER_SCHEMAS): a layout may bind it only to a query answering one of them. */
export const INK_COLOUR_CHART_ANSWERS = ['Achievements'] as const;

export type InkColourChartAnswer = AnswerOf<(typeof INK_COLOUR_CHART_ANSWERS)[number]>;

/** The answer's properties that hold a number: options.schema.json's `field` enum lists them. */
export type InkColourChartField = {
  [Key in keyof InkColourChartAnswer]-?: InkColourChartAnswer[Key] extends number ? Key : never;
}[keyof InkColourChartAnswer];

/** Options of a ink-colour-chart panel; options.schema.json beside this file is their contract. */
export interface InkColourChartOptions {
  /** Property of the answer holding the number shown. */
  field: InkColourChartField;
  /** Units shown after the value, e.g. 'imp'. */
  units?: string;
}

/** What the panel draws. */
export interface InkColourChartData {
  value: number;
}

/** The number at `options.field` of the answer (the runtime checked the answer against its schema). */
export function selectInkColourChart(answer: InkColourChartAnswer, options: InkColourChartOptions): InkColourChartData {
  return { value: answer[options.field] };
}

/** The value as the panel shows it: abbreviated (12.3k), followed by the units when the options give them. */
export function formatInkColourChartValue(data: InkColourChartData, options: InkColourChartOptions): string {
  const value = abbreviateNumber(data.value);
  return options.units === undefined ? value : `${value} ${options.units}`;
}
