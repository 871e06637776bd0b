import { SYSTEM_QUALISET } from '../../src/shared/contract/system-page.fixture.ts';
import type { QualisetResultsAnswer, QualisetResultsOptions } from './model.ts';

export const QUALISET_RESULTS_OPTIONS: QualisetResultsOptions = { maxResults: 20 };

/** Three tests, two passed. */
export const QUALISET_RESULTS_ANSWER: QualisetResultsAnswer = SYSTEM_QUALISET;
