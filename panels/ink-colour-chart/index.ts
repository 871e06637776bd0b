import { definePanel } from '../../src/runtime/panel-definition.ts';
import { INK_COLOUR_CHART_ANSWERS, selectInkColourChart } from './model.ts';
import optionsSchema from './options.schema.json' with { type: 'json' };

/** The ink-colour-chart kind: everything the runtime and the layout validator know about it. */
export const panel = definePanel({
  kind: 'ink-colour-chart',
  title: 'Ink colour chart',
  description: 'One number of the answer with its units.',
  optionsSchema,
  answers: INK_COLOUR_CHART_ANSWERS,
  minSize: { w: 2, h: 3 },
  drawsOwnTitle: false,
  placeholder: 'card',
  selectData: selectInkColourChart,
  load: () => import('./InkColourChartPanel.tsx').then((module) => module.InkColourChartPanel),
});
