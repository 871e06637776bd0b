import type { AnswerOf, SystemAnalysisItem } from '../../src/shared/api-types.ts';

/** The systems of the period as the answer lists them (all of the group; the panel applies the machine selection). */
export type SystemsListData = readonly SystemAnalysisItem[];

/** The `systems` of a systems-analysis answer (none is a list: the panel says so itself). */
export function selectSystemsList(answer: Pick<AnswerOf<'SystemsAnalysis'>, 'systems'>): SystemsListData {
  return answer.systems;
}
