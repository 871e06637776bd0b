import type { AnswerOf } from '../../src/shared/api-types.ts';
import type { MessageRow } from '../../src/shared/contract/system-page.contract.ts';
import { formatDuration } from '../../src/shared/format/duration.ts';
import { formatPercent } from '../../src/shared/format/percent.ts';

/** The answers the kind shows (names of ANSWER_SCHEMAS): a layout may bind it only to a query answering one of them. */
export const MESSAGES_TABLE_ANSWERS = ['SystemMessages'] as const;

export type MessagesTableAnswer = AnswerOf<(typeof MESSAGES_TABLE_ANSWERS)[number]>;

/** Options of a messages-table panel; options.schema.json beside this file is their contract. */
export interface MessagesTableOptions {
  /** The errors or the maintenance events of the period. */
  table: 'errors' | 'maintenance';
}

/** One row as the table shows it. */
export interface MessagesTableRow {
  message: string;
  codes: string;
  count: number;
  duration: string;
  share: string;
}

/** What the panel draws. */
export interface MessagesTableData {
  rows: MessagesTableRow[];
}

/** The catch-all message that is always listed last (spec reports §5). */
export const OTHER_MESSAGE = 'Other';

/** The rows with 'Other' moved to the end (spec reports §5), the others in the answer's order. */
export function otherLast(rows: readonly MessageRow[]): MessageRow[] {
  return [
    ...rows.filter((row) => row.message !== OTHER_MESSAGE),
    ...rows.filter((row) => row.message === OTHER_MESSAGE),
  ];
}

/** The chosen table's rows; null (the empty state) when the period has none. */
export function selectMessagesTable(
  answer: MessagesTableAnswer,
  options: MessagesTableOptions,
): MessagesTableData | null {
  const table = options.table === 'errors' ? answer.errorTableData : answer.maintenanceTableData;
  if (table.messageTableData.length === 0) return null;
  return {
    rows: otherLast(table.messageTableData).map((row) => ({
      message: row.message,
      codes: row.codes.join(', '),
      count: row.count,
      duration: formatDuration(row.durationSeconds),
      share: formatPercent(row.durationShare),
    })),
  };
}
