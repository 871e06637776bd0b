import { definePanel } from '../../src/runtime/panel-definition.ts';
import { INK_TABLE_ANSWERS, selectInkTable } from './model.ts';
import optionsSchema from './options.schema.json' with { type: 'json' };

/** The ink-table kind: everything the runtime and the layout validator know about it. */
export const panel = definePanel({
  kind: 'ink-table',
  title: 'Ink table',
  description: "One printer's ink per colour in the period: consumed and loaded ml, bottles, ml per unit.",
  optionsSchema,
  answers: INK_TABLE_ANSWERS,
  minSize: { w: 4, h: 3 },
  drawsOwnTitle: false,
  placeholder: 'card',
  selectData: selectInkTable,
  load: () => import('./InkTablePanel.tsx').then((module) => module.InkTablePanel),
});
