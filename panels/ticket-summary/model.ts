import type { PanelT } from '../../src/runtime/panel-sdk.ts';
import type { AnswerOf } from '../../src/shared/api-types.ts';
import type { MessageRow, OpenError } from '../../src/shared/contract/system-page.contract.ts';
import { OTHER_MESSAGE, otherLast } from '../../src/shared/contract/other-message.ts';
import { formatDuration } from '../../src/shared/format/duration.ts';
import { formatLastUpdate } from '../../src/shared/format/last-update.ts';
import type { TicketSummaryOptions } from './options.ts';

/** The answers the kind shows (names of ANSWER_SCHEMAS): a layout may bind it only to a query answering one of them. */
export const TICKET_SUMMARY_ANSWERS = ['SystemMessages'] as const;

export type TicketSummaryAnswer = AnswerOf<(typeof TICKET_SUMMARY_ANSWERS)[number]>;

/** What the panel draws: the answer it writes the ticket of (`ticketText`), and how many messages a table lists. */
export interface TicketSummaryData {
  ticket: TicketSummaryAnswer;
  maxMessages: number;
}

/** A message's name as the ticket writes it: the catch-all 'Other' in the user's language, as the tables word it. */
function messageName({ message }: MessageRow, t: PanelT): string {
  return message === OTHER_MESSAGE ? t('frames.messages.other') : message;
}

function messageLines(rows: readonly MessageRow[], max: number, t: PanelT): string[] {
  const ordered = otherLast(rows);
  const lines = ordered
    .slice(0, max)
    .map(
      (row) =>
        `- ${messageName(row, t)}${row.codes.length > 0 ? ` [${row.codes.join(', ')}]` : ''}: ${row.count}×, ${formatDuration(row.durationSeconds)}`,
    );
  if (ordered.length > max) lines.push(t('panels.ticketSummary.more', { count: ordered.length - max }));
  return lines.length === 0 ? [t('panels.ticketSummary.none')] : lines;
}

/** An instant as the ticket writes it (the viewer's clock, like the header's last update). */
function timeText(iso: string): string {
  return formatLastUpdate(iso) ?? iso;
}

/** The open errors, each with its code, start and what is known of its end (docs/kpi-glossary.md "Open error"). */
function openErrorLines(events: readonly OpenError[], max: number, t: PanelT): string[] {
  const lines = events.slice(0, max).map((event) => {
    const since = timeText(event.startedAt);
    const values = { message: event.message, code: event.code, since };
    return event.endedAt === null
      ? t('panels.ticketSummary.openError', values)
      : t('panels.ticketSummary.endedError', { ...values, ended: timeText(event.endedAt) });
  });
  if (events.length > max) lines.push(t('panels.ticketSummary.more', { count: events.length - max }));
  return lines.length === 0 ? [t('panels.ticketSummary.none')] : lines;
}

/** When the errors are open: at the end of a period that is over, else now (the answer's time). */
function openErrorsHeading({ at, atPeriodEnd, events }: TicketSummaryAnswer['openErrors'], t: PanelT): string {
  return atPeriodEnd
    ? t('panels.ticketSummary.openErrorsAtEnd', { count: events.length })
    : t('panels.ticketSummary.openErrorsNow', { time: timeText(at), count: events.length });
}

function periodText(period: TicketSummaryAnswer['period'], t: PanelT): string {
  return period.startDay === period.endDay
    ? period.startDay
    : t('panels.ticketSummary.periodRange', { start: period.startDay, end: period.endDay });
}

/**
 * The ticket a service engineer would start from: the printer, the period, the errors still open at its end (or now),
 * the period's errors and maintenance events ('Other' last, spec reports §5) and a line for the problem description.
 * No external ticketing system: the user copies it.
 */
export function selectTicketSummary(answer: TicketSummaryAnswer, options: TicketSummaryOptions): TicketSummaryData {
  return { ticket: answer, maxMessages: options.maxMessages ?? 5 };
}

/** The ticket's text, in the panels' texts (`panels.ticketSummary.*`). */
export function ticketText({ ticket, maxMessages: max }: TicketSummaryData, t: PanelT): string {
  const errors = ticket.errorTableData.messageTableData;
  const maintenance = ticket.maintenanceTableData.messageTableData;
  const count = (rows: readonly MessageRow[]) => rows.reduce((sum, row) => sum + row.count, 0);
  return [
    t('panels.ticketSummary.heading', { serial: ticket.systemSerialGk, group: ticket.systemGroup }),
    t('panels.ticketSummary.period', { period: periodText(ticket.period, t) }),
    '',
    openErrorsHeading(ticket.openErrors, t),
    ...openErrorLines(ticket.openErrors.events, max, t),
    '',
    t('panels.ticketSummary.errors', { count: count(errors) }),
    ...messageLines(errors, max, t),
    '',
    t('panels.ticketSummary.maintenance', { count: count(maintenance) }),
    ...messageLines(maintenance, max, t),
    '',
    t('panels.ticketSummary.problemDescription'),
    '',
  ].join('\n');
}
