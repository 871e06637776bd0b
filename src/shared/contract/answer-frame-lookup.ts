import type { AnswerOf, AnswerSchemaName } from './answer-schemas.ts';
import type { AnswerFrames, Frame } from './frames.ts';

/** Answers' frames by the answer's name, each typed by its answer. */
export type AnswerFramesByName = { readonly [Name in AnswerSchemaName]?: AnswerFrames<AnswerOf<Name>> };

/** The answer's frame named `name`, read from `frames` (the layout validator has checked that the answer offers it). */
export function readFrameIn(frames: AnswerFramesByName, answer: AnswerSchemaName, name: string, value: unknown): Frame {
  const adapters = frames[answer] as AnswerFrames<unknown> | undefined;
  const adapter = adapters !== undefined && Object.hasOwn(adapters, name) ? adapters[name] : undefined;
  if (adapter === undefined) throw new Error(`the answer '${answer}' offers no frame '${name}'`);
  return adapter.read(value);
}
