import type { AnswerFramesByName } from './answer-frame-lookup.ts';
import {
  IMPRESSIONS_AVAILABILITY_CARDS_FRAMES,
  IMPRESSIONS_AVAILABILITY_GRAPHS_FRAMES,
  OVERVIEW_CARDS_FRAMES,
  OVERVIEW_GRAPHS_FRAMES,
  OVERVIEW_OEE_FRAMES,
} from './overview.frames.ts';
import { PERIOD_ANSWERS, PERIOD_FRAMES } from './report.frames.ts';

/**
 * The frames of the period answers and the Overview's (the first report page): what the report runtime carries. The
 * Jobs Analysis and system page answers' (jobs.frames.ts, system-page.frames.ts) are fetched with those answers.
 */
export const PERIOD_AND_OVERVIEW_ANSWER_FRAMES: AnswerFramesByName = {
  ...Object.fromEntries(PERIOD_ANSWERS.map((name) => [name, PERIOD_FRAMES])),
  OverviewCards: { ...PERIOD_FRAMES, ...OVERVIEW_CARDS_FRAMES },
  OverviewOee: { ...PERIOD_FRAMES, ...OVERVIEW_OEE_FRAMES },
  ImpressionsAvailabilityCards: { ...PERIOD_FRAMES, ...IMPRESSIONS_AVAILABILITY_CARDS_FRAMES },
  OverviewGraphs: { ...PERIOD_FRAMES, ...OVERVIEW_GRAPHS_FRAMES },
  ImpressionsAvailabilityGraphs: { ...PERIOD_FRAMES, ...IMPRESSIONS_AVAILABILITY_GRAPHS_FRAMES },
};
