import { SYSTEM_MESSAGES } from '../../src/shared/contract/system-page.fixture.ts';
import type { TicketSummaryAnswer } from './model.ts';
import type { TicketSummaryOptions } from './options.ts';

export const TICKET_SUMMARY_OPTIONS: TicketSummaryOptions = { maxMessages: 5 };

/** Three error messages and two maintenance events of 2026-11-18. */
export const TICKET_SUMMARY_ANSWER: TicketSummaryAnswer = SYSTEM_MESSAGES;
