/**
 * XMR (individuals and moving range) process behaviour chart of the TV dashboard (docs/kpi-glossary.md "Shift XMR
 * chart"), after Wheeler: the limits come from a baseline of earlier values, and the values shown are judged against
 * them.
 */

/** Scaling constant of the natural process limits: 3 / d2 with d2 = 1.128 for moving ranges of two values. */
export const XMR_NATURAL_LIMIT_FACTOR = 2.66;
/** Scaling constant of the moving range's upper limit: D4 for moving ranges of two values. */
export const XMR_MOVING_RANGE_LIMIT_FACTOR = 3.267;

/** Centre line and limits computed from a baseline. */
export interface XmrLimits {
  /** Mean of the baseline's values. */
  centreLine: number;
  /** Mean of the baseline's moving ranges (|value − previous value|). */
  averageMovingRange: number;
  /** centreLine + 2.66 × averageMovingRange. */
  upperNaturalLimit: number;
  /**
   * centreLine − 2.66 × averageMovingRange; null when that is not above 0 (a count cannot fall below it: there is no
   * lower limit, Wheeler's XmR).
   */
  lowerNaturalLimit: number | null;
  /** 3.267 × averageMovingRange. */
  movingRangeUpperLimit: number;
}

/** The moving ranges of a sequence: |x[i] − x[i−1]| for i ≥ 1 (one fewer than the values). */
export function movingRanges(values: readonly number[]): number[] {
  return values.slice(1).map((value, index) => Math.abs(value - (values[index] ?? value)));
}

const mean = (values: readonly number[]) => values.reduce((sum, value) => sum + value, 0) / values.length;

/**
 * The limits of a baseline; null with fewer than two values (no moving range) or without any variation (every moving
 * range 0, e.g. a printer that did not print: limits on the centre line would flag every other value).
 */
export function xmrLimits(baseline: readonly number[]): XmrLimits | null {
  if (baseline.length < 2) return null;
  const centreLine = mean(baseline);
  const averageMovingRange = mean(movingRanges(baseline));
  if (averageMovingRange === 0) return null;
  const lowerNaturalLimit = centreLine - XMR_NATURAL_LIMIT_FACTOR * averageMovingRange;
  return {
    centreLine,
    averageMovingRange,
    upperNaturalLimit: centreLine + XMR_NATURAL_LIMIT_FACTOR * averageMovingRange,
    lowerNaturalLimit: lowerNaturalLimit > 0 ? lowerNaturalLimit : null,
    movingRangeUpperLimit: XMR_MOVING_RANGE_LIMIT_FACTOR * averageMovingRange,
  };
}

/** A value judged against limits: outside the natural process limits, and a moving range above its limit. */
export function isOutsideNaturalLimits(value: number, limits: XmrLimits): boolean {
  return value > limits.upperNaturalLimit || (limits.lowerNaturalLimit !== null && value < limits.lowerNaturalLimit);
}

export function isMovingRangeAboveLimit(movingRange: number, limits: XmrLimits): boolean {
  return movingRange > limits.movingRangeUpperLimit;
}
