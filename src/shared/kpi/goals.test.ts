import { describe, expect, it } from 'vitest';
import {
  WEEK_SEGMENTS,
  YEAR_SEGMENTS,
  completedSegments,
  goalCompletion,
  weekCompleted,
  weekRecord,
  weeklyTotalsOfYear,
  yearCompleted,
} from './goals.ts';
import { YEAR_END_DAILY } from './fixtures/hand-fleet.ts';

describe('goal completion', () => {
  it('gives the weekly goal of the week crossing the year end the whole week', () => {
    // 1000 + 1200 + 800 + 0 + 900 + 300 + 0
    expect(weekCompleted(YEAR_END_DAILY, '2025-12-31')).toBe(4200);
    expect(weekCompleted(YEAR_END_DAILY, '2026-01-04')).toBe(4200);
    const weekly = goalCompletion(4200, 5000, WEEK_SEGMENTS);
    expect(weekly.fraction).toBe(0.84);
    expect(weekly.completedSegments).toBe(5); // floor(0.84 × 7 = 5.88)
  });

  it('splits that week at the year end for the yearly goal', () => {
    expect(yearCompleted(YEAR_END_DAILY, 2025)).toBe(6500); // 1500 + 1500 + 500 + 1000 + 1200 + 800
    expect(yearCompleted(YEAR_END_DAILY, 2026)).toBe(3600); // 0 + 900 + 300 + 0 + 1100 + 1300
    const yearly = goalCompletion(3600, 100_000, YEAR_SEGMENTS);
    expect(yearly.fraction).toBe(0.036);
    expect(yearly.completedSegments).toBe(0);
    expect(goalCompletion(60_000, 100_000, YEAR_SEGMENTS).completedSegments).toBe(7); // floor(7.2)
  });

  it('keeps only the days inside the year in the weekly totals and the record', () => {
    expect([...weeklyTotalsOfYear(YEAR_END_DAILY, 2025)]).toEqual([
      ['2025-12-22', 3500],
      ['2025-12-29', 3000],
    ]);
    expect([...weeklyTotalsOfYear(YEAR_END_DAILY, 2026)]).toEqual([
      ['2025-12-29', 1200],
      ['2026-01-05', 2400],
    ]);
    // Unsplit, the crossing week (4200) would be the record of both years.
    expect(weekRecord(YEAR_END_DAILY, 2025)).toBe(3500);
    expect(weekRecord(YEAR_END_DAILY, 2026)).toBe(2400);
    expect(weekRecord(YEAR_END_DAILY, 2024)).toBe(0);
  });

  it('treats a missing goal as 0 % and caps the bar at full', () => {
    expect(goalCompletion(500, 0, WEEK_SEGMENTS)).toEqual({
      completed: 500,
      goal: 0,
      fraction: 0,
      completedSegments: 0,
    });
    const over = goalCompletion(6000, 5000, WEEK_SEGMENTS);
    expect(over.fraction).toBe(1.2);
    expect(over.completedSegments).toBe(7);
    expect(completedSegments(1, YEAR_SEGMENTS)).toBe(12);
    expect(completedSegments(3 / 7, WEEK_SEGMENTS)).toBe(3);
    expect(completedSegments(-0.5, WEEK_SEGMENTS)).toBe(0);
  });
});
