import goalsOptionsSchema from './panels/goals.schema.json' with { type: 'json' };
import kpiCardOptionsSchema from './panels/kpi-card.schema.json' with { type: 'json' };
import periodLegendOptionsSchema from './panels/period-legend.schema.json' with { type: 'json' };
import timeSeriesChartOptionsSchema from './panels/time-series-chart.schema.json' with { type: 'json' };

/** Smallest grid size (columns × rows) a panel kind can be placed in. */
export interface PanelMinSize {
  w: number;
  h: number;
}

/** What the layout validator knows about a panel kind: no React here, the server and build scripts import it. */
export interface PanelKindSchema {
  /** JSON Schema (draft 2020-12) of the kind's `options`. */
  optionsSchema: object;
  minSize: PanelMinSize;
}

/**
 * The one list of panel kinds a layout may use. panels/registry.ts must register exactly these
 * (tests/unit/registry-schema-parity.test.ts checks it). Add a kind: its schema in schemas/panels/, one line here.
 */
export const PANEL_KINDS = {
  'kpi-card': { optionsSchema: kpiCardOptionsSchema, minSize: { w: 2, h: 3 } },
  'time-series-chart': { optionsSchema: timeSeriesChartOptionsSchema, minSize: { w: 3, h: 4 } },
  goals: { optionsSchema: goalsOptionsSchema, minSize: { w: 3, h: 4 } },
  'period-legend': { optionsSchema: periodLegendOptionsSchema, minSize: { w: 3, h: 3 } },
} as const satisfies Record<string, PanelKindSchema>;

export type PanelKind = keyof typeof PANEL_KINDS;

export const PANEL_KIND_NAMES = Object.keys(PANEL_KINDS) as PanelKind[];

export function isPanelKind(value: string): value is PanelKind {
  return Object.hasOwn(PANEL_KINDS, value);
}
