import { describe, expect, it } from 'vitest';
import { abbreviateNumber } from './abbreviate-number.ts';

describe('abbreviateNumber', () => {
  it.each([
    [0, '0'],
    [999, '999'],
    [12.34, '12.3'],
    [1000, '1k'],
    [1234, '1.2k'],
    [12_345, '12.3k'],
    [999_949, '999.9k'],
    [999_950, '1M'],
    [1_500_000, '1.5M'],
    [2_000_000_000, '2B'],
    [3.25e12, '3.3T'],
    [4e15, '4P'],
    [5.5e18, '5.5E'],
    [-2500, '-2.5k'],
    [-0.04, '0'],
  ])('%d → %s', (value, expected) => {
    expect(abbreviateNumber(value)).toBe(expected);
  });

  it('keeps as many decimals as asked, without trailing zeros', () => {
    expect(abbreviateNumber(1_234_567, 2)).toBe('1.23M');
    expect(abbreviateNumber(1_200_000, 2)).toBe('1.2M');
    expect(abbreviateNumber(1_234_567, 0)).toBe('1M');
  });

  it('shows -- for values that are not finite', () => {
    expect(abbreviateNumber(Number.NaN)).toBe('--');
    expect(abbreviateNumber(Number.POSITIVE_INFINITY)).toBe('--');
  });
});
