import { definePanel } from '../../src/runtime/panel-definition.ts';
import { selectSystemsList } from './model.ts';
import { SystemsListOptionsSchema } from './options.ts';

/** The systems-list kind: everything the runtime and the layout validator know about it. */
export const panel = definePanel({
  kind: 'systems-list',
  title: 'Systems list',
  description:
    'The systems of the period as a table or cards (sortable, virtualised), with the nickname and software popups; fills the report height.',
  optionsSchema: SystemsListOptionsSchema,
  answers: ['SystemsAnalysis'],
  minSize: { w: 12, h: 10 },
  // The toolbar and the table's caption stand for the title once the systems are shown.
  drawsOwnTitle: true,
  placeholder: 'card',
  selectData: selectSystemsList,
  load: () => import('./SystemsListPanel.tsx').then((module) => module.SystemsListPanel),
});
