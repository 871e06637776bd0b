import { describe, expect, it } from 'vitest';
import { goalPeriodAt, userToday } from './goal-periods.ts';

const HOUR = 3_600_000;
const DAY = 24 * HOUR;

describe("goal periods on the user's clock (spec shell §7: time and timezoneOffset in hours)", () => {
  it("reads the day on the user's clock, not UTC's", () => {
    const sundayNightUtc = Date.parse('2026-03-29T23:30:00Z');
    expect(userToday(sundayNightUtc, 0)).toBe('2026-03-29');
    expect(userToday(sundayNightUtc, 2)).toBe('2026-03-30');
    expect(userToday(Date.parse('2026-01-01T03:00:00Z'), -5)).toBe('2025-12-31');
  });

  it('gives the Monday-to-Sunday week, the whole days over and the time passed', () => {
    const wednesdayNoon = Date.parse('2026-03-25T11:00:00Z');
    expect(goalPeriodAt('weekly', wednesdayNoon, 1)).toEqual({
      goalType: 'weekly',
      start: '2026-03-23',
      end: '2026-03-29',
      elapsedMs: 2.5 * DAY,
      lengthMs: 7 * DAY,
      passed: 2,
    });
  });

  it('gives the calendar year and the months over, a leap year 366 days long', () => {
    const year = goalPeriodAt('yearly', Date.parse('2024-12-31T12:00:00Z'), 0);
    expect(year).toMatchObject({ start: '2024-01-01', end: '2024-12-31', passed: 11, lengthMs: 366 * DAY });
    expect(year.elapsedMs).toBe(365.5 * DAY);
    // New Year's Eve in New York is already the new year in Tokyo.
    expect(goalPeriodAt('yearly', Date.parse('2025-12-31T16:00:00Z'), 9)).toMatchObject({
      start: '2026-01-01',
      passed: 0,
    });
  });
});
