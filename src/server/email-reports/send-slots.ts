import { weekOf } from '../../shared/kpi/periods.ts';
import { addDays, isoDayOfWeek, localDayOf, localTimeToInstant, type LocalDay } from '../../shared/time/local-time.ts';

/**
 * When a weekly e-mail report is due (issue #27). An entry is sent on each of its weekdays (Monday 0 … Sunday 6) at
 * {@link SEND_TIME_MINUTES} on its user's clock, from its start day to its end day. The sender only ever asks for the
 * latest slot at or before now: after downtime the latest missed slot is sent once and the older ones never, and the
 * database's key on (entry, slot) keeps a slot from being sent twice.
 */

/** Local time of day a report goes out: 06:00, before the working day, after the night shift's data has arrived. */
export const SEND_TIME_MINUTES = 6 * 60;

export interface SendPlan {
  /** Monday 0 … Sunday 6. */
  weekdays: readonly number[];
  startDay: LocalDay;
  /** Last day it may be sent on; null: never ends. */
  endDay: LocalDay | null;
  timeZone: string;
}

/** Spec weekday (Monday 0 … Sunday 6) of a calendar day. */
export const weekdayOf = (day: LocalDay) => isoDayOfWeek(day) - 1;

/** The latest send slot at or before `now` (an instant), or null when none has come yet (or the entry has none). */
export function latestSlot(plan: SendPlan, now: Date): Date | null {
  if (plan.weekdays.length === 0) return null;
  const today = localDayOf(now, plan.timeZone);
  const newest = plan.endDay !== null && plan.endDay < today ? plan.endDay : today;
  for (let day = newest; day >= plan.startDay && day > addDays(newest, -8); day = addDays(day, -1)) {
    if (!plan.weekdays.includes(weekdayOf(day))) continue;
    const slot = localTimeToInstant(day, SEND_TIME_MINUTES, plan.timeZone);
    if (slot <= now.getTime()) return new Date(slot);
  }
  return null;
}

/** The week a report sent on `sendDay` covers: the last whole Monday-to-Sunday week before that day's week. */
export function reportedWeek(sendDay: LocalDay): { start: LocalDay; end: LocalDay } {
  const start = addDays(weekOf(sendDay).start, -7);
  return { start, end: addDays(start, 6) };
}
