import { defineFramePanel } from '../../src/runtime/panel-definition.ts';
import { selectJobKpiChart } from './model.ts';
import { JobKpiChartOptionsSchema } from './options.ts';

/** The job-kpi-chart kind: everything the runtime and the layout validator know about it. */
export const panel = defineFramePanel({
  kind: 'job-kpi-chart',
  title: 'Job KPI chart',
  description:
    'A series frame as a Jobs Analysis KPI: the period value with its change, the per-unit figure and a bar per hour, day, week or month bucket.',
  optionsSchema: JobKpiChartOptionsSchema,
  accepts: 'series',
  minSize: { w: 3, h: 5 },
  drawsOwnTitle: false,
  placeholder: 'chart',
  selectData: selectJobKpiChart,
  load: () => import('./JobKpiChartPanel.tsx').then((module) => module.JobKpiChartPanel),
});
