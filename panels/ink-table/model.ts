import type { AnswerOf } from '../../src/shared/api-types.ts';

/** The answers the kind shows (names of ANSWER_SCHEMAS): a layout may bind it only to a query answering one of them. */
export const INK_TABLE_ANSWERS = ['SystemInkTable'] as const;

export type InkTableAnswer = AnswerOf<(typeof INK_TABLE_ANSWERS)[number]>;

/** Options of an ink-table panel; options.schema.json beside this file is their contract. */
export interface InkTableOptions {
  /** Decimals of the ml figures; default 1. */
  decimals?: number;
}

/** One colour's row, in ml (the answer's µl ÷ 1000, spec reports §9). */
export interface InkTableRow {
  colour: string;
  consumed: number;
  loaded: number;
  bottles: number;
  perUnit: number;
}

/** What the panel draws. */
export interface InkTableData {
  perUnit: InkTableAnswer['perUnit'];
  isToday: boolean;
  rows: InkTableRow[];
}

/** Negative or infinite ink figures are shown as 0 (spec reports §5). */
export function inkValue(value: number): number {
  return Number.isFinite(value) && value > 0 ? value : 0;
}

/** The colours' rows; null (the empty state) when the answer lists no colour. */
export function selectInkTable(answer: InkTableAnswer): InkTableData | null {
  if (answer.colorData.length === 0) return null;
  return {
    perUnit: answer.perUnit,
    isToday: answer.isToday,
    rows: answer.colorData.map((colour) => ({
      colour: colour.colorName,
      consumed: inkValue(colour.consumedMl),
      loaded: inkValue(colour.loadedMl),
      bottles: inkValue(colour.bottlesLoaded),
      perUnit: inkValue(colour.perUnitMl),
    })),
  };
}

/** An ml figure with thousands separators: 1234.5 → '1,234.5'. */
export function formatMl(value: number, decimals = 1): string {
  return value.toLocaleString('en-US', { minimumFractionDigits: decimals, maximumFractionDigits: decimals });
}
