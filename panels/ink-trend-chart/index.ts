import { definePanel } from '../../src/runtime/panel-definition.ts';
import { INK_TREND_CHART_ANSWERS, selectInkTrendChart } from './model.ts';
import { InkTrendChartOptionsSchema } from './options.ts';

/** The ink-trend-chart kind: everything the runtime and the layout validator know about it. */
export const panel = definePanel({
  kind: 'ink-trend-chart',
  title: 'Ink trend chart',
  description:
    'Ink consumption per hour, day, week or month bucket with a colour multi-select starting at Total and the orange count of days on cut buckets.',
  optionsSchema: InkTrendChartOptionsSchema,
  answers: INK_TREND_CHART_ANSWERS,
  minSize: { w: 4, h: 5 },
  drawsOwnTitle: false,
  placeholder: 'chart',
  selectData: selectInkTrendChart,
  load: () => import('./InkTrendChartPanel.tsx').then((module) => module.InkTrendChartPanel),
});
