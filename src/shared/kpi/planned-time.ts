import { addDays, isoDayOfWeek, localTimeToInstant, type LocalDay } from '../time/local-time.ts';

/**
 * OEE's planned time (docs/kpi-glossary.md "OEE"): the time inside the shifts a system works. Shifts are local
 * wall-clock times of the system's site, so a shift over the spring DST change is an hour shorter and one over the
 * autumn change an hour longer.
 */

/** A shift as one system works it. */
export interface WorkedShift {
  /** Local wall-clock start and end in minutes after midnight (whole hours); an end at or before the start runs past midnight. */
  startMinute: number;
  endMinute: number;
  /** ISO weekdays (1 Monday – 7 Sunday) on which the shift starts. */
  weekdays: readonly number[];
  /** First local day a shift starting that day counts (the system's first shift target, its model start); null: always. */
  fromDay: LocalDay | null;
  /** Last local day a shift starting that day counts (the model end date); null: no end. */
  untilDay: LocalDay | null;
}

/** A wall-clock window of a system's site: from `fromHour` on `fromDay` to the end of `toHour` on `toDay`. */
export interface LocalWindow {
  fromDay: LocalDay;
  fromHour: number;
  toDay: LocalDay;
  toHour: number;
}

/** Whether the shift is worked on a shift starting on `day`. */
function worksOn(shift: WorkedShift, day: LocalDay): boolean {
  if (!shift.weekdays.includes(isoDayOfWeek(day))) return false;
  if (shift.fromDay !== null && day < shift.fromDay) return false;
  return shift.untilDay === null || day <= shift.untilDay;
}

/**
 * localTimeToInstant remembered: the systems of a site share their shift times, and each instant costs several Intl
 * look-ups (a 90-day range of 13 systems took a third of a second without it). Bounded: cleared when it grows large.
 */
const instants = new Map<string, number>();
function instantOf(day: LocalDay, minutes: number, timeZone: string): number {
  const key = `${day}|${minutes}|${timeZone}`;
  let instant = instants.get(key);
  if (instant === undefined) {
    if (instants.size > 100_000) instants.clear();
    instant = localTimeToInstant(day, minutes, timeZone);
    instants.set(key, instant);
  }
  return instant;
}

/** A stretch of planned time, `[start, end)` in epoch milliseconds. */
export interface Stretch {
  start: number;
  end: number;
}

/**
 * The stretches of the window that lie inside the system's shifts, up to `notAfter` (epoch ms; where the system's
 * data ends, so shift time its data does not describe yet — the rest of a running day — is not planned time). A night shift counts where its hours fall: the part after
 * midnight belongs to the next day's window.
 */
export function shiftStretches(
  shifts: readonly WorkedShift[],
  window: LocalWindow,
  timeZone: string,
  notAfter = Number.POSITIVE_INFINITY,
): Stretch[] {
  const windowStart = localTimeToInstant(window.fromDay, window.fromHour * 60, timeZone);
  const windowEnd = Math.min(notAfter, localTimeToInstant(window.toDay, (window.toHour + 1) * 60, timeZone));
  const stretches: Stretch[] = [];
  // A shift that started the day before the window can reach into it past midnight.
  for (let day = addDays(window.fromDay, -1); day <= window.toDay; day = addDays(day, 1)) {
    for (const shift of shifts) {
      if (!worksOn(shift, day)) continue;
      const endMinute = shift.endMinute > shift.startMinute ? shift.endMinute : shift.endMinute + 24 * 60;
      const start = Math.max(windowStart, instantOf(day, shift.startMinute, timeZone));
      const end = Math.min(windowEnd, instantOf(day, endMinute, timeZone));
      if (end > start) stretches.push({ start, end });
    }
  }
  return stretches;
}

/**
 * Planned time: seconds of the window inside the system's shifts ({@link shiftStretches}). Shifts of one system are
 * not expected to overlap; if they do, the overlap counts twice (as it would be staffed twice).
 */
export function plannedSeconds(
  shifts: readonly WorkedShift[],
  window: LocalWindow,
  timeZone: string,
  notAfter = Number.POSITIVE_INFINITY,
): number {
  return shiftStretches(shifts, window, timeZone, notAfter).reduce(
    (sum, { start, end }) => sum + (end - start) / 1000,
    0,
  );
}

const HOUR_MS = 3_600_000;

/**
 * The UTC hours (epoch ms of their start) whose start lies inside a stretch: the hourly rollup rows that count as
 * planned time. With whole-hour shifts in a whole-hour time zone these are exactly the stretches' hours.
 */
export function hourStartsIn(stretches: readonly Stretch[]): number[] {
  const hours = new Set<number>();
  for (const { start, end } of stretches) {
    for (let hour = Math.ceil(start / HOUR_MS) * HOUR_MS; hour < end; hour += HOUR_MS) hours.add(hour);
  }
  return [...hours].sort((a, b) => a - b);
}
