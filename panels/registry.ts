import { PANEL_KINDS, type PanelKind } from '../schemas/panel-kinds.ts';
import { definePanel, type AnyPanelDefinition } from '../src/runtime/panel-sdk.ts';
import { kpiCardLabel, selectKpiCard, type KpiCard, type KpiCardOptions } from './kpi-card/model.ts';

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
    titleFor: kpiCardLabel,
    selectData: selectKpiCard,
    load: () => import('./kpi-card/KpiCardPanel.tsx').then((module) => module.KpiCardPanel),
  }),
};
