import type { KpiMeasures } from './inputs.ts';
import { reportedSeconds } from './inputs.ts';

/** Availability when the system reported nothing in the period; the UI shows it as '--' (spec reports §5). */
export const AVAILABILITY_NOT_REPORTED = -1;

/**
 * Availability: share of the reported time in which the system was not in error or maintenance.
 *
 * `(reported − error − maintenance) / reported`, where reported = printing + preparation + idle + error + maintenance
 * seconds (not-reporting time is left out: a switched-off printer is neither available nor unavailable).
 * Returns {@link AVAILABILITY_NOT_REPORTED} (−1) when nothing was reported.
 */
export function availability(m: KpiMeasures): number {
  const reported = reportedSeconds(m);
  if (reported <= 0) return AVAILABILITY_NOT_REPORTED;
  return (reported - m.errorSeconds - m.maintenanceSeconds) / reported;
}

/** Seconds the system was available to print: reported − error − maintenance (OEE's run time). */
export function availableSeconds(m: KpiMeasures): number {
  return reportedSeconds(m) - m.errorSeconds - m.maintenanceSeconds;
}

/** Error duration in seconds ('Error Dur.'). */
export function errorDuration(m: KpiMeasures): number {
  return m.errorSeconds;
}

/** Maintenance duration in seconds ('Maintenance Dur.'). */
export function maintenanceDuration(m: KpiMeasures): number {
  return m.maintenanceSeconds;
}

/** Error share of the reported time: `error / reported`; 0 when nothing was reported. */
export function errorShare(m: KpiMeasures): number {
  const reported = reportedSeconds(m);
  return reported > 0 ? m.errorSeconds / reported : 0;
}

/** Maintenance share of the reported time: `maintenance / reported`; 0 when nothing was reported. */
export function maintenanceShare(m: KpiMeasures): number {
  const reported = reportedSeconds(m);
  return reported > 0 ? m.maintenanceSeconds / reported : 0;
}
