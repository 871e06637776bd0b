import { PANEL_KINDS, type PanelKind } from '../schemas/panel-kinds.ts';
import { definePanel, type AnyPanelDefinition } from '../src/runtime/panel-sdk.ts';
import { selectGoals, type GoalsData, type GoalsOptions } from './goals/model.ts';
import { kpiCardLabel, selectKpiCard, type KpiCard, type KpiCardOptions } from './kpi-card/model.ts';
import { selectPeriodLegend, type PeriodLegendData, type PeriodLegendOptions } from './period-legend/model.ts';
import { selectChartData, type TimeSeriesChartData, type TimeSeriesChartOptions } from './time-series-chart/model.ts';

/**
 * Every panel kind: eager metadata (small) and lazily loaded code (one chunk per kind).
 * Its keys equal schemas/panel-kinds.ts (the type says so, tests/unit/registry-schema-parity.test.ts checks it).
 */
export const PANEL_REGISTRY: Record<PanelKind, AnyPanelDefinition> = {
  'kpi-card': definePanel<KpiCardOptions, KpiCard>({
    kind: 'kpi-card',
    title: 'KPI card',
    description: 'One KPI with units, the change against the previous period and a trend arrow; 144 px high.',
    minSize: PANEL_KINDS['kpi-card'].minSize,
    drawsOwnTitle: true,
    placeholder: 'card',
    titleFor: kpiCardLabel,
    selectData: selectKpiCard,
    load: () => import('./kpi-card/KpiCardPanel.tsx').then((module) => module.KpiCardPanel),
  }),
  'time-series-chart': definePanel<TimeSeriesChartOptions, TimeSeriesChartData>({
    kind: 'time-series-chart',
    title: 'Time-series chart',
    description:
      'Bars of the selected period and a line of the previous one by hour or day; a toggle between series (speed or utilization) kept per group.',
    minSize: PANEL_KINDS['time-series-chart'].minSize,
    drawsOwnTitle: true,
    placeholder: 'chart',
    selectData: selectChartData,
    load: () => import('./time-series-chart/TimeSeriesChartPanel.tsx').then((module) => module.TimeSeriesChartPanel),
  }),
  goals: definePanel<GoalsOptions, GoalsData>({
    kind: 'goals',
    title: 'Goals and achievements',
    description:
      'Weekly and yearly goal with completed production, percentage, 7- and 12-segment progress bars and the week record.',
    minSize: PANEL_KINDS.goals.minSize,
    drawsOwnTitle: true,
    placeholder: 'card',
    selectData: selectGoals,
    load: () => import('./goals/GoalsPanel.tsx').then((module) => module.GoalsPanel),
  }),
  'period-legend': definePanel<PeriodLegendOptions, PeriodLegendData>({
    kind: 'period-legend',
    title: 'Period legend',
    description:
      "The selected timeframe and period, and the legend of the selected period against the previous one in the charts' colours (the mobile overview's 'Production Overview' card).",
    minSize: PANEL_KINDS['period-legend'].minSize,
    drawsOwnTitle: true,
    placeholder: 'card',
    selectData: selectPeriodLegend,
    load: () => import('./period-legend/PeriodLegendPanel.tsx').then((module) => module.PeriodLegendPanel),
  }),
};
