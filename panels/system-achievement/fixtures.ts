import { SYSTEM_ACHIEVEMENT } from '../../src/shared/contract/system-page.fixture.ts';
import type { SystemAchievementAnswer } from './model.ts';
import type { SystemAchievementOptions } from './options.ts';

export const SYSTEM_ACHIEVEMENT_OPTIONS: SystemAchievementOptions = {};

/** 1,240 impressions against a target of 1,419 over 24 hours. */
export const SYSTEM_ACHIEVEMENT_ANSWER: SystemAchievementAnswer = SYSTEM_ACHIEVEMENT;
