import { definePanel } from '../../src/runtime/panel-definition.ts';
import { JOB_KPI_CHART_ANSWERS, selectJobKpiChart } from './model.ts';
import { JobKpiChartOptionsSchema } from './options.ts';

/** The job-kpi-chart kind: everything the runtime and the layout validator know about it. */
export const panel = definePanel({
  kind: 'job-kpi-chart',
  title: 'Job KPI chart',
  description:
    'A Jobs Analysis KPI: the period value with its change, the per-unit figure and a bar per hour, day, week or month bucket.',
  optionsSchema: JobKpiChartOptionsSchema,
  answers: JOB_KPI_CHART_ANSWERS,
  minSize: { w: 3, h: 5 },
  drawsOwnTitle: false,
  placeholder: 'chart',
  selectData: selectJobKpiChart,
  load: () => import('./JobKpiChartPanel.tsx').then((module) => module.JobKpiChartPanel),
});
