/**
 * Local calendar days and wall-clock times in IANA time zones, without a date library (DST-correct via Intl).
 *
 * A local day is a `yyyy-MM-dd` string in a site's IANA time zone. Its UTC bounds come from Intl, so a day on which
 * daylight saving time starts is 23 hours long and one on which it ends 25 hours (Europe/Berlin 2026-03-29 and
 * 2026-10-25). This is the one home of that arithmetic; the KPI periods, the simulator and the filter bar use it.
 */

/** A calendar day in a site's time zone, `yyyy-MM-dd`. */
export type LocalDay = string;

const MINUTE_MS = 60_000;
export const DAY_MS = 86_400_000;
const DAY_PATTERN = /^(\d{4})-(\d{2})-(\d{2})$/;

/** The parts of a `yyyy-MM-dd` day; throws a RangeError for anything else, including days not in the calendar. */
export function parseDay(day: LocalDay): { year: number; month: number; date: number } {
  const match = DAY_PATTERN.exec(day);
  if (!match) throw new RangeError(`Not a yyyy-MM-dd day: ${day}`);
  const year = Number(match[1]);
  const month = Number(match[2]);
  const date = Number(match[3]);
  if (formatDay(Date.UTC(year, month - 1, date)) !== day) throw new RangeError(`Not a calendar day: ${day}`);
  return { year, month, date };
}

const twoDigits = (value: number) => (value < 10 ? `0${value}` : String(value));

/**
 * The day (`yyyy-MM-dd`) of a UTC instant, e.g. of `Date.UTC(year, month - 1, date)`. Built from the UTC fields rather
 * than `toISOString()`: reports call it thousands of times per request (every addDays), and this is several times faster.
 */
export function formatDay(utcMs: number): LocalDay {
  const date = new Date(utcMs);
  const year = date.getUTCFullYear();
  return `${String(year).padStart(4, '0')}-${twoDigits(date.getUTCMonth() + 1)}-${twoDigits(date.getUTCDate())}`;
}

/** UTC midnight of `day` in milliseconds: the day's wall clock read as if it were UTC. */
function dayNumber(day: LocalDay): number {
  const { year, month, date } = parseDay(day);
  return Date.UTC(year, month - 1, date);
}

/** `day` plus `count` calendar days (negative goes back). */
export function addDays(day: LocalDay, count: number): LocalDay {
  return formatDay(dayNumber(day) + count * DAY_MS);
}

/** Calendar days from `from` to `to` (positive when `to` is later, 0 for the same day). */
export function daysBetween(from: LocalDay, to: LocalDay): number {
  return Math.round((dayNumber(to) - dayNumber(from)) / DAY_MS);
}

/** Every day from `from` to `to`, both included, in order (none when `to` is earlier). */
export function daysFromTo(from: LocalDay, to: LocalDay): LocalDay[] {
  const days: LocalDay[] = [];
  for (let day = from; day <= to; day = addDays(day, 1)) days.push(day);
  return days;
}

/** ISO day of the week: 1 = Monday … 7 = Sunday. */
export function isoDayOfWeek(day: LocalDay): number {
  const weekday = new Date(dayNumber(day)).getUTCDay();
  return weekday === 0 ? 7 : weekday;
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

/**
 * Wall clocks already read, per time zone and whole second: `formatToParts` costs microseconds, and a report call reads
 * the same few instants (its period's bounds on each site's clock) for every system and every call. Bounded: a zone's
 * entries are dropped all at once when it reaches WALL_CLOCKS_PER_ZONE (ingest reads arbitrary instants).
 */
const wallClocks = new Map<string, Map<number, number>>();
const WALL_CLOCKS_PER_ZONE = 4096;

/** The wall-clock time at `instantMs` in `timeZone`, read as if it were UTC (milliseconds, whole seconds). */
export function wallClockMs(instantMs: number, timeZone: string): number {
  const second = Math.floor(instantMs / 1000);
  let zone = wallClocks.get(timeZone);
  const known = zone?.get(second);
  if (known !== undefined) return known;
  const wall = readWallClock(second * 1000, timeZone);
  if (zone === undefined) wallClocks.set(timeZone, (zone = new Map()));
  else if (zone.size >= WALL_CLOCKS_PER_ZONE) zone.clear();
  zone.set(second, wall);
  return wall;
}

function readWallClock(instantMs: number, timeZone: string): number {
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
 * The instant of a local wall-clock time (minutes after local midnight of `day`, may exceed 24 h) in `timeZone`.
 * A wall time that exists twice (the repeated autumn hour) maps to its first occurrence; one skipped by a DST jump
 * maps to just after the jump, so a local midnight that does not exist starts the day at the transition and a day
 * skipped entirely (Pacific/Apia 2011-12-30) has no length.
 */
export function localTimeToInstant(day: LocalDay, minutes: number, timeZone: string): number {
  const wall = dayNumber(day) + minutes * MINUTE_MS;
  const candidates = new Set<number>();
  for (const probe of [wall - DAY_MS, wall, wall + DAY_MS]) candidates.add(wall - utcOffsetMs(probe, timeZone));
  const sorted = [...candidates].sort((a, b) => a - b);
  const wallAt = (instant: number): number => instant + utcOffsetMs(instant, timeZone);
  const exact = sorted.find((instant) => wallAt(instant) === wall);
  if (exact !== undefined) return exact;
  // The wall time falls into a gap: the first instant at or after it on the local clock.
  return sorted.find((instant) => wallAt(instant) >= wall) ?? wall;
}

/** The local day as `[start, end)` UTC instants in milliseconds: 23, 24 or 25 hours long. */
export function localDayBounds(day: LocalDay, timeZone: string): { start: number; end: number } {
  return { start: localTimeToInstant(day, 0, timeZone), end: localTimeToInstant(addDays(day, 1), 0, timeZone) };
}

/** The local day an instant (a Date or epoch milliseconds) falls on in `timeZone`. */
export function localDayOf(instant: Date | number, timeZone: string): LocalDay {
  const wall = wallClockMs(typeof instant === 'number' ? instant : instant.getTime(), timeZone);
  return formatDay(wall - (((wall % DAY_MS) + DAY_MS) % DAY_MS));
}
