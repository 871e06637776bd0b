import { describe, expect, it } from 'vitest';
import { fromHourOfDay, toHourOfDay } from './clock-hours.ts';
import {
  EPOCH_DATE,
  canGoNext,
  canGoPrevious,
  daysBetween,
  isAutoRefreshed,
  isDateAvailable,
  isPeriodAvailable,
  isStaleDay,
  isTodayDisabled,
  isTodayShown,
  latestSelectableDate,
  mondayOf,
  normalizeSelectedDate,
  parseFilterDataDate,
  periodEnd,
  periodStart,
  shiftDate,
  snapToTimeframe,
} from './timeframe-dates.ts';

const bounds = { first: '2025-01-15', last: '2026-03-05' }; // 2026-03-05 is a Thursday

describe('filter data dates', () => {
  it('reads yyyyMMdd and gives epoch for an empty value', () => {
    expect(parseFilterDataDate('20240131')).toBe('2024-01-31');
    expect(parseFilterDataDate('')).toBe(EPOCH_DATE);
    expect(parseFilterDataDate(null)).toBe(EPOCH_DATE);
  });
});

describe('week snaps to its Monday', () => {
  it.each([
    ['2026-03-02', '2026-03-02'],
    ['2026-03-05', '2026-03-02'],
    ['2026-03-08', '2026-03-02'],
    ['2026-01-01', '2025-12-29'],
  ])('%s → %s', (date, monday) => {
    expect(mondayOf(date)).toBe(monday);
    expect(snapToTimeframe(date, 'week')).toBe(monday);
  });

  it('leaves other timeframes alone', () => {
    expect(snapToTimeframe('2026-03-05', 'day')).toBe('2026-03-05');
    expect(snapToTimeframe('2026-03-05', 'month')).toBe('2026-03-05');
  });
});

describe('periods', () => {
  it.each([
    ['day', '2026-03-05', '2026-03-05'],
    ['week', '2026-03-02', '2026-03-08'],
    ['month', '2026-03-01', '2026-03-31'],
    ['quarter', '2026-01-01', '2026-03-31'],
    ['year', '2026-01-01', '2026-12-31'],
  ] as const)('%s of 2026-03-05 runs %s to %s', (timeframe, start, end) => {
    expect(periodStart('2026-03-05', timeframe)).toBe(start);
    expect(periodEnd('2026-03-05', timeframe)).toBe(end);
  });
});

describe('previous and next move by one unit of the timeframe', () => {
  it.each([
    ['day', '2026-03-04', '2026-03-06'],
    ['week', '2026-02-23', '2026-03-09'],
    ['month', '2026-02-05', '2026-04-05'],
    ['quarter', '2025-12-05', '2026-06-05'],
    ['year', '2025-03-05', '2027-03-05'],
    ['custom', '2026-03-05', '2026-03-05'],
  ] as const)('%s: %s ← 2026-03-05 → %s', (timeframe, previous, next) => {
    expect(shiftDate('2026-03-05', timeframe, -1)).toBe(previous);
    expect(shiftDate('2026-03-05', timeframe, 1)).toBe(next);
  });

  it('disables previous at the first available date and next at the last', () => {
    expect(canGoPrevious('2025-01-15', 'day', bounds)).toBe(false);
    expect(canGoPrevious('2025-01-16', 'day', bounds)).toBe(true);
    expect(canGoNext('2026-03-05', 'day', bounds)).toBe(false);
    expect(canGoNext('2026-03-04', 'day', bounds)).toBe(true);
    // The week of 2025-01-13 holds the first date, so the week before it has no data.
    expect(canGoPrevious('2025-01-20', 'week', bounds)).toBe(true);
    expect(canGoPrevious('2025-01-13', 'week', bounds)).toBe(false);
    expect(canGoNext('2026-03-02', 'week', bounds)).toBe(false);
    expect(canGoNext('2026-02-23', 'week', bounds)).toBe(true);
    expect(canGoNext('2026-03-01', 'month', bounds)).toBe(false);
    expect(canGoPrevious('2026-03-05', 'custom', bounds)).toBe(false);
  });
});

describe('Today', () => {
  it('jumps to the latest available date, snapped to the timeframe', () => {
    expect(latestSelectableDate('day', bounds)).toBe('2026-03-05');
    expect(latestSelectableDate('week', bounds)).toBe('2026-03-02');
  });

  it('is disabled when already there and hidden for custom', () => {
    expect(isTodayDisabled('2026-03-05', 'day', bounds)).toBe(true);
    expect(isTodayDisabled('2026-03-04', 'day', bounds)).toBe(false);
    expect(isTodayDisabled('2026-03-02', 'week', bounds)).toBe(true);
    expect(isTodayShown('day')).toBe(true);
    expect(isTodayShown('custom')).toBe(false);
  });
});

describe('selected date', () => {
  it('never precedes the report start date, also after snapping to Monday', () => {
    expect(normalizeSelectedDate('2024-12-01', 'day', bounds)).toBe('2025-01-15');
    expect(normalizeSelectedDate('2025-01-16', 'week', bounds)).toBe('2025-01-15');
    expect(normalizeSelectedDate('2025-01-20', 'week', bounds)).toBe('2025-01-20');
  });

  it('never follows the last available date', () => {
    expect(normalizeSelectedDate('2026-04-01', 'day', bounds)).toBe('2026-03-05');
  });

  it('knows which calendar days are available', () => {
    expect(isDateAvailable('2025-01-14', bounds)).toBe(false);
    expect(isDateAvailable('2025-01-15', bounds)).toBe(true);
    expect(isDateAvailable('2026-03-06', bounds)).toBe(false);
  });
});

describe('stale days', () => {
  it('is stale before the start of the last-update day, not on it', () => {
    const lastUpdate = new Date(2026, 2, 5, 0, 30);
    expect(isStaleDay('2026-03-04', lastUpdate)).toBe(true);
    expect(isStaleDay('2026-03-05', lastUpdate)).toBe(false);
    expect(isStaleDay('2026-03-06', lastUpdate.getTime())).toBe(false);
  });

  it('auto-refreshes only a period that reaches the last-update day', () => {
    const day = (date: string) => ({
      timeframe: 'day' as const,
      day: date,
      period: { name: 'day' as const, value: date },
    });
    const week = (monday: string) => ({
      timeframe: 'week' as const,
      day: monday,
      period: { name: 'week' as const, value: monday },
    });
    const custom = (value: string) => ({
      timeframe: 'custom' as const,
      day: '2026-03-01',
      period: { name: 'custom' as const, value },
    });
    expect(isAutoRefreshed(day('2026-03-05'), '2026-03-05')).toBe(true);
    expect(isAutoRefreshed(day('2026-03-04'), '2026-03-05')).toBe(false);
    expect(isAutoRefreshed(week('2026-03-02'), '2026-03-05')).toBe(true);
    expect(isAutoRefreshed(week('2026-02-23'), '2026-03-05')).toBe(false);
    expect(isAutoRefreshed(custom('2026-03-01T00:00/2026-03-05T23:00'), '2026-03-05')).toBe(true);
    expect(isAutoRefreshed(custom('2026-03-01T00:00/2026-03-04T23:00'), '2026-03-05')).toBe(false);
    expect(isAutoRefreshed(day('2026-03-04'), null)).toBe(true);
  });
});

describe('helpers', () => {
  it('counts whole days between dates', () => {
    expect(daysBetween('2026-01-01', '2026-01-01')).toBe(0);
    expect(daysBetween('2025-01-01', '2026-01-01')).toBe(365);
  });

  it('converts picker hours to hours of the day and back', () => {
    expect(toHourOfDay({ hour: 12, period: 'AM' })).toBe(0);
    expect(toHourOfDay({ hour: 1, period: 'AM' })).toBe(1);
    expect(toHourOfDay({ hour: 12, period: 'PM' })).toBe(12);
    expect(toHourOfDay({ hour: 11, period: 'PM' })).toBe(23);
    for (let hour = 0; hour < 24; hour += 1) expect(toHourOfDay(fromHourOfDay(hour))).toBe(hour);
  });
});

describe('a picker period is available when it overlaps the available dates', () => {
  it.each([
    ['2025-01-01', 'month', true], // January 2025 holds the first day, the 15th
    ['2024-12-01', 'month', false],
    ['2026-03-01', 'month', true], // March 2026 holds the last day, the 5th
    ['2026-04-01', 'month', false],
    ['2024-10-01', 'quarter', false],
    ['2025-01-01', 'quarter', true],
    ['2026-04-01', 'quarter', false],
    ['2024-01-01', 'year', false],
    ['2026-01-01', 'year', true],
    ['2027-01-01', 'year', false],
  ] as const)('%s %s → %s', (date, timeframe, available) => {
    expect(isPeriodAvailable(date, timeframe, bounds)).toBe(available);
  });
});
