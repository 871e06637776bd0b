import type { AnswerOf } from '../../src/shared/api-types.ts';
import { formatShortInstant } from '../../src/shared/format/last-update.ts';
import { formatPercent } from '../../src/shared/format/percent.ts';

/** The answers the kind shows (names of ANSWER_SCHEMAS): a layout may bind it only to a query answering one of them. */
export const QUALISET_RESULTS_ANSWERS = ['SystemQualiset'] as const;

export type QualisetResultsAnswer = AnswerOf<(typeof QUALISET_RESULTS_ANSWERS)[number]>;

/** Options of a qualiset-results panel; options.schema.json beside this file is their contract. */
export interface QualisetResultsOptions {
  /** Most results listed (latest first); default 20. */
  maxResults?: number;
}

/** One test as the list shows it. */
export interface QualisetResultRow {
  key: string;
  measuredAt: string;
  testName: string;
  result: 'Passed' | 'Failed';
  score: string;
}

/** What the panel draws. */
export interface QualisetResultsData {
  /** 'Passed 2 of 3 (66.67%)'. */
  summary: string;
  rows: QualisetResultRow[];
}

/** The period's Qualiset tests; null (the empty state) without any. */
export function selectQualisetResults(
  answer: QualisetResultsAnswer,
  options: QualisetResultsOptions,
): QualisetResultsData | null {
  if (answer.tests === 0) return null;
  const rate = answer.passRate === null ? '--' : formatPercent(answer.passRate);
  return {
    summary: `Passed ${answer.passed} of ${answer.tests} (${rate})`,
    rows: answer.results.slice(0, options.maxResults ?? 20).map((result, index) => ({
      key: `${result.measuredAt}-${index}`,
      measuredAt: formatShortInstant(result.measuredAt) ?? result.measuredAt,
      testName: result.testName,
      result: result.passed ? 'Passed' : 'Failed',
      score: result.score === null ? '--' : String(result.score),
    })),
  };
}
