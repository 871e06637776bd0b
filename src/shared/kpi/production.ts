import type { SystemGroup } from '../system-group.ts';
import type { KpiMeasures } from './inputs.ts';
import { reportedSeconds } from './inputs.ts';

export type LengthUnit = 'Meter' | 'Yard' | 'Feet';

const MM_PER_UNIT: Record<LengthUnit, number> = { Meter: 1000, Yard: 914.4, Feet: 304.8 };

/** Millimetres as metres, yards or feet. */
export function lengthIn(mm: number, unit: LengthUnit): number {
  return mm / MM_PER_UNIT[unit];
}

/**
 * Production ('Total Production' for DTF, 'Total Impressions' for DTG and Apollo): printed media length in metres
 * for DTF, impressions for DTG and Apollo.
 */
export function production(m: KpiMeasures, group: SystemGroup): number {
  return group === 'DTF' ? m.mediaLengthMm / 1000 : m.impressions;
}

/**
 * Production rate ('Average prod. rate'): production per printing hour, `production / (printing seconds / 3600)`.
 * Impressions per hour for DTG and Apollo, metres per hour for DTF. 0 when the system did not print.
 */
export function productionRate(m: KpiMeasures, group: SystemGroup): number {
  return m.printingSeconds > 0 ? (production(m, group) * 3600) / m.printingSeconds : 0;
}

/**
 * Productivity (DTG and Apollo): impressions per reported hour, `impressions / (reported seconds / 3600)`.
 * Unlike the production rate it also counts the time spent idle, preparing, in error or maintenance.
 * 0 when nothing was reported.
 */
export function productivity(m: KpiMeasures): number {
  const reported = reportedSeconds(m);
  return reported > 0 ? (m.impressions * 3600) / reported : 0;
}

/** Dark impressions ('Dark Impressions', DTG and Apollo): `darkImpressions / impressions`; 0 without impressions. */
export function darkImpressionsShare(m: KpiMeasures): number {
  return m.impressions > 0 ? m.darkImpressions / m.impressions : 0;
}

/** Average handling (loading) time ('Avg. Handling Time'): `handlingSeconds / jobs` in seconds; 0 without jobs. */
export function averageHandlingSeconds(m: KpiMeasures): number {
  return m.jobs > 0 ? m.handlingSeconds / m.jobs : 0;
}
