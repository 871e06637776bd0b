import { SYSTEM_TIMELINE_DAY, SYSTEM_TIMELINE_WEEK } from '../../src/shared/contract/system-page.fixture.ts';
import type { StatusTimelineAnswer } from './model.ts';
import type { StatusTimelineOptions } from './options.ts';

/** Options as layouts/system-page.json gives them. */
export const STATUS_TIMELINE_OPTIONS: StatusTimelineOptions = { dayView: 'day' };

/** A day: 288 five-minute points (src/shared/contract/system-page.fixture.ts). */
export const STATUS_TIMELINE_ANSWER: StatusTimelineAnswer = SYSTEM_TIMELINE_DAY;

/** A week: five reported days, the weekend not reported. */
export const STATUS_TIMELINE_WEEK_ANSWER: StatusTimelineAnswer = SYSTEM_TIMELINE_WEEK;
