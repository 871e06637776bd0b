import type { KpiMeasures } from './inputs.ts';

/**
 * Whole percentages that total exactly 100 (spec reports §5): each share `value / Σ values × 100` is rounded to
 * `decimals` places and the remainder is added to the largest value (the first one on a tie).
 * All zeros (or an empty list) give all zeros; negative values count as 0.
 *
 * Examples: [1, 1, 1] → [34, 33, 33]; [0.125, 0.125, 0.75] → [13, 13, 74].
 */
export function roundPercentagesTo100(values: readonly number[], decimals = 0): number[] {
  const weights = values.map((value) => (Number.isFinite(value) && value > 0 ? value : 0));
  const total = weights.reduce((sum, value) => sum + value, 0);
  if (total <= 0) return weights.map(() => 0);
  const scale = 10 ** decimals;
  const rounded = weights.map((value) => Math.round((value / total) * 100 * scale));
  const remainder = 100 * scale - rounded.reduce((sum, unit) => sum + unit, 0);
  let largest = 0;
  weights.forEach((value, index) => {
    if (value > (weights[largest] ?? 0)) largest = index;
  });
  rounded[largest] = (rounded[largest] ?? 0) + remainder;
  return rounded.map((units) => units / scale);
}

/** Timeline statuses in display order (spec reports §4). */
export const TIMELINE_STATUSES = ['Error', 'Maintenance', 'Idle', 'Printing', 'Not Reporting'] as const;
export type TimelineStatus = (typeof TIMELINE_STATUSES)[number];

/** The timeline's colour of each status (spec reports §9). */
export const TIMELINE_COLOURS: Record<TimelineStatus, string> = {
  Error: '#FF404F',
  Maintenance: '#FFAB2B',
  Idle: '#5E7EBF',
  Printing: '#1BB934',
  'Not Reporting': '#C5D0DE',
};

/**
 * The timeline's per-day status percentages (Error, Maintenance, Idle, Printing, Not Reporting) of the period,
 * totalling 100. The timeline has no preparation colour: preparation seconds are shown with Printing.
 */
export function statusPercentages(m: KpiMeasures): Record<TimelineStatus, number> {
  const [error = 0, maintenance = 0, idle = 0, printing = 0, notReporting = 0] = roundPercentagesTo100([
    m.errorSeconds,
    m.maintenanceSeconds,
    m.idleSeconds,
    m.printingSeconds + m.preparationSeconds,
    m.notReportingSeconds,
  ]);
  return { Error: error, Maintenance: maintenance, Idle: idle, Printing: printing, 'Not Reporting': notReporting };
}
