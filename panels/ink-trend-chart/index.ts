import { definePanel } from '../../src/runtime/panel-definition.ts';
import { INK_TREND_CHART_ANSWERS, selectInkTrendChart } from './model.ts';
import optionsSchema from './options.schema.json' with { type: 'json' };

/** The ink-trend-chart kind: everything the runtime and the layout validator know about it. */
export const panel = definePanel({
  kind: 'ink-trend-chart',
  title: 'Ink trend chart',
  description: 'One number of the answer with its units.',
  optionsSchema,
  answers: INK_TREND_CHART_ANSWERS,
  minSize: { w: 2, h: 3 },
  drawsOwnTitle: false,
  placeholder: 'card',
  selectData: selectInkTrendChart,
  load: () => import('./InkTrendChartPanel.tsx').then((module) => module.InkTrendChartPanel),
});
