import { describe, expect, it } from 'vitest';
import { isMovingRangeAboveLimit, isOutsideNaturalLimits, movingRanges, xmrLimits } from './xmr.ts';

/**
 * Worked by hand from docs/kpi-glossary.md "Shift XMR chart": baseline 10, 14, 12, 18, 16 impressions per interval.
 * Mean 70 / 5 = 14. Moving ranges |14−10| = 4, |12−14| = 2, |18−12| = 6, |16−18| = 2; average 14 / 4 = 3.5.
 * Natural process limits 14 ± 2.66 × 3.5 = 14 ± 9.31: 23.31 and 4.69. Moving-range upper limit 3.267 × 3.5 = 11.4345.
 */
describe('XMR limits', () => {
  const baseline = [10, 14, 12, 18, 16];

  it('computes the centre line, the natural process limits and the moving-range limit of a hand-computed baseline', () => {
    expect(movingRanges(baseline)).toEqual([4, 2, 6, 2]);
    const limits = xmrLimits(baseline);
    expect(limits).not.toBeNull();
    expect(limits?.centreLine).toBeCloseTo(14, 10);
    expect(limits?.averageMovingRange).toBeCloseTo(3.5, 10);
    expect(limits?.upperNaturalLimit).toBeCloseTo(23.31, 10);
    expect(limits?.lowerNaturalLimit).toBeCloseTo(4.69, 10);
    expect(limits?.movingRangeUpperLimit).toBeCloseTo(11.4345, 10);
  });

  it('flags values outside the limits and moving ranges above theirs', () => {
    const limits = xmrLimits(baseline);
    if (limits === null) throw new Error('limits expected');
    expect(isOutsideNaturalLimits(24, limits)).toBe(true);
    expect(isOutsideNaturalLimits(23, limits)).toBe(false);
    expect(isOutsideNaturalLimits(4, limits)).toBe(true);
    expect(isOutsideNaturalLimits(5, limits)).toBe(false);
    expect(isMovingRangeAboveLimit(12, limits)).toBe(true);
    expect(isMovingRangeAboveLimit(11, limits)).toBe(false);
  });

  it('has no lower limit below zero, and no limits without two values or without variation', () => {
    // Mean 5, moving range 10: 5 − 26.6 < 0, so there is no lower limit and nothing is below it.
    const limits = xmrLimits([0, 10]);
    expect(limits?.lowerNaturalLimit).toBeNull();
    expect(limits?.upperNaturalLimit).toBeCloseTo(31.6, 10);
    if (limits === null) throw new Error('limits expected');
    expect(isOutsideNaturalLimits(0, limits)).toBe(false);
    expect(xmrLimits([7])).toBeNull();
    expect(xmrLimits([0, 0, 0])).toBeNull();
    expect(xmrLimits([])).toBeNull();
  });
});
