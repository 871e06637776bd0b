import { defineFramePanel } from '../../src/runtime/panel-definition.ts';
import { selectPeriodLegend } from './model.ts';
import { PeriodLegendOptionsSchema } from './options.ts';

/** The period-legend kind: everything the runtime and the layout validator know about it. */
export const panel = defineFramePanel({
  kind: 'period-legend',
  title: 'Period legend',
  description:
    "The selected timeframe and period, and the legend of the selected period against the previous one in the charts' colours (the mobile overview's 'Production Overview' card).",
  optionsSchema: PeriodLegendOptionsSchema,
  accepts: 'period',
  minSize: { w: 3, h: 3 },
  drawsOwnTitle: true,
  placeholder: 'card',
  selectData: selectPeriodLegend,
  load: () => import('./PeriodLegendPanel.tsx').then((module) => module.PeriodLegendPanel),
});
