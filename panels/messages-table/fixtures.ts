import { SYSTEM_MESSAGES } from '../../src/shared/contract/system-page.fixture.ts';
import type { MessagesTableAnswer, MessagesTableOptions } from './model.ts';

export const MESSAGES_ERRORS: MessagesTableOptions = { table: 'errors' };
export const MESSAGES_MAINTENANCE: MessagesTableOptions = { table: 'maintenance' };

/** Three error messages ('Other' in the middle, as a careless answer might list it) and two maintenance events. */
export const MESSAGES_TABLE_ANSWER: MessagesTableAnswer = SYSTEM_MESSAGES;
