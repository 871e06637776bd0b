import { describe, expect, it } from 'vitest';
import type { AchievementsResponse } from '../../shared/api-types.ts';
import { goalLines } from './report-email.ts';

const goals: AchievementsResponse = {
  systemGroup: 'DTG',
  units: 'imp',
  weekStart: '2026-11-16',
  year: 2026,
  weeklyGoal: 20_000,
  weeklyCompleted: 12_345,
  weeklyPercentage: 0.61725,
  weeklySegments: 4,
  yearlyGoal: null,
  yearlyCompleted: 80_884,
  yearlyPercentage: 0,
  yearlySegments: 0,
  weekRecord: 40_000,
  weeklyForecast: null,
  yearlyForecast: null,
};

describe('goal lines of the report e-mail', () => {
  it('gives a set goal with the production against it, and an unset goal as not set (the production is not a goal)', () => {
    const [weekly, yearly] = goalLines({ goals }, 'Meter');
    expect(weekly).toMatch(/^Weekly goal: 12,345 imp of 20,000 imp \(61\.7\d?%\)$/);
    expect(yearly).toBe('Yearly goal 2026: not set (80,884 imp produced)');
  });
});
