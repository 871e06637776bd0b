/**
 * What a KPI is computed from: the measures the rollups (`system_hour`, `system_day`, `job_day`) hold for one system
 * and one period. Fleet KPIs sum the measures of its systems first ({@link sumMeasures}) and then apply the same
 * formula, so a fleet figure is the figure of one machine that did all the work (docs/kpi-glossary.md).
 *
 * Every field is an additive count or sum, never a ratio, so days add up to weeks and systems to a fleet.
 */
export interface KpiMeasures {
  /** Length of the period in seconds, summed over systems (a 23-hour DST day is 82,800 s per system). */
  periodSeconds: number;
  /** Seconds per status; together with `notReportingSeconds` they add up to `periodSeconds`. */
  printingSeconds: number;
  preparationSeconds: number;
  idleSeconds: number;
  errorSeconds: number;
  maintenanceSeconds: number;
  /** Seconds in which the system sent nothing (switched off, offline). */
  notReportingSeconds: number;
  /** Printed impressions (DTG, Apollo production; also counted on DTF). */
  impressions: number;
  /** Impressions printed with dark (white-underbase) settings. */
  darkImpressions: number;
  /** Finished jobs. */
  jobs: number;
  /** Printed media length in millimetres (DTF production). */
  mediaLengthMm: number;
  /** Seconds spent loading and unloading between jobs (handling / loading time). */
  handlingSeconds: number;
  /** Error events started in the period. */
  errorCount: number;
  /** Maintenance events started in the period. */
  maintenanceCount: number;
  /** Ink used per colour, in microlitres (integers, as stored). */
  inkMicrolitres: Record<string, number>;
}

/** Measures of a period in which nothing happened and nothing was reported. */
export function emptyMeasures(periodSeconds = 0): KpiMeasures {
  return {
    periodSeconds,
    printingSeconds: 0,
    preparationSeconds: 0,
    idleSeconds: 0,
    errorSeconds: 0,
    maintenanceSeconds: 0,
    notReportingSeconds: periodSeconds,
    impressions: 0,
    darkImpressions: 0,
    jobs: 0,
    mediaLengthMm: 0,
    handlingSeconds: 0,
    errorCount: 0,
    maintenanceCount: 0,
    inkMicrolitres: {},
  };
}

const NUMERIC_FIELDS = [
  'periodSeconds',
  'printingSeconds',
  'preparationSeconds',
  'idleSeconds',
  'errorSeconds',
  'maintenanceSeconds',
  'notReportingSeconds',
  'impressions',
  'darkImpressions',
  'jobs',
  'mediaLengthMm',
  'handlingSeconds',
  'errorCount',
  'maintenanceCount',
] as const satisfies readonly (keyof KpiMeasures)[];

/** Adds measures field by field: several systems into a fleet, or several days into a week. */
export function sumMeasures(items: readonly KpiMeasures[]): KpiMeasures {
  const total = emptyMeasures();
  for (const item of items) {
    for (const field of NUMERIC_FIELDS) total[field] += item[field];
    for (const [colour, microlitres] of Object.entries(item.inkMicrolitres)) {
      total.inkMicrolitres[colour] = (total.inkMicrolitres[colour] ?? 0) + microlitres;
    }
  }
  return total;
}

/** Seconds the system reported a status: the period minus not reporting. */
export function reportedSeconds(m: KpiMeasures): number {
  return m.printingSeconds + m.preparationSeconds + m.idleSeconds + m.errorSeconds + m.maintenanceSeconds;
}

/**
 * Seconds of the period not covered by any status (should be 0). Rollups are checked with it: on a 23-hour day the
 * statuses must add up to 82,800 s per system, on a 25-hour day to 90,000 s.
 */
export function unaccountedSeconds(m: KpiMeasures): number {
  return m.periodSeconds - reportedSeconds(m) - m.notReportingSeconds;
}

/** Total ink in microlitres over all colours. */
export function totalInkMicrolitres(m: KpiMeasures): number {
  return Object.values(m.inkMicrolitres).reduce((sum, value) => sum + value, 0);
}
