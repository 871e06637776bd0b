import type { GoalType } from '../../shared/contract/goals.contract.ts';
import { weekOf } from '../../shared/kpi/periods.ts';
import { DAY_MS, daysBetween, formatDay, parseDay, type LocalDay } from '../../shared/time/local-time.ts';

const HOUR_MS = 3_600_000;

/** The week or year in progress on the user's clock (spec shell §7: `time` and `timezoneOffset` in hours). */
export interface GoalPeriod {
  goalType: GoalType;
  /** First and last local day: Monday to Sunday, or 1 January to 31 December. */
  start: LocalDay;
  end: LocalDay;
  /** Milliseconds of the period passed at `time`, on the user's clock. */
  elapsedMs: number;
  /** The whole period in milliseconds (a week; 365 or 366 days). */
  lengthMs: number;
  /** Days of the week, or months of the year, already over: the passed-days indicator. */
  passed: number;
}

/** The user's local day at `timeMs` with an offset of `offsetHours` east of UTC. */
export function userToday(timeMs: number, offsetHours: number): LocalDay {
  return formatDay(timeMs + offsetHours * HOUR_MS);
}

/** The instant the user's local midnight of `day` falls on. */
function userMidnight(day: LocalDay, offsetHours: number): number {
  const { year, month, date } = parseDay(day);
  return Date.UTC(year, month - 1, date) - offsetHours * HOUR_MS;
}

/** The week or year containing the user's day at `timeMs`, and how much of it has passed. */
export function goalPeriodAt(goalType: GoalType, timeMs: number, offsetHours: number): GoalPeriod {
  const today = userToday(timeMs, offsetHours);
  const year = parseDay(today).year;
  const { start, end } = goalType === 'weekly' ? weekOf(today) : { start: `${year}-01-01`, end: `${year}-12-31` };
  const passed = goalType === 'weekly' ? daysBetween(start, today) : parseDay(today).month - 1;
  return {
    goalType,
    start,
    end,
    elapsedMs: timeMs - userMidnight(start, offsetHours),
    lengthMs: (daysBetween(start, end) + 1) * DAY_MS,
    passed,
  };
}
