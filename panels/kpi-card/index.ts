import { definePanel } from '../../src/runtime/panel-definition.ts';
import { KPI_CARD_ANSWERS, kpiCardLabel, selectKpiCard } from './model.ts';
import { KpiCardOptionsSchema } from './options.ts';

/** The kpi-card kind: everything the runtime and the layout validator know about it. */
export const panel = definePanel({
  kind: 'kpi-card',
  title: 'KPI card',
  description: 'One KPI with units, the change against the previous period and a trend arrow; 144 px high.',
  optionsSchema: KpiCardOptionsSchema,
  answers: KPI_CARD_ANSWERS,
  minSize: { w: 2, h: 3 },
  drawsOwnTitle: true,
  placeholder: 'card',
  titleFor: kpiCardLabel,
  selectData: selectKpiCard,
  load: () => import('./KpiCardPanel.tsx').then((module) => module.KpiCardPanel),
});
