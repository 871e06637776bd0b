import type { AnswerOf } from '../../src/shared/api-types.ts';
import type { MessageRow, OpenError } from '../../src/shared/contract/system-page.contract.ts';
import { formatDuration } from '../../src/shared/format/duration.ts';
import { formatLastUpdate } from '../../src/shared/format/last-update.ts';
import type { TicketSummaryOptions } from './options.ts';

/** The answers the kind shows (names of ANSWER_SCHEMAS): a layout may bind it only to a query answering one of them. */
export const TICKET_SUMMARY_ANSWERS = ['SystemMessages'] as const;

export type TicketSummaryAnswer = AnswerOf<(typeof TICKET_SUMMARY_ANSWERS)[number]>;

/** What the panel draws: the prefilled ticket text. */
export interface TicketSummaryData {
  text: string;
}

const OTHER = 'Other';

function messageLines(rows: readonly MessageRow[], max: number): string[] {
  const ordered = [...rows.filter((row) => row.message !== OTHER), ...rows.filter((row) => row.message === OTHER)];
  const lines = ordered
    .slice(0, max)
    .map(
      (row) =>
        `- ${row.message}${row.codes.length > 0 ? ` [${row.codes.join(', ')}]` : ''}: ${row.count}×, ${formatDuration(row.durationSeconds)}`,
    );
  if (ordered.length > max) lines.push(`- … and ${ordered.length - max} more`);
  return lines.length === 0 ? ['- none'] : lines;
}

/** An instant as the ticket writes it (the viewer's clock, like the header's last update). */
function timeText(iso: string): string {
  return formatLastUpdate(iso) ?? iso;
}

/** The open errors, each with its code, start and what is known of its end (docs/kpi-glossary.md "Open error"). */
function openErrorLines(events: readonly OpenError[], max: number): string[] {
  const lines = events
    .slice(0, max)
    .map(
      (event) =>
        `- ${event.message} [${event.code}] since ${timeText(event.startedAt)}, ${
          event.endedAt === null ? 'no end reported' : `ended ${timeText(event.endedAt)}`
        }`,
    );
  if (events.length > max) lines.push(`- … and ${events.length - max} more`);
  return lines.length === 0 ? ['- none'] : lines;
}

/** When the errors are open: at the end of a period that is over, else now (the answer's time). */
function openErrorsHeading({ at, atPeriodEnd }: TicketSummaryAnswer['openErrors']): string {
  return atPeriodEnd ? 'Open errors at the end of the period' : `Open errors now, ${timeText(at)}`;
}

function periodText(period: TicketSummaryAnswer['period']): string {
  return period.startDay === period.endDay ? `${period.startDay}` : `${period.startDay} to ${period.endDay}`;
}

/**
 * The ticket a service engineer would start from: the printer, the period, the errors still open at its end (or now),
 * the period's errors and maintenance events ('Other' last, spec reports §5) and a line for the problem description.
 * No external ticketing system: the user copies it.
 */
export function selectTicketSummary(answer: TicketSummaryAnswer, options: TicketSummaryOptions): TicketSummaryData {
  const max = options.maxMessages ?? 5;
  const errors = answer.errorTableData.messageTableData;
  const maintenance = answer.maintenanceTableData.messageTableData;
  const count = (rows: readonly MessageRow[]) => rows.reduce((sum, row) => sum + row.count, 0);
  return {
    text: [
      `Service ticket: ${answer.systemSerialGk} (${answer.systemGroup})`,
      `Period: ${periodText(answer.period)}`,
      '',
      `${openErrorsHeading(answer.openErrors)} (${answer.openErrors.events.length}):`,
      ...openErrorLines(answer.openErrors.events, max),
      '',
      `Errors in the period (${count(errors)}):`,
      ...messageLines(errors, max),
      '',
      `Maintenance events (${count(maintenance)}):`,
      ...messageLines(maintenance, max),
      '',
      'Problem description:',
      '',
    ].join('\n'),
  };
}
