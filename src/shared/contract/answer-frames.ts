import { readFrameIn, type AnswerFramesByName } from './answer-frame-lookup.ts';
import type { AnswerSchemaName } from './answer-schemas.ts';
import type { AnswerFrames, Frame, FrameType } from './frames.ts';
import { JOBS_ANSWER_FRAMES } from './jobs.frames.ts';
import { PERIOD_AND_OVERVIEW_ANSWER_FRAMES } from './period-and-overview-answer-frames.ts';
import { SYSTEM_PAGE_ANSWER_FRAMES } from './system-page.frames.ts';

/**
 * Each answer's frames, by the answer's name: what a layout panel may name in `frame` for a query of that answer. The
 * browser reads them through src/runtime/answer-frame-reader.ts, which carries the period and Overview answers' and
 * fetches the others'.
 */
export const ANSWER_FRAMES: AnswerFramesByName = {
  ...PERIOD_AND_OVERVIEW_ANSWER_FRAMES,
  ...JOBS_ANSWER_FRAMES,
  ...SYSTEM_PAGE_ANSWER_FRAMES,
};

/** The frames the answer offers, by name, with their types. */
export function framesOffered(answer: AnswerSchemaName): Record<string, FrameType> {
  const frames: AnswerFrames<never> = ANSWER_FRAMES[answer] ?? {};
  return Object.fromEntries(Object.entries(frames).map(([name, adapter]) => [name, adapter.type]));
}

/** The column keys the answer's table frame `name` declares, in their order; undefined when it offers no such table. */
export function tableColumnKeys(answer: AnswerSchemaName, name: string): string[] | undefined {
  const adapters: AnswerFrames<never> = ANSWER_FRAMES[answer] ?? {};
  const adapter = Object.hasOwn(adapters, name) ? adapters[name] : undefined;
  return adapter?.type === 'table' ? adapter.columns.map((column) => column.key) : undefined;
}

/** The answer's frame named `name` (the layout validator has checked that the answer offers it). */
export function readFrame(answer: AnswerSchemaName, name: string, value: unknown): Frame {
  return readFrameIn(ANSWER_FRAMES, answer, name, value);
}
