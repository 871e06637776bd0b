import { defineFramePanel } from '../../src/runtime/panel-definition.ts';
import { selectSeriesChart } from './model.ts';
import { SeriesChartOptionsSchema } from './options.ts';

/** The series-chart kind: everything the runtime and the layout validator know about it. */
export const panel = defineFramePanel({
  kind: 'series-chart',
  title: 'Series chart',
  description:
    "Any answer's series frame as bars per hour, day, week or month bucket, with the period's total and figure above it, a multi-select of its series, or the previous period's line with its legend and a toggle between series.",
  optionsSchema: SeriesChartOptionsSchema,
  accepts: 'series',
  minSize: { w: 3, h: 5 },
  drawsOwnTitle: false,
  drawsOwnTitleWith: (options) => options.comparison === true,
  placeholder: 'chart',
  selectData: selectSeriesChart,
  load: () => import('./SeriesChartPanel.tsx').then((module) => module.SeriesChartPanel),
});
