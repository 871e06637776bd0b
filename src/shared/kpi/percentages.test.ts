import { describe, expect, it } from 'vitest';
import { roundPercentagesTo100, statusPercentages } from './percentages.ts';
import { DST_START_DAY, DTG_A, DTG_B, DTG_C } from './fixtures/hand-fleet.ts';

describe('roundPercentagesTo100', () => {
  it('adds the remainder to the largest value', () => {
    expect(roundPercentagesTo100([1, 1, 1])).toEqual([34, 33, 33]);
    expect(roundPercentagesTo100([0.125, 0.125, 0.75])).toEqual([13, 13, 74]);
    expect(roundPercentagesTo100([1, 2, 3, 4, 5, 6])).toEqual([5, 10, 14, 19, 24, 28]);
  });

  it('takes the first of equal largest values', () => {
    expect(roundPercentagesTo100([1, 3, 3])).toEqual([14, 43, 43]);
    expect(roundPercentagesTo100([1, 1, 1, 0])).toEqual([34, 33, 33, 0]);
  });

  it('leaves exact shares alone', () => {
    expect(roundPercentagesTo100([0.5, 0.25, 0.25])).toEqual([50, 25, 25]);
    expect(roundPercentagesTo100([7])).toEqual([100]);
  });

  it('rounds to decimals', () => {
    expect(roundPercentagesTo100([2, 1], 2)).toEqual([66.67, 33.33]);
    expect(roundPercentagesTo100([1, 1, 1], 1)).toEqual([33.4, 33.3, 33.3]);
  });

  it('gives zeros for nothing, and counts negative or non-finite values as 0', () => {
    expect(roundPercentagesTo100([])).toEqual([]);
    expect(roundPercentagesTo100([0, 0])).toEqual([0, 0]);
    expect(roundPercentagesTo100([-1, 3])).toEqual([0, 100]);
    expect(roundPercentagesTo100([Number.NaN, 1, 1])).toEqual([0, 50, 50]);
  });
});

describe('statusPercentages', () => {
  it('splits the 23-hour day of DTG-A', () => {
    // error 1.5, maintenance 0.5, idle 6, printing + preparation 11, not reporting 4 (of 23 h)
    expect(statusPercentages(DTG_A.days[DST_START_DAY]!)).toEqual({
      Error: 7,
      Maintenance: 2,
      Idle: 26,
      Printing: 48,
      'Not Reporting': 17,
    });
  });

  it('takes the rounding surplus from the first largest status of DTG-B', () => {
    // maintenance 2, idle 8, printing + preparation 8, not reporting 5 (of 23 h): 9 + 35 + 35 + 22 = 101
    expect(statusPercentages(DTG_B.days[DST_START_DAY]!)).toEqual({
      Error: 0,
      Maintenance: 9,
      Idle: 34,
      Printing: 35,
      'Not Reporting': 22,
    });
  });

  it('shows a system that never reported as 100 % Not Reporting', () => {
    expect(statusPercentages(DTG_C.days[DST_START_DAY]!)['Not Reporting']).toBe(100);
  });
});
