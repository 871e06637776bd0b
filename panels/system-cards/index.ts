import { definePanel } from '../../src/runtime/panel-definition.ts';
import { SYSTEM_CARDS_ANSWERS, selectSystemCards } from './model.ts';
import { SystemCardsOptionsSchema } from './options.ts';

/** The system-cards kind: everything the runtime and the layout validator know about it. */
export const panel = definePanel({
  kind: 'system-cards',
  title: 'System cards',
  description: "One printer's system page cards: its identity, or its KPIs against last week and the fleet.",
  optionsSchema: SystemCardsOptionsSchema,
  answers: SYSTEM_CARDS_ANSWERS,
  minSize: { w: 3, h: 3 },
  drawsOwnTitle: false,
  placeholder: 'card',
  selectData: selectSystemCards,
  load: () => import('./SystemCardsPanel.tsx').then((module) => module.SystemCardsPanel),
});
