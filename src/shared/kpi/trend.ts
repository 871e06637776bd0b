/** Trend colours (spec reports §9). */
export const TREND_COLOURS = { positive: '#1BB934', negative: '#FF4081' } as const;

export type Trend = keyof typeof TREND_COLOURS;
export type ThresholdColour = 'red' | 'yellow' | 'green';

/**
 * Fractional change against the previous period (a card's `stats`): `(current − previous) / |previous|`,
 * e.g. 120 after 100 → 0.2. Null when the previous value is 0 (no change can be given).
 */
export function change(current: number, previous: number): number | null {
  if (previous === 0) return null;
  return (current - previous) / Math.abs(previous);
}

/** Trend of a change (spec reports §4): negative (red, downward) when below 0, otherwise positive (green). */
export function trend(stats: number): Trend {
  return stats < 0 ? 'negative' : 'positive';
}

/** The colour of a trend: green #1BB934 or red #FF4081. */
export function trendColour(stats: number): string {
  return TREND_COLOURS[trend(stats)];
}

/**
 * Colour of a percentage-like KPI (availability, goal completion) given as a fraction (spec reports §9):
 * 0–50 % red, over 50–75 % yellow, above 75 % green. Null for an availability of −1 (not reported).
 */
export function thresholdColour(fraction: number): ThresholdColour | null {
  if (fraction < 0) return null;
  if (fraction <= 0.5) return 'red';
  if (fraction <= 0.75) return 'yellow';
  return 'green';
}
