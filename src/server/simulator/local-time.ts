/** Local calendar days and wall-clock times in IANA time zones, without a date library (DST-correct via Intl). */

const MINUTE_MS = 60_000;
export const DAY_MS = 86_400_000;
const DAY_PATTERN = /^(\d{4})-(\d{2})-(\d{2})$/;

const partFormatters = new Map<string, Intl.DateTimeFormat>();
function partFormatter(timeZone: string): Intl.DateTimeFormat {
  let formatter = partFormatters.get(timeZone);
  if (formatter === undefined) {
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
    partFormatters.set(timeZone, formatter);
  }
  return formatter;
}

/** The zone's offset from UTC at an instant, in milliseconds (Berlin in summer: +7,200,000). */
export function zoneOffsetMs(instant: number, timeZone: string): number {
  const parts: Record<string, number> = {};
  for (const part of partFormatter(timeZone).formatToParts(new Date(instant))) {
    if (part.type !== 'literal') parts[part.type] = Number(part.value);
  }
  const asUtc = Date.UTC(
    parts['year'] ?? 1970,
    (parts['month'] ?? 1) - 1,
    parts['day'] ?? 1,
    parts['hour'] ?? 0,
    parts['minute'] ?? 0,
    parts['second'] ?? 0,
  );
  return asUtc - (instant - (instant % 1000));
}

export function parseDay(day: string): { year: number; month: number; date: number } {
  const match = DAY_PATTERN.exec(day);
  if (match === null) throw new Error(`Expected a day as yyyy-MM-dd, got '${day}'`);
  return { year: Number(match[1]), month: Number(match[2]), date: Number(match[3]) };
}

/** The day `count` calendar days after `day` (negative goes back). */
export function addDays(day: string, count: number): string {
  const { year, month, date } = parseDay(day);
  return new Date(Date.UTC(year, month - 1, date + count)).toISOString().slice(0, 10);
}

/** ISO weekday of a calendar day: 1 Monday … 7 Sunday. */
export function isoWeekday(day: string): number {
  const { year, month, date } = parseDay(day);
  const weekday = new Date(Date.UTC(year, month - 1, date)).getUTCDay();
  return weekday === 0 ? 7 : weekday;
}

/** Every day from `from` to `to`, both included. */
export function daysBetween(from: string, to: string): string[] {
  const days: string[] = [];
  for (let day = from; day <= to; day = addDays(day, 1)) days.push(day);
  return days;
}

/**
 * The instant of a local wall-clock time (minutes after local midnight of `day`, may exceed 24 h) in `timeZone`.
 * A wall time repeated by a DST change maps to its first occurrence; one skipped maps to just after the jump.
 */
export function localTimeToInstant(day: string, minutes: number, timeZone: string): number {
  const { year, month, date } = parseDay(day);
  const wall = Date.UTC(year, month - 1, date) + minutes * MINUTE_MS;
  const offsets = new Set([DAY_MS, 0, -DAY_MS].map((shift) => zoneOffsetMs(wall + shift, timeZone)));
  const candidates = [...offsets].map((offset) => wall - offset);
  const valid = candidates.filter((instant) => instant + zoneOffsetMs(instant, timeZone) === wall);
  return valid.length > 0 ? Math.min(...valid) : Math.max(...candidates);
}

/** The local day as [start, end) instants: 23, 24 or 25 hours long. */
export function localDayBounds(day: string, timeZone: string): { start: number; end: number } {
  return { start: localTimeToInstant(day, 0, timeZone), end: localTimeToInstant(addDays(day, 1), 0, timeZone) };
}

const dayFormatters = new Map<string, Intl.DateTimeFormat>();
/** The local calendar day (yyyy-MM-dd) of an instant. */
export function localDayOf(instant: number, timeZone: string): string {
  let formatter = dayFormatters.get(timeZone);
  if (formatter === undefined) {
    formatter = new Intl.DateTimeFormat('en-CA', { timeZone, year: 'numeric', month: '2-digit', day: '2-digit' });
    dayFormatters.set(timeZone, formatter);
  }
  return formatter.format(new Date(instant));
}
