import { describe, expect, it } from 'vitest';
import { comparisonOf, customComparison } from './period-comparison.ts';

describe('period comparison', () => {
  it('compares a custom period of 8 days or more with last year, 7 or fewer with last week', () => {
    expect(customComparison(7)).toBe('From last week');
    expect(customComparison(8)).toBe('From last year');
  });

  it('counts both ends of a custom period, across a month end', () => {
    expect(comparisonOf({ timeframe: 'custom', startDay: '2026-02-25', endDay: '2026-03-04' })).toEqual({
      compared: 'period',
      customDays: 8,
    });
    expect(comparisonOf({ timeframe: 'custom', startDay: '2026-11-01', endDay: '2026-11-01' })).toEqual({
      compared: 'period',
      customDays: 1,
    });
  });

  it('compares a day with the previous same day and a week with the previous week', () => {
    expect(comparisonOf({ timeframe: 'day', startDay: '2026-11-21', endDay: '2026-11-21' })).toEqual({
      compared: 'day',
    });
    expect(comparisonOf({ timeframe: 'week', startDay: '2026-11-16', endDay: '2026-11-22' })).toEqual({
      compared: 'week',
    });
  });
});
