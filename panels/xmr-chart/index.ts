import { definePanel } from '../../src/runtime/panel-definition.ts';
import { XMR_CHART_ANSWERS, selectXmrChart } from './model.ts';
import { XmrChartOptionsSchema } from './options.ts';

/** The xmr-chart kind: everything the runtime and the layout validator know about it. */
export const panel = definePanel({
  kind: 'xmr-chart',
  title: 'XMR chart',
  description:
    'Impressions per 20 minutes of the current shift, or per shift against its target over a week or range, with centre line, natural process limits and moving ranges; points outside flagged.',
  optionsSchema: XmrChartOptionsSchema,
  answers: XMR_CHART_ANSWERS,
  minSize: { w: 4, h: 5 },
  drawsOwnTitle: false,
  placeholder: 'chart',
  selectData: selectXmrChart,
  load: () => import('./XmrChartPanel.tsx').then((module) => module.XmrChartPanel),
});
