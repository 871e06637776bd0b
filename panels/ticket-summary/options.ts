import { Type, type Static } from 'typebox';

/**
 * The options of a ticket-summary panel (a layout's `panels.<id>.options`): `npm run panels:index` writes this schema into
 * schemas/report-layout.schema.json, where editors complete and describe them and the layout validator checks them.
 */
export const TicketSummaryOptionsSchema = Type.Object(
  {
    maxMessages: Type.Optional(
      Type.Integer({
        description: 'Most messages of each table in the summary; the rest are counted. Default 5.',
        minimum: 1,
        maximum: 50,
      }),
    ),
  },
  {
    title: 'Ticket summary options',
    description:
      "A prefilled service ticket for one printer: serial, group, period, its errors and maintenance events of the period ('Other' last) and a line for the problem description, editable, with a Copy button (no external ticketing system). Answer: SystemMessages.",
    additionalProperties: false,
  },
);

export type TicketSummaryOptions = Static<typeof TicketSummaryOptionsSchema>;
