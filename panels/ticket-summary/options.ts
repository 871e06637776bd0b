import { Type, type Static } from 'typebox';
import { panelOptionsSchema } from '../../src/runtime/panel-sdk-options.ts';

/** The options of a ticket-summary panel (a layout's `panels.<id>.options`). */
export const TicketSummaryOptionsSchema = panelOptionsSchema(
  {
    title: 'Ticket summary options',
    description:
      "A prefilled service ticket for one printer: serial, group, period, its errors and maintenance events of the period ('Other' last) and a line for the problem description, editable, with a Copy button (no external ticketing system). Answer: SystemMessages.",
  },
  {
    maxMessages: Type.Optional(
      Type.Integer({
        description: 'Most messages of each table in the summary; the rest are counted. Default 5.',
        minimum: 1,
        maximum: 50,
      }),
    ),
  },
);

export type TicketSummaryOptions = Static<typeof TicketSummaryOptionsSchema>;
