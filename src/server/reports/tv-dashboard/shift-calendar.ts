import {
  addDays,
  isoDayOfWeek,
  localDayOf,
  localTimeToInstant,
  type LocalDay,
} from '../../../shared/time/local-time.ts';

/** A shift of a site as stored (`shifts`): local wall-clock minutes after midnight and the ISO weekdays it starts on. */
export interface SiteShift {
  id: string;
  name: string;
  startMinute: number;
  /** A shift whose end is not after its start runs past midnight into the next day. */
  endMinute: number;
  weekdays: readonly number[];
}

/** One shift worked on the calendar: `[start, end)` in epoch ms, and the local day it starts on. */
export interface ShiftOccurrence {
  shift: SiteShift;
  startDay: LocalDay;
  start: number;
  end: number;
}

const DAY_MINUTES = 24 * 60;

/** The occurrence of `shift` starting on local day `day`, or null when it is not worked that weekday. */
export function occurrenceOn(shift: SiteShift, day: LocalDay, timeZone: string): ShiftOccurrence | null {
  if (!shift.weekdays.includes(isoDayOfWeek(day))) return null;
  const endMinute = shift.endMinute > shift.startMinute ? shift.endMinute : shift.endMinute + DAY_MINUTES;
  const start = localTimeToInstant(day, shift.startMinute, timeZone);
  const end = localTimeToInstant(day, endMinute, timeZone);
  return end > start ? { shift, startDay: day, start, end } : null;
}

/** Every occurrence of the shifts that starts on the local days from `fromDay` to `toDay`, ordered by start. */
export function occurrencesBetween(
  shifts: readonly SiteShift[],
  fromDay: LocalDay,
  toDay: LocalDay,
  timeZone: string,
): ShiftOccurrence[] {
  const found: ShiftOccurrence[] = [];
  for (let day = fromDay; day <= toDay; day = addDays(day, 1)) {
    for (const shift of shifts) {
      const occurrence = occurrenceOn(shift, day, timeZone);
      if (occurrence !== null) found.push(occurrence);
    }
  }
  return found.sort((a, b) => a.start - b.start || a.shift.id.localeCompare(b.shift.id));
}

/** How far back the dashboard looks for the last shift and its baseline (two weeks cover any weekly rota). */
export const SHIFT_LOOKBACK_DAYS = 14;

/**
 * The shift on the site's clock at `now`: the occurrence running at `now` (a night shift that started yesterday
 * included; of two overlapping ones the later start), else the latest one that has ended (`running` false); null when
 * the site has no shift in the last two weeks.
 */
export function currentShift(
  shifts: readonly SiteShift[],
  timeZone: string,
  now: number,
): { occurrence: ShiftOccurrence; running: boolean } | null {
  const today = localDayOf(now, timeZone);
  const started = occurrencesBetween(shifts, addDays(today, -SHIFT_LOOKBACK_DAYS), today, timeZone).filter(
    (occurrence) => occurrence.start <= now,
  );
  const running = started.filter((occurrence) => now < occurrence.end).at(-1);
  if (running !== undefined) return { occurrence: running, running: true };
  const ended = started.sort((a, b) => a.end - b.end).at(-1);
  return ended === undefined ? null : { occurrence: ended, running: false };
}

/**
 * The earlier occurrences of the same shift before `occurrence`, newest first, within the lookback: the XMR baseline's
 * source (docs/kpi-glossary.md "Shift XMR chart").
 */
export function earlierOccurrences(occurrence: ShiftOccurrence, timeZone: string): ShiftOccurrence[] {
  return occurrencesBetween(
    [occurrence.shift],
    addDays(occurrence.startDay, -SHIFT_LOOKBACK_DAYS),
    addDays(occurrence.startDay, -1),
    timeZone,
  ).reverse();
}

/**
 * Length of an XMR interval of a shift: at most half of the shortest stop the chart must show (45 minutes), so such a
 * stop always covers one whole interval (docs/kpi-glossary.md "Shift XMR chart").
 */
export const XMR_INTERVAL_MS = 20 * 60_000;

/** The 20-minute intervals of an occurrence from its start, `[start, end)`, the last one cut at the shift's end. */
export function intervalsOf(occurrence: Pick<ShiftOccurrence, 'start' | 'end'>): { start: number; end: number }[] {
  const intervals: { start: number; end: number }[] = [];
  for (let start = occurrence.start; start < occurrence.end; start += XMR_INTERVAL_MS) {
    intervals.push({ start, end: Math.min(start + XMR_INTERVAL_MS, occurrence.end) });
  }
  return intervals;
}
