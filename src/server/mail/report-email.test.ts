import { describe, expect, it } from 'vitest';
import type { AchievementsResponse } from '../../shared/api-types.ts';
import { goalLines, partialWeekNote } from './report-email.ts';
import { partialFrom } from './weekly-report.ts';

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

describe('a previous week the portal holds only in part', () => {
  it('is partial when the data starts after the previous week began, and whole when it starts on or before', () => {
    expect(partialFrom('2026-11-12', '2026-11-09')).toBe('2026-11-12');
    expect(partialFrom('2026-11-09', '2026-11-09')).toBeNull();
    expect(partialFrom('2026-10-01', '2026-11-09')).toBeNull();
    expect(partialFrom(null, '2026-11-09')).toBeNull();
  });

  it('says so under the KPIs, naming the first day, and says nothing for a whole week', () => {
    expect(partialWeekNote({ previousWeekDataFrom: '2026-11-12' })).toBe(
      "Changes not shown: the portal holds these systems' data from 12 Nov 2026 only, so the previous week is incomplete.",
    );
    expect(partialWeekNote({ previousWeekDataFrom: null })).toBeNull();
  });
});
