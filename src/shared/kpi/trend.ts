/** Trend colours (spec reports §9). */
export const TREND_COLOURS = { positive: '#1BB934', negative: '#FF4081' } as const;

export type Trend = keyof typeof TREND_COLOURS;
export type ThresholdColour = 'red' | 'yellow' | 'green';

/*
 * Text tones. The spec's trend and threshold colours are for marks (arrows, bars, segments): as text on white they stay
 * under WCAG AA's 4.5:1 (#1BB934 2.6:1, #FF4081 3.3:1, #FF404F 3.4:1, #FFAB2B 1.9:1). Text shows a darker tone of the
 * same hue instead, each at least 4.5:1 on white.
 */
export const TREND_TEXT_COLOURS: Record<Trend, string> = { positive: '#137A29', negative: '#C2185B' };
export const THRESHOLD_TEXT_COLOURS: Record<ThresholdColour, string> = {
  red: '#C8102E',
  yellow: '#8A5A00',
  green: '#137A29',
};

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
