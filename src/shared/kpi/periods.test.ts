import { describe, expect, it } from 'vitest';
import {
  addDays,
  dayBounds,
  daysOf,
  hoursOf,
  isoDayOfWeek,
  localDayOf,
  periodBounds,
  periodOf,
  previousPeriod,
  utcOffsetMs,
  weekOf,
} from './periods.ts';

const BERLIN = 'Europe/Berlin';

describe('dayBounds', () => {
  it('gives an ordinary Berlin day 24 hours', () => {
    const bounds = dayBounds('2026-06-10', BERLIN);
    expect(bounds.start.toISOString()).toBe('2026-06-09T22:00:00.000Z');
    expect(bounds.end.toISOString()).toBe('2026-06-10T22:00:00.000Z');
    expect(bounds.hours).toBe(24);
    expect(bounds.seconds).toBe(86_400);
  });

  it('gives the day daylight saving time starts 23 hours', () => {
    const bounds = dayBounds('2026-03-29', BERLIN);
    expect(bounds.start.toISOString()).toBe('2026-03-28T23:00:00.000Z');
    expect(bounds.end.toISOString()).toBe('2026-03-29T22:00:00.000Z');
    expect(bounds.hours).toBe(23);
    expect(bounds.seconds).toBe(82_800);
  });

  it('gives the day daylight saving time ends 25 hours', () => {
    const bounds = dayBounds('2026-10-25', BERLIN);
    expect(bounds.start.toISOString()).toBe('2026-10-24T22:00:00.000Z');
    expect(bounds.end.toISOString()).toBe('2026-10-25T23:00:00.000Z');
    expect(bounds.hours).toBe(25);
  });

  it('starts a day whose midnight is skipped at the transition (Santiago 2026-09-06)', () => {
    const bounds = dayBounds('2026-09-06', 'America/Santiago');
    expect(bounds.start.toISOString()).toBe('2026-09-06T04:00:00.000Z');
    expect(bounds.hours).toBe(23);
  });

  it('gives a day skipped by the date line no length, and the day before its 24 hours (Pacific/Apia 2011)', () => {
    expect(dayBounds('2011-12-29', 'Pacific/Apia').hours).toBe(24);
    expect(dayBounds('2011-12-30', 'Pacific/Apia').hours).toBe(0);
    expect(dayBounds('2011-12-31', 'Pacific/Apia').start.toISOString()).toBe('2011-12-30T10:00:00.000Z');
  });

  it('uses UTC days for UTC', () => {
    const bounds = dayBounds('2026-03-29', 'UTC');
    expect(bounds.start.toISOString()).toBe('2026-03-29T00:00:00.000Z');
    expect(bounds.hours).toBe(24);
  });

  it('rejects a day that is not a calendar day', () => {
    expect(() => dayBounds('2026-02-30', BERLIN)).toThrow(RangeError);
    expect(() => dayBounds('29.03.2026', BERLIN)).toThrow(RangeError);
  });

  it('makes a month of March 2026 in Berlin 743 hours (31 × 24 − 1)', () => {
    expect(periodBounds('month', '2026-03-15', BERLIN).hours).toBe(743);
    expect(periodBounds('month', '2026-10-15', BERLIN).hours).toBe(745);
    expect(periodBounds('year', '2026-10-15', BERLIN).hours).toBe(8760);
  });
});

describe('hoursOf', () => {
  it('lists 23 hours on 2026-03-29 in Berlin, skipping 02:00', () => {
    const hours = hoursOf('2026-03-29', BERLIN);
    expect(hours).toHaveLength(23);
    expect(hours.map((hour) => hour.localHour)).toEqual([
      0, 1, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15, 16, 17, 18, 19, 20, 21, 22, 23,
    ]);
    expect(hours[2]?.start.toISOString()).toBe('2026-03-29T01:00:00.000Z');
  });

  it('lists 25 hours on 2026-10-25 in Berlin, with 02:00 twice', () => {
    const hours = hoursOf('2026-10-25', BERLIN);
    expect(hours).toHaveLength(25);
    expect(hours.slice(0, 5).map((hour) => hour.localHour)).toEqual([0, 1, 2, 2, 3]);
    expect(hours[24]?.localHour).toBe(23);
    // 25 hourly rollups of 3600 s add up to the 90,000 s of the day.
    expect(hours.length * 3600).toBe(90_000);
  });

  it('lists 24 hours on an ordinary day', () => {
    expect(hoursOf('2026-06-10', BERLIN).map((hour) => hour.localHour)).toEqual([
      0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15, 16, 17, 18, 19, 20, 21, 22, 23,
    ]);
  });
});

describe('local days and offsets', () => {
  it('finds the local day of an instant', () => {
    expect(localDayOf(new Date('2026-03-28T22:59:59Z'), BERLIN)).toBe('2026-03-28');
    expect(localDayOf(new Date('2026-03-28T23:00:00Z'), BERLIN)).toBe('2026-03-29');
    expect(localDayOf(new Date('2026-10-25T22:59:59Z'), BERLIN)).toBe('2026-10-25');
    expect(localDayOf(new Date('2026-10-25T23:00:00Z'), BERLIN)).toBe('2026-10-26');
  });

  it('reads the offset from UTC', () => {
    expect(utcOffsetMs(Date.parse('2026-01-15T12:00:00Z'), BERLIN)).toBe(3_600_000);
    expect(utcOffsetMs(Date.parse('2026-07-15T12:00:00Z'), BERLIN)).toBe(7_200_000);
  });

  it('counts days across month and year ends', () => {
    expect(addDays('2025-12-30', 3)).toBe('2026-01-02');
    expect(addDays('2024-03-01', -1)).toBe('2024-02-29');
    expect(isoDayOfWeek('2026-11-23')).toBe(1);
    expect(isoDayOfWeek('2026-11-29')).toBe(7);
  });
});

describe('weekOf', () => {
  it('starts the week on Monday', () => {
    const week = weekOf('2026-11-26');
    expect(week.start).toBe('2026-11-23');
    expect(week.end).toBe('2026-11-29');
    expect(week.isoWeek).toBe(48);
    expect(week.yearParts).toEqual([{ start: '2026-11-23', end: '2026-11-29', days: 7, year: 2026 }]);
  });

  it('puts a Sunday in the week that began the Monday before', () => {
    expect(weekOf('2026-11-29').start).toBe('2026-11-23');
  });

  it('splits the week crossing the 2025/2026 year end for yearly totals', () => {
    const week = weekOf('2026-01-03');
    expect(week.start).toBe('2025-12-29');
    expect(week.end).toBe('2026-01-04');
    expect(week.days).toBe(7);
    expect(week.isoYear).toBe(2026);
    expect(week.isoWeek).toBe(1);
    expect(week.yearParts).toEqual([
      { start: '2025-12-29', end: '2025-12-31', days: 3, year: 2025 },
      { start: '2026-01-01', end: '2026-01-04', days: 4, year: 2026 },
    ]);
  });

  it('numbers ISO week 53 of 2026', () => {
    const week = weekOf('2026-12-31');
    expect(week.isoYear).toBe(2026);
    expect(week.isoWeek).toBe(53);
    expect(week.yearParts.map((part) => part.days)).toEqual([4, 3]);
  });

  it('lists the days of a week', () => {
    expect(daysOf(weekOf('2025-12-31'))).toEqual([
      '2025-12-29',
      '2025-12-30',
      '2025-12-31',
      '2026-01-01',
      '2026-01-02',
      '2026-01-03',
      '2026-01-04',
    ]);
  });
});

describe('periodOf and previousPeriod', () => {
  it('gives month, quarter and year periods', () => {
    expect(periodOf('month', '2024-02-10')).toEqual({ start: '2024-02-01', end: '2024-02-29', days: 29 });
    expect(periodOf('quarter', '2026-08-15')).toEqual({ start: '2026-07-01', end: '2026-09-30', days: 92 });
    expect(periodOf('year', '2026-08-15')).toEqual({ start: '2026-01-01', end: '2026-12-31', days: 365 });
  });

  it('steps back to the previous same day (the same weekday a week before) or one unit of the timeframe', () => {
    expect(previousPeriod('day', '2026-03-01')).toEqual({ start: '2026-02-22', end: '2026-02-22', days: 1 });
    expect(previousPeriod('week', '2026-01-01')).toEqual({ start: '2025-12-22', end: '2025-12-28', days: 7 });
    expect(previousPeriod('month', '2026-03-31')).toEqual({ start: '2026-02-01', end: '2026-02-28', days: 28 });
    expect(previousPeriod('quarter', '2026-02-10')).toEqual({ start: '2025-10-01', end: '2025-12-31', days: 92 });
    expect(previousPeriod('year', '2026-02-10')).toEqual({ start: '2025-01-01', end: '2025-12-31', days: 365 });
  });
});
