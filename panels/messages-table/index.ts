import { definePanel } from '../../src/runtime/panel-definition.ts';
import { MESSAGES_TABLE_ANSWERS, selectMessagesTable } from './model.ts';
import optionsSchema from './options.schema.json' with { type: 'json' };

/** The messages-table kind: everything the runtime and the layout validator know about it. */
export const panel = definePanel({
  kind: 'messages-table',
  title: 'Messages table',
  description: "A printer's errors or maintenance events of the period, one row per message, 'Other' last.",
  optionsSchema,
  answers: MESSAGES_TABLE_ANSWERS,
  minSize: { w: 4, h: 4 },
  drawsOwnTitle: false,
  placeholder: 'card',
  selectData: selectMessagesTable,
  load: () => import('./MessagesTablePanel.tsx').then((module) => module.MessagesTablePanel),
});
