/**
 * Local-time periods for KPIs (docs/kpi-glossary.md "Periods and time zones").
 *
 * A local day is a `yyyy-MM-dd` string in the site's IANA time zone. Its UTC bounds come from Intl, so a day on which
 * daylight saving time starts is 23 hours long and one on which it ends 25 hours (Europe/Berlin 2026-03-29 and
 * 2026-10-25). Weeks start on Monday (ISO 8601). A week that crosses a year end is split at the year end for yearly
 * totals (spec reports §9 "Week is split at the end of the year").
 */

/** A calendar day in the site's time zone, `yyyy-MM-dd`. */
export type LocalDay = string;

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

const DAY_MS = 86_400_000;
const DAY_PATTERN = /^(\d{4})-(\d{2})-(\d{2})$/;

function parseDay(day: LocalDay): { year: number; month: number; date: number } {
  const match = DAY_PATTERN.exec(day);
  if (!match) throw new RangeError(`Not a yyyy-MM-dd day: ${day}`);
  const year = Number(match[1]);
  const month = Number(match[2]);
  const date = Number(match[3]);
  if (formatDay(Date.UTC(year, month - 1, date)) !== day) throw new RangeError(`Not a calendar day: ${day}`);
  return { year, month, date };
}

function formatDay(utcMidnightMs: number): LocalDay {
  return new Date(utcMidnightMs).toISOString().slice(0, 10);
}

function dayNumber(day: LocalDay): number {
  const { year, month, date } = parseDay(day);
  return Date.UTC(year, month - 1, date);
}

/** `day` plus `count` calendar days (negative goes back). */
export function addDays(day: LocalDay, count: number): LocalDay {
  return formatDay(dayNumber(day) + count * DAY_MS);
}

/** Calendar days from `from` to `to` (positive when `to` is later). */
export function daysBetween(from: LocalDay, to: LocalDay): number {
  return Math.round((dayNumber(to) - dayNumber(from)) / DAY_MS);
}

/** ISO day of the week: 1 = Monday … 7 = Sunday. */
export function isoDayOfWeek(day: LocalDay): number {
  const weekday = new Date(dayNumber(day)).getUTCDay();
  return weekday === 0 ? 7 : weekday;
}

/** Every day of a period, in order. */
export function daysOf(period: LocalPeriod): LocalDay[] {
  return Array.from({ length: period.days }, (_, index) => addDays(period.start, index));
}

function period(start: LocalDay, end: LocalDay): LocalPeriod {
  return { start, end, days: daysBetween(start, end) + 1 };
}

const formatters = new Map<string, Intl.DateTimeFormat>();

function formatterFor(timeZone: string): Intl.DateTimeFormat {
  let formatter = formatters.get(timeZone);
  if (!formatter) {
    formatter = new Intl.DateTimeFormat('en-US', {
      timeZone,
      hourCycle: 'h23',
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
      hour: '2-digit',
      minute: '2-digit',
      second: '2-digit',
    });
    formatters.set(timeZone, formatter);
  }
  return formatter;
}

/** The wall-clock time at `instantMs` in `timeZone`, read as if it were UTC (milliseconds). */
function wallClockMs(instantMs: number, timeZone: string): number {
  const parts: Record<string, number> = {};
  for (const part of formatterFor(timeZone).formatToParts(new Date(instantMs))) {
    if (part.type !== 'literal') parts[part.type] = Number(part.value);
  }
  const get = (name: string): number => parts[name] ?? 0;
  return Date.UTC(get('year'), get('month') - 1, get('day'), get('hour'), get('minute'), get('second'));
}

/** Offset of `timeZone` from UTC at `instantMs`, in milliseconds (Berlin summer: +7,200,000). */
export function utcOffsetMs(instantMs: number, timeZone: string): number {
  const wholeSecond = Math.floor(instantMs / 1000) * 1000;
  return wallClockMs(wholeSecond, timeZone) - wholeSecond;
}

/**
 * The first instant of a local day. Where midnight exists twice the earlier one is taken; where it does not exist
 * (a zone that moves its clocks at 00:00) the day starts at the transition; a day skipped entirely (Pacific/Apia
 * 2011-12-30) has no length.
 */
function localMidnightMs(day: LocalDay, timeZone: string): number {
  const wall = dayNumber(day);
  const candidates = new Set<number>();
  for (const probe of [wall - DAY_MS, wall, wall + DAY_MS]) candidates.add(wall - utcOffsetMs(probe, timeZone));
  const sorted = [...candidates].sort((a, b) => a - b);
  const exact = sorted.find((instant) => wallClockMs(instant, timeZone) === wall);
  if (exact !== undefined) return exact;
  // Midnight falls into a gap: the first instant whose local day is `day` or later (a skipped day has 0 hours).
  const inDay = sorted.find((instant) => localDayOf(new Date(instant), timeZone) >= day);
  return inDay ?? wall;
}

/** UTC bounds of the local days `start` … `end` (inclusive). */
export function localPeriodBounds(range: LocalPeriod, timeZone: string): PeriodBounds {
  const start = localMidnightMs(range.start, timeZone);
  const end = localMidnightMs(addDays(range.end, 1), timeZone);
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

/** The local day an instant falls on in `timeZone`. */
export function localDayOf(instant: Date, timeZone: string): LocalDay {
  const wall = wallClockMs(instant.getTime(), timeZone);
  return formatDay(wall - (((wall % DAY_MS) + DAY_MS) % DAY_MS));
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
 * The period before the one containing `day`: previous day, previous Monday-to-Sunday week, previous month,
 * quarter or year (the period a KPI card's change is computed against).
 */
export function previousPeriod(timeframe: Timeframe, day: LocalDay): LocalPeriod {
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
