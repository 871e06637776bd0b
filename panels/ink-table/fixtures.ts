import { SYSTEM_INK_TABLE } from '../../src/shared/contract/system-page.fixture.ts';
import type { InkTableAnswer, InkTableOptions } from './model.ts';

export const INK_TABLE_OPTIONS: InkTableOptions = {};

/** Black, Cyan and a White row with a negative consumption and an infinite ml per impression. */
export const INK_TABLE_ANSWER: InkTableAnswer = SYSTEM_INK_TABLE;
