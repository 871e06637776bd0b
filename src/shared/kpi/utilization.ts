import type { KpiMeasures } from './inputs.ts';
import { reportedSeconds } from './inputs.ts';

/**
 * Utilization ('Avg. Utilization'): share of the reported time spent printing, `printing / reported`.
 * 0 when nothing was reported.
 */
export function utilization(m: KpiMeasures): number {
  const reported = reportedSeconds(m);
  return reported > 0 ? m.printingSeconds / reported : 0;
}

/**
 * Preparation ('Preparation', DTF): share of the reported time spent preparing (warm-up, cleaning, loading film),
 * `preparation / reported`. 0 when nothing was reported.
 */
export function preparationShare(m: KpiMeasures): number {
  const reported = reportedSeconds(m);
  return reported > 0 ? m.preparationSeconds / reported : 0;
}

/**
 * Productive utilization (overview `productivityUtilization`): share of the reported time spent printing or
 * preparing, `(printing + preparation) / reported`. 0 when nothing was reported.
 */
export function productiveUtilization(m: KpiMeasures): number {
  const reported = reportedSeconds(m);
  return reported > 0 ? (m.printingSeconds + m.preparationSeconds) / reported : 0;
}
