import type { KpiCardData } from '../../src/shared/api-types.ts';
import type { SystemGroup } from '../../src/shared/system-group.ts';

/** Options of a kpi-card panel; schemas/panels/kpi-card.schema.json is their contract. */
export interface KpiCardOptions {
  /** Property of the query response holding the card data, e.g. 'totalProduction'; dots reach nested properties. */
  field: string;
  /** Card label per system group ('Total Impressions' for DTG and Apollo, 'Total Production' for DTF). */
  labels: Partial<Record<SystemGroup, string>>;
  /** Most decimals of the abbreviated value. */
  decimals?: number;
}

/** Card data with a value to show (a null value is the empty state). */
export type KpiCard = KpiCardData & { value: number };

export const KPI_CARD_DEFAULTS = { decimals: 1 } satisfies Partial<KpiCardOptions>;

/** Top cards are 144 px high (spec reports §2 Overview, §9). */
export const KPI_CARD_HEIGHT_PX = 144;

export type Trend = 'positive' | 'negative';

/** Trend colours of spec reports §9. */
export const TREND_COLOURS: Record<Trend, string> = { positive: '#1BB934', negative: '#FF4081' };

/** Negative when the change is below 0 (red, downward), otherwise positive (green, upward) — spec reports §4. */
export function trendOf(stats: number): Trend {
  return stats < 0 ? 'negative' : 'positive';
}

export function kpiCardLabel(options: KpiCardOptions, group: SystemGroup): string | undefined {
  return options.labels[group];
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null;
}

function isKpiCard(value: unknown): value is KpiCard {
  return (
    isRecord(value) &&
    typeof value['value'] === 'number' &&
    typeof value['units'] === 'string' &&
    (value['stats'] === null || typeof value['stats'] === 'number') &&
    typeof value['statsDescription'] === 'string'
  );
}

/** The card data at `options.field` of the response, or null when there is no value to show. */
export function selectKpiCard(response: unknown, options: KpiCardOptions): KpiCard | null {
  const value = options.field
    .split('.')
    .reduce<unknown>((node, key) => (isRecord(node) ? node[key] : undefined), response);
  return isKpiCard(value) ? value : null;
}
