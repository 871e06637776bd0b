import { definePanel } from '../../src/runtime/panel-definition.ts';
import { QUALISET_RESULTS_ANSWERS, selectQualisetResults } from './model.ts';
import optionsSchema from './options.schema.json' with { type: 'json' };

/** The qualiset-results kind: everything the runtime and the layout validator know about it. */
export const panel = definePanel({
  kind: 'qualiset-results',
  title: 'Qualiset results',
  description: "One printer's Qualiset tests of the period: pass rate and results, latest first.",
  optionsSchema,
  answers: QUALISET_RESULTS_ANSWERS,
  minSize: { w: 4, h: 3 },
  drawsOwnTitle: false,
  placeholder: 'card',
  selectData: selectQualisetResults,
  load: () => import('./QualisetResultsPanel.tsx').then((module) => module.QualisetResultsPanel),
});
