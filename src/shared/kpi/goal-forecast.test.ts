import { describe, expect, it } from 'vitest';
import { goalForecast } from './goal-forecast.ts';

const DAY = 86_400_000;
const WEEK = 7 * DAY;

describe('goal forecast (docs/kpi-glossary.md "Goal forecast")', () => {
  it('projects the production so far over the whole period at the same rate', () => {
    // 3,000 impressions in the first 3 days of a week: 1,000 a day, 7,000 by Sunday night.
    expect(goalForecast({ completed: 3000, goal: 6000, elapsedMs: 3 * DAY, periodMs: WEEK })).toEqual({
      projected: 7000,
      willMeet: true,
    });
    expect(goalForecast({ completed: 3000, goal: 7001, elapsedMs: 3 * DAY, periodMs: WEEK })?.willMeet).toBe(false);
    expect(goalForecast({ completed: 3000, goal: 7000, elapsedMs: 3 * DAY, periodMs: WEEK })?.willMeet).toBe(true);
  });

  it('has no verdict without a goal', () => {
    expect(goalForecast({ completed: 10, goal: null, elapsedMs: DAY, periodMs: WEEK })).toEqual({
      projected: 70,
      willMeet: null,
    });
  });

  it('is absent before the period begins and once it is over', () => {
    expect(goalForecast({ completed: 0, goal: 10, elapsedMs: 0, periodMs: WEEK })).toBeNull();
    expect(goalForecast({ completed: 50, goal: 10, elapsedMs: WEEK, periodMs: WEEK })).toBeNull();
  });
});
