import { definePanel } from '../../src/runtime/panel-definition.ts';
import { TICKET_SUMMARY_ANSWERS, selectTicketSummary } from './model.ts';
import { TicketSummaryOptionsSchema } from './options.ts';

/** The ticket-summary kind: everything the runtime and the layout validator know about it. */
export const panel = definePanel({
  kind: 'ticket-summary',
  title: 'Ticket summary',
  description: 'A prefilled service ticket (printer, period, errors, maintenance) to edit and copy.',
  optionsSchema: TicketSummaryOptionsSchema,
  answers: TICKET_SUMMARY_ANSWERS,
  minSize: { w: 4, h: 5 },
  drawsOwnTitle: false,
  placeholder: 'card',
  selectData: selectTicketSummary,
  load: () => import('./TicketSummaryPanel.tsx').then((module) => module.TicketSummaryPanel),
});
