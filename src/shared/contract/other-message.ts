import type { MessageRow } from './system-page.contract.ts';

/** The answers' name of the catch-all message, always listed last (spec reports §5): the table words it (`frames.messages.other`). */
export const OTHER_MESSAGE = 'Other';

/** The rows with 'Other' moved to the end (spec reports §5), the others in the answer's order. */
export function otherLast(rows: readonly MessageRow[]): MessageRow[] {
  return [
    ...rows.filter((row) => row.message !== OTHER_MESSAGE),
    ...rows.filter((row) => row.message === OTHER_MESSAGE),
  ];
}
