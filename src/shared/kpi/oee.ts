/**
 * OEE, overall equipment effectiveness, after ISO 22400-2 (docs/kpi-glossary.md "OEE"): availability × performance ×
 * quality over the planned time of the shifts a system works.
 */

/** What OEE is computed from, for one system over one period; production in the group's unit. */
export interface OeeInputs {
  /** Whether the system reported any status but Not reporting in the period (shifts or not). */
  reported: boolean;
  /** Planned time: seconds of the period inside the shifts the system works ({@link plannedSeconds}). */
  plannedSeconds: number;
  /** Run time: seconds inside those shifts in which the system reported Printing, Preparation or Idle. */
  runSeconds: number;
  /** Production of the jobs counted inside those shifts: impressions (DTG, Apollo) or metres (DTF). */
  production: number;
  /** The part of that production the printer reported as rejected (misprinted, scrapped or reprinted). */
  rejectedProduction: number;
  /** The ideal rate of the system's model in production per hour; null while unknown. */
  idealRatePerHour: number | null;
}

export interface Oee {
  /** Shift availability: run time / planned time. */
  availability: number;
  /** Ideal time of the production / run time; 0 without run time. Not capped: above 1 means the ideal rate is too low. */
  performance: number;
  /** Good production / production, weighted by ideal time across systems; 1 when nothing was produced. */
  quality: number;
  /** availability × performance × quality = ideal time of the good production / planned time. */
  oee: number;
}

/**
 * OEE of one system; null when it reported nothing in the period, has no planned time or its model no ideal rate
 * (shown as '--').
 */
export function oee(inputs: OeeInputs): Oee | null {
  return fleetOee([inputs]);
}

/**
 * Fleet OEE from summed times: availability = Σ run / Σ planned, performance = Σ ideal time / Σ run, quality =
 * Σ ideal time of the good production / Σ ideal time, where a system's ideal time is its production / its model's ideal
 * rate. The OEE is then Σ ideal time of the good production / Σ planned time: the share of the planned time the good
 * output would have needed at the ideal rate. Systems that reported nothing in the period are left out (a printer that
 * sent nothing cannot be told from one not connected). Null when no planned time is left or a system that counts has
 * no ideal rate.
 *
 * Why not the average of the systems' OEEs: an average weights a printer planned for one shift the same as one planned
 * for three, and a week of averages would not match its days. Summing first makes the fleet one machine.
 */
export function fleetOee(systems: readonly OeeInputs[]): Oee | null {
  let planned = 0;
  let run = 0;
  let idealSeconds = 0;
  let goodIdealSeconds = 0;
  for (const system of systems) {
    if (!system.reported) continue;
    if (system.idealRatePerHour === null || !(system.idealRatePerHour > 0)) return null;
    const secondsPerUnit = 3600 / system.idealRatePerHour;
    planned += system.plannedSeconds;
    run += system.runSeconds;
    idealSeconds += system.production * secondsPerUnit;
    goodIdealSeconds += (system.production - system.rejectedProduction) * secondsPerUnit;
  }
  if (planned <= 0) return null;
  const availability = run / planned;
  const performance = run > 0 ? idealSeconds / run : 0;
  const quality = idealSeconds > 0 ? goodIdealSeconds / idealSeconds : 1;
  return { availability, performance, quality, oee: availability * performance * quality };
}

/**
 * The fleet's shift availability alone, Σ run / Σ planned over the systems that reported in the period: known without
 * ideal rates, so the OEE card shows it where a model's missing ideal rate leaves OEE and Performance unknown. Null
 * when no planned time is left.
 */
export function fleetShiftAvailability(systems: readonly OeeInputs[]): number | null {
  const reporting = systems.filter((system) => system.reported);
  const planned = reporting.reduce((total, system) => total + system.plannedSeconds, 0);
  const run = reporting.reduce((total, system) => total + system.runSeconds, 0);
  return planned > 0 ? run / planned : null;
}
