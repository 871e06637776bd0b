import { definePanel } from '../../src/runtime/panel-definition.ts';
import { TIME_SERIES_CHART_ANSWERS, selectChartData } from './model.ts';
import { TimeSeriesChartOptionsSchema } from './options.ts';

/** The time-series-chart kind: everything the runtime and the layout validator know about it. */
export const panel = definePanel({
  kind: 'time-series-chart',
  title: 'Time-series chart',
  description:
    'Bars of the selected period and a line of the previous one by hour or day; a toggle between series (speed or utilization) kept per group.',
  optionsSchema: TimeSeriesChartOptionsSchema,
  answers: TIME_SERIES_CHART_ANSWERS,
  minSize: { w: 3, h: 4 },
  drawsOwnTitle: true,
  placeholder: 'chart',
  selectData: selectChartData,
  load: () => import('./TimeSeriesChartPanel.tsx').then((module) => module.TimeSeriesChartPanel),
});
