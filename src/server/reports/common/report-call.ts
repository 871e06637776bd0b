import type { Static, TSchema } from 'typebox';

/**
 * One call of a report's route table: the schema of its answer and the builder that computes the answer from the
 * report's context and the call's input (its query or filter). Made only by {@link reportCall}, so the builder's
 * answer is checked against the schema when the table is compiled.
 */
export interface ReportCall<Context, Input> {
  response: TSchema;
  build: (context: Context, input: Input) => Promise<unknown>;
}

/**
 * Pairs an answer schema with its builder: the builder must answer `Static<typeof response>`, so a builder paired
 * with another call's schema does not compile (report-call.test.ts). The table's type (`ReportCall<Context, Input>`)
 * gives the builder's parameters their types.
 */
export function reportCall<Response extends TSchema, Context, Input>(
  response: Response,
  build: (context: Context, input: Input) => Promise<Static<Response>>,
): ReportCall<Context, Input> {
  return { response, build };
}
