import type { ComparedUntil, ReportPeriod } from '../../../shared/api-types.ts';
import {
  addDays,
  DAY_MS,
  daysBetween,
  localDayOf,
  localTimeToInstant,
  wallClockMs,
} from '../../../shared/time/local-time.ts';

/**
 * A period in progress against the previous one (docs/kpi-glossary.md "Change and trend"). While the selected period
 * holds the current time of a system's site, both periods are read up to that local time: the selected one up to now,
 * the previous one up to the same local time of its same day (day N of the period; for a day or a week the same weekday
 * a week before), never past its end. A period that has not begun at a site is read up to its start there (nothing),
 * and so is the previous one. Every system is cut on its own site's clock, so the cut depends on the time zone.
 */

/** Up to which instant (epoch ms) the systems of a time zone are read; null: the whole period. */
export type ReadUntil = (timeZone: string) => number | null;

/** Reads the whole period in every time zone. */
export const WHOLE_PERIOD: ReadUntil = () => null;

/** How far the selected period and the previous one are read. */
export interface ComparisonCuts {
  current: ReadUntil;
  previous: ReadUntil;
}

/** The period's UTC bounds on a zone's clock, `[start, end)` in epoch ms. */
export function periodBoundsIn(period: ReportPeriod, timeZone: string): { start: number; end: number } {
  return {
    start: localTimeToInstant(period.startDay, period.startHour * 60, timeZone),
    end: localTimeToInstant(period.endDay, (period.endHour + 1) * 60, timeZone),
  };
}

const MINUTE_MS = 60_000;
const HOUR_MS = 3_600_000;

/** The local day of an instant in a zone and the milliseconds since its midnight on the zone's clock. */
function localClock(instant: number, timeZone: string): { day: string; ms: number } {
  // wallClockMs reads whole seconds; offsets are whole minutes, so the milliseconds are the instant's own.
  const wall = wallClockMs(instant, timeZone) + (((instant % 1000) + 1000) % 1000);
  return { day: localDayOf(instant, timeZone), ms: ((wall % DAY_MS) + DAY_MS) % DAY_MS };
}

/** The instant of a local day's wall-clock time given in ms since midnight (clocks change on whole minutes). */
function instantAt(day: string, ms: number, timeZone: string): number {
  return localTimeToInstant(day, Math.floor(ms / MINUTE_MS), timeZone) + (ms % MINUTE_MS);
}

/** Up to when the selected period is read in a zone at `time`: null once it is over, its start before it begins. */
function selectedCut(period: ReportPeriod, time: number, timeZone: string): number | null {
  const { start, end } = periodBoundsIn(period, timeZone);
  return time >= end ? null : Math.max(start, time);
}

/** The cuts of `period` and `previous` at `now` (previous: the period its changes compare with). */
export function comparisonCuts(period: ReportPeriod, previous: ReportPeriod, now: Date): ComparisonCuts {
  const time = now.getTime();
  return {
    current: (timeZone) => selectedCut(period, time, timeZone),
    previous: (timeZone) => {
      const { start, end } = periodBoundsIn(period, timeZone);
      if (time >= end) return null;
      const before = periodBoundsIn(previous, timeZone);
      if (time <= start) return before.start;
      const clock = localClock(time, timeZone);
      const sameDay = addDays(previous.startDay, daysBetween(period.startDay, clock.day));
      const cut = instantAt(sameDay, clock.ms, timeZone);
      return cut >= before.end ? null : cut;
    },
  };
}

/**
 * Where a zone's reading of a period stops: the rollups cover the days before `day` and the local hours from `from` to
 * `hourStart`; the raw rows cover the hour in progress from `hourStart` to `until`. A period that has not begun has all
 * four at its start (nothing is read).
 */
export interface PeriodCut {
  /** The local day of the cut: the period's first day when it has not begun. */
  day: string;
  /** Start of the cut day inside the period (its first hour on a custom range's first day), epoch ms. */
  from: number;
  /** Start of the local hour holding the cut, epoch ms. */
  hourStart: number;
  /** The cut itself, epoch ms. */
  until: number;
  /** The local hour of day of `hourStart` (0–23). */
  localHour: number;
}

/** The cut of `period` in a zone read up to `until`; null when the whole period is read. */
export function periodCutOf(period: ReportPeriod, timeZone: string, until: number | null): PeriodCut | null {
  if (until === null) return null;
  const { start, end } = periodBoundsIn(period, timeZone);
  if (until >= end) return null;
  if (until <= start) return { day: period.startDay, from: start, hourStart: start, until: start, localHour: 0 };
  const clock = localClock(until, timeZone);
  const from = Math.max(start, localTimeToInstant(clock.day, 0, timeZone));
  return {
    day: clock.day,
    from,
    hourStart: Math.max(from, until - (clock.ms % HOUR_MS)),
    until,
    localHour: Math.floor(clock.ms / HOUR_MS),
  };
}

function localDateTime(instant: number, timeZone: string): string {
  const { day, ms } = localClock(instant, timeZone);
  const hh = String(Math.floor(ms / HOUR_MS)).padStart(2, '0');
  const mm = String(Math.floor((ms % HOUR_MS) / MINUTE_MS)).padStart(2, '0');
  return `${day}T${hh}:${mm}`;
}

/**
 * What the answers say of the cut (ComparedUntilSchema): null when the period is over at every site of `timeZones`,
 * else the local time the selected period is read up to (its start at a site where it has not begun), or null for it
 * when the sites' clocks show different times or the period is over at some of them (read whole there).
 */
export function comparedUntilOf(period: ReportPeriod, now: Date, timeZones: readonly string[]): ComparedUntil {
  const times = timeZones.map((timeZone) => {
    const until = selectedCut(period, now.getTime(), timeZone);
    return until === null ? null : localDateTime(until, timeZone);
  });
  if (times.every((time) => time === null)) return null;
  const [first] = times;
  return { localTime: times.every((time) => time === first) ? (first ?? null) : null };
}
