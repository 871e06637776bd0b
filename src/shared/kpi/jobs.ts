import type { SystemGroup } from '../system-group.ts';

/**
 * Jobs Analysis KPIs (docs/kpi-glossary.md "Jobs Analysis"): sums over the jobs that ended in the period, and ratios of
 * those sums (a fleet's figure is that of one machine that printed all its jobs).
 */

/** The sums a Jobs KPI is computed from. */
export interface JobSums {
  jobs: number;
  impressions: number;
  mediaLengthMm: number;
  /** Sum of job durations, end − start. */
  printSeconds: number;
  inkUl: number;
}

/** Ink in millilitres: stored microlitres ÷ 1000 (spec reports §9 "Ink values divided by 1000"). */
export function inkMillilitres(microlitres: number): number {
  return microlitres / 1000;
}

/** Production of jobs: metres of film for DTF, impressions for DTG and Apollo. */
export function jobProduction(sums: JobSums, group: SystemGroup): number {
  return group === 'DTF' ? sums.mediaLengthMm / 1000 : sums.impressions;
}

const ratio = (numerator: number, denominator: number) => (denominator > 0 ? numerator / denominator : 0);

/** 'Print time per unit': printing seconds per impression (DTG, Apollo) or per metre of film (DTF); 0 without production. */
export function printTimePerUnit(sums: JobSums, group: SystemGroup): number {
  return ratio(sums.printSeconds, jobProduction(sums, group));
}

/** 'Ink consumption per unit': ml per impression (DTG, Apollo) or per metre of film (DTF); 0 without production. */
export function inkPerUnit(sums: JobSums, group: SystemGroup): number {
  return ratio(inkMillilitres(sums.inkUl), jobProduction(sums, group));
}

/** Apollo 'Cycle time per impression': printing seconds per impression; 0 without impressions. */
export function cycleTimePerImpression(sums: JobSums): number {
  return ratio(sums.printSeconds, sums.impressions);
}

/** Apollo 'Average process time': printing seconds per job; 0 without jobs. */
export function averageProcessSeconds(sums: JobSums): number {
  return ratio(sums.printSeconds, sums.jobs);
}
