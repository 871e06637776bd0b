import { defineFramePanel } from '../../src/runtime/panel-definition.ts';
import { kpiCardLabel, selectKpiCard } from './model.ts';
import { KpiCardOptionsSchema } from './options.ts';

/** The kpi-card kind: any answer's KPI frame (the Overview's, the System page's and the Jobs cards). */
export const panel = defineFramePanel({
  kind: 'kpi-card',
  title: 'KPI card',
  description: 'One KPI frame with units, the change against the previous period and a trend arrow; 144 px high.',
  optionsSchema: KpiCardOptionsSchema,
  accepts: 'kpi',
  minSize: { w: 2, h: 3 },
  drawsOwnTitle: true,
  placeholder: 'card',
  titleFor: kpiCardLabel,
  selectData: selectKpiCard,
  load: () => import('./KpiCardPanel.tsx').then((module) => module.KpiCardPanel),
});
