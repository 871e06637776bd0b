import type { AnswerSchemaName } from '../shared/contract/answer-schemas.ts';
import { readFrameIn, type AnswerFramesByName } from '../shared/contract/answer-frame-lookup.ts';
import type { Frame } from '../shared/contract/frames.ts';
import { PERIOD_AND_OVERVIEW_ANSWER_FRAMES } from '../shared/contract/period-and-overview-answer-frames.ts';
import { loadOnce } from '../shared/load-once.ts';
import { retryImport } from '../shared/retry-import.ts';

/**
 * The answers' frames the report runtime does not carry (the Overview's route has no room for them), each fetched with
 * the first answer of its report.
 */
const FETCHED_FRAMES = {
  jobs: () => import('../shared/contract/jobs.frames.ts').then((module) => module.JOBS_ANSWER_FRAMES),
  systemPage: () =>
    import('../shared/contract/system-page.frames.ts').then((module) => module.SYSTEM_PAGE_ANSWER_FRAMES),
} satisfies Record<string, () => Promise<AnswerFramesByName>>;

export type FetchedFrames = keyof typeof FETCHED_FRAMES;

/** Which fetched frames hold each answer's; answer-frame-reader.test.ts keeps this and the fetched modules alike. */
export const FETCHED_FRAME_ANSWERS: { readonly [Answer in AnswerSchemaName]?: FetchedFrames } = {
  JobTotalDataCards: 'jobs',
  JobDataPerUnitCards: 'jobs',
  JobGraphs: 'jobs',
  JobTotalImpressions: 'jobs',
  JobPrintTimeKpis: 'jobs',
  JobCycleTimeKpis: 'jobs',
  JobInkConsumptionKpis: 'jobs',
  JobBottlesLoadedKpis: 'jobs',
  SystemImpressionsCards: 'systemPage',
  SystemAvailabilityTimeline: 'systemPage',
  SystemInkTable: 'systemPage',
  SystemMessages: 'systemPage',
  SystemQualiset: 'systemPage',
  MachineSettings: 'systemPage',
  SoftwareVersions: 'systemPage',
};

const fetchedFrames = loadOnce((frames: FetchedFrames) => retryImport(FETCHED_FRAMES[frames]));

/** Fetches the given frames (the tests read every fetched module). */
export const loadFetchedFrames = (frames: FetchedFrames): Promise<AnswerFramesByName> => fetchedFrames.load(frames);

/** Makes the answer's frames readable: the period and Overview answers' at once, the others' once fetched. */
export async function loadAnswerFrames(answer: AnswerSchemaName): Promise<void> {
  const frames = FETCHED_FRAME_ANSWERS[answer];
  if (frames !== undefined) await fetchedFrames.load(frames);
}

/** The answer's frame named `name`; a fetched answer's only after loadAnswerFrames (the layout query's fetch awaits it). */
export function readFrame(answer: AnswerSchemaName, name: string, value: unknown): Frame {
  const fetched = FETCHED_FRAME_ANSWERS[answer];
  const frames = fetched === undefined ? PERIOD_AND_OVERVIEW_ANSWER_FRAMES : fetchedFrames.loaded(fetched);
  if (frames === undefined) throw new Error(`the frames of the answer '${answer}' are not loaded (loadAnswerFrames)`);
  return readFrameIn(frames, answer, name, value);
}
