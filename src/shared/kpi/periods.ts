/**
 * Local-time periods for KPIs (docs/kpi-glossary.md "Periods and time zones").
 *
 * A local day is a `yyyy-MM-dd` string in the site's IANA time zone. Its UTC bounds come from Intl, so a day on which
 * daylight saving time starts is 23 hours long and one on which it ends 25 hours (Europe/Berlin 2026-03-29 and
 * 2026-10-25). Weeks start on Monday (ISO 8601). A week that crosses a year end is split at the year end for yearly
 * totals (spec reports §9 "Week is split at the end of the year").
 */

import type { LocalDay } from '../time/local-time.ts';
import {
  addDays,
  DAY_MS,
  daysBetween,
  formatDay,
  isoDayOfWeek,
  localTimeToInstant,
  parseDay,
  wallClockMs,
} from '../time/local-time.ts';

// The local-time arithmetic lives in src/shared/time/local-time.ts; these are the names the KPI code has always used.
export type { LocalDay } from '../time/local-time.ts';
export { addDays, daysBetween, isoDayOfWeek, localDayOf, utcOffsetMs } from '../time/local-time.ts';

export type Timeframe = 'day' | 'week' | 'month' | 'quarter' | 'year';

/** An inclusive range of local days. */
export interface LocalPeriod {
  /** First day. */
  start: LocalDay;
  /** Last day (inclusive). */
  end: LocalDay;
  /** Number of calendar days. */
  days: number;
}

/** UTC bounds of a local period: `[start, end)`. */
export interface PeriodBounds {
  start: Date;
  end: Date;
  /** Length in hours: 23, 24 or 25 for a day. */
  hours: number;
  /** Length in seconds. */
  seconds: number;
}

export interface Week extends LocalPeriod {
  /** ISO week-numbering year: the year of the week's Thursday. */
  isoYear: number;
  /** ISO week number 1–53. */
  isoWeek: number;
  /**
   * The week cut at the end of the year, in order: one part for a week inside a year, two for a week that crosses
   * a year end (e.g. Mon 2025-12-29 … Wed 2025-12-31 counts for 2025, Thu 2026-01-01 … Sun 2026-01-04 for 2026).
   */
  yearParts: (LocalPeriod & { year: number })[];
}

/** Every day of a period, in order. */
export function daysOf(period: LocalPeriod): LocalDay[] {
  return Array.from({ length: period.days }, (_, index) => addDays(period.start, index));
}

function period(start: LocalDay, end: LocalDay): LocalPeriod {
  return { start, end, days: daysBetween(start, end) + 1 };
}

/** UTC bounds of the local days `start` … `end` (inclusive). */
export function localPeriodBounds(range: LocalPeriod, timeZone: string): PeriodBounds {
  const start = localTimeToInstant(range.start, 0, timeZone);
  const end = localTimeToInstant(addDays(range.end, 1), 0, timeZone);
  return {
    start: new Date(start),
    end: new Date(end),
    hours: (end - start) / 3_600_000,
    seconds: (end - start) / 1000,
  };
}

/** UTC bounds of one local day; `hours` is 23 or 25 on days when daylight saving time starts or ends. */
export function dayBounds(day: LocalDay, timeZone: string): PeriodBounds {
  return localPeriodBounds(period(day, day), timeZone);
}

/** The Monday-to-Sunday week containing `day`, with its ISO number and its parts on either side of a year end. */
export function weekOf(day: LocalDay): Week {
  const start = addDays(day, 1 - isoDayOfWeek(day));
  const end = addDays(start, 6);
  const thursday = addDays(start, 3);
  const isoYear = parseDay(thursday).year;
  const isoWeek = Math.floor(daysBetween(weekOneMonday(isoYear), start) / 7) + 1;
  const startYear = parseDay(start).year;
  const endYear = parseDay(end).year;
  const yearParts =
    startYear === endYear
      ? [{ ...period(start, end), year: startYear }]
      : [
          { ...period(start, `${startYear}-12-31`), year: startYear },
          { ...period(`${endYear}-01-01`, end), year: endYear },
        ];
  return { ...period(start, end), isoYear, isoWeek, yearParts };
}

function weekOneMonday(isoYear: number): LocalDay {
  const january4 = `${isoYear}-01-04`;
  return addDays(january4, 1 - isoDayOfWeek(january4));
}

/** The day, week (Monday start), month, quarter or year containing `day`. */
export function periodOf(timeframe: Timeframe, day: LocalDay): LocalPeriod {
  const { year, month } = parseDay(day);
  switch (timeframe) {
    case 'day':
      return period(day, day);
    case 'week': {
      const week = weekOf(day);
      return period(week.start, week.end);
    }
    case 'month':
      return monthsFrom(year, month, 1);
    case 'quarter':
      return monthsFrom(year, Math.floor((month - 1) / 3) * 3 + 1, 3);
    case 'year':
      return period(`${year}-01-01`, `${year}-12-31`);
  }
}

function monthsFrom(year: number, month: number, count: number): LocalPeriod {
  const start = formatDay(Date.UTC(year, month - 1, 1));
  const end = formatDay(Date.UTC(year, month - 1 + count, 1) - DAY_MS);
  return period(start, end);
}

/** UTC bounds of the period containing `day`, in the site's time zone. */
export function periodBounds(timeframe: Timeframe, day: LocalDay, timeZone: string): PeriodBounds {
  return localPeriodBounds(periodOf(timeframe, day), timeZone);
}

/**
 * The period a KPI card's change of the period containing `day` is computed against (docs/kpi-glossary.md "Change and
 * trend"): the previous same day (the same weekday a week before), the previous Monday-to-Sunday week, month, quarter
 * or year.
 */
export function previousPeriod(timeframe: Timeframe, day: LocalDay): LocalPeriod {
  if (timeframe === 'day') return periodOf('day', addDays(day, -7));
  const current = periodOf(timeframe, day);
  return periodOf(timeframe, addDays(current.start, -1));
}

/** One hour of a local day: its UTC start and the local hour of day it shows as (0–23). */
export interface LocalHour {
  start: Date;
  localHour: number;
}

/**
 * The hours of a local day, in order: 23 on the day daylight saving time starts (Berlin skips 02:00),
 * 25 on the day it ends (Berlin shows 02:00 twice). Hourly rollups of the day add up to its `dayBounds`.
 * In a zone that shifts by 30 minutes (Australia/Lord_Howe) the last hour of such a day is a partial one.
 */
export function hoursOf(day: LocalDay, timeZone: string): LocalHour[] {
  const { start, end } = dayBounds(day, timeZone);
  const hours: LocalHour[] = [];
  for (let instant = start.getTime(); instant < end.getTime(); instant += 3_600_000) {
    const wall = wallClockMs(instant, timeZone);
    hours.push({ start: new Date(instant), localHour: Math.floor((((wall % DAY_MS) + DAY_MS) % DAY_MS) / 3_600_000) });
  }
  return hours;
}
