import { definePanel } from '../../src/runtime/panel-definition.ts';
import { INK_COLOUR_CHART_ANSWERS, selectInkColourChart } from './model.ts';
import { InkColourChartOptionsSchema } from './options.ts';

/** The ink-colour-chart kind: everything the runtime and the layout validator know about it. */
export const panel = definePanel({
  kind: 'ink-colour-chart',
  title: 'Ink colour chart',
  description:
    'Ink per colour: the colour consumption (ml and share) or the colour comparison against the previous period.',
  optionsSchema: InkColourChartOptionsSchema,
  answers: INK_COLOUR_CHART_ANSWERS,
  minSize: { w: 3, h: 4 },
  drawsOwnTitle: false,
  placeholder: 'chart',
  selectData: selectInkColourChart,
  load: () => import('./InkColourChartPanel.tsx').then((module) => module.InkColourChartPanel),
});
