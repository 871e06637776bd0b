import { SYSTEM_AVAILABILITY_TIMELINE } from '../../src/shared/contract/system-page.fixture.ts';
import type { AvailabilityTimelineAnswer } from './model.ts';
import type { AvailabilityTimelineOptions } from './options.ts';

export const AVAILABILITY_TIMELINE_OPTIONS: AvailabilityTimelineOptions = {};

/** 24 hours: nothing reported before 6 AM and from 10 PM, 50% at 8 AM, 0% at noon, 100% otherwise. */
export const AVAILABILITY_TIMELINE_ANSWER: AvailabilityTimelineAnswer = SYSTEM_AVAILABILITY_TIMELINE;
