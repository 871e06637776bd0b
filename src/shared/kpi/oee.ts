import type { SystemGroup } from '../system-group.ts';
import type { KpiMeasures } from './inputs.ts';
import { reportedSeconds } from './inputs.ts';
import { availableSeconds } from './availability.ts';
import { production } from './production.ts';

export interface Oee {
  /** `(reported − error − maintenance) / reported`, as `availability()`. */
  availability: number;
  /** `production / (nominal rate × available hours)`; not capped, so a nominal rate set too low shows above 1. */
  performance: number;
  /** `good / total impressions` with good = impressions − rejected; 1 when nothing was printed. */
  quality: number;
  /** `availability × performance × quality`. */
  oee: number;
}

/** One system of a fleet with the nominal rate of its model (impressions per hour, metres per hour for DTF). */
export interface OeeSystem {
  measures: KpiMeasures;
  nominalRatePerHour: number;
}

/**
 * OEE of one system: availability × performance × quality.
 *
 * - availability = available / reported seconds (available = reported − error − maintenance);
 * - performance = production / (nominalRatePerHour × available hours), production in impressions (DTG, Apollo)
 *   or metres (DTF) and the nominal rate that of the system's model;
 * - quality = (impressions − rejected) / impressions.
 *
 * Returns null when nothing was reported (availability −1) or the nominal rate is not positive.
 */
export function oee(m: KpiMeasures, nominalRatePerHour: number, group: SystemGroup): Oee | null {
  return fleetOee([{ measures: m, nominalRatePerHour }], group);
}

/**
 * Fleet OEE from summed measures: availability = Σ available / Σ reported, performance = Σ production /
 * Σ (nominal rate × available hours), quality = Σ good / Σ impressions.
 *
 * Why not the average of the systems' OEEs: an average weights a printer that reported for one hour the same as one
 * that ran all week, and a mean of ratios is not a ratio of totals, so the fleet's week would not equal the sum of its
 * days. Summing first makes the fleet figure that of one machine doing all the work, weighted by time and output.
 * Returns null when no system reported or a system's nominal rate is not positive.
 */
export function fleetOee(systems: readonly OeeSystem[], group: SystemGroup): Oee | null {
  let reported = 0;
  let available = 0;
  let produced = 0;
  let nominal = 0;
  let impressions = 0;
  let rejected = 0;
  for (const { measures, nominalRatePerHour } of systems) {
    if (!(nominalRatePerHour > 0)) return null;
    reported += reportedSeconds(measures);
    available += availableSeconds(measures);
    produced += production(measures, group);
    nominal += (nominalRatePerHour * availableSeconds(measures)) / 3600;
    impressions += measures.impressions;
    rejected += measures.rejectedImpressions;
  }
  if (reported <= 0) return null;
  const availabilityValue = available / reported;
  const performance = nominal > 0 ? produced / nominal : 0;
  const quality = impressions > 0 ? (impressions - rejected) / impressions : 1;
  return { availability: availabilityValue, performance, quality, oee: availabilityValue * performance * quality };
}
