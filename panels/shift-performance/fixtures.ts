import { TV_XMR_IMPRESSIONS, TV_XMR_IMPRESSIONS_WEEK } from '../../src/shared/contract/tv-dashboard.fixture.ts';
import type { ShiftPerformanceAnswer } from './model.ts';
import type { ShiftPerformanceOptions } from './options.ts';

/** Options as the TV dashboard's layout gives them. */
export const SHIFT_OPTIONS: ShiftPerformanceOptions = { show: 'shift' };
export const IMPRESSIONS_OPTIONS: ShiftPerformanceOptions = { show: 'impressions' };

/** An answer of the kind's query (TvXmrImpressions): a Berlin printer at 09:20 in its early shift. */
export const SHIFT_PERFORMANCE_ANSWER: ShiftPerformanceAnswer = TV_XMR_IMPRESSIONS;

/** The same printer's week so far: five shifts against the twelve shifts' targets. */
export const SHIFT_PERFORMANCE_WEEK_ANSWER: ShiftPerformanceAnswer = TV_XMR_IMPRESSIONS_WEEK;
