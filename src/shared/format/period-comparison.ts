import type { ComparedUntil, ReportPeriod } from '../api-types.ts';
import { daysBetween, isoDayOfWeek } from '../time/local-time.ts';

/**
 * How a report shows the selected period against the previous one (spec reports §2 Overview: legend labels):
 * the one definition for every chart legend and the mobile overview's 'Production Overview' card.
 */

/** The selected and previous period a report compares. */
export type ComparedPeriod = 'day' | 'week' | 'period';

/** Colours of the selected period (bars) and the previous one (line). */
export const COMPARISON_COLOURS = { selected: '#5E7EBF', previous: '#C5D0DE' } as const;

/** A custom period this long or longer compares with last year; shorter ones with last week (spec reports §2). */
export const YEAR_COMPARISON_MIN_DAYS = 8;

/** What a custom period of `days` days is compared with. */
export function customComparison(days: number): 'From last year' | 'From last week' {
  return days >= YEAR_COMPARISON_MIN_DAYS ? 'From last year' : 'From last week';
}

const WEEKDAYS = ['Mon', 'Tue', 'Wed', 'Thu', 'Fri', 'Sat', 'Sun'] as const;

/**
 * How far both periods are read while the selected one is in progress (docs/kpi-glossary.md "Change and trend"), as
 * parts a caller words in its language (the browser: `panels.comparedUntil.<kind>`): the time of a day, the ISO weekday
 * (1 Monday … 7 Sunday) and time of a week, the day of a longer period (its 14th day and the previous period's) and
 * time, or each site's own time when the selected sites' clocks differ; null when both are whole.
 */
export type ComparedUntilPoint =
  | { kind: 'eachSite' }
  | { kind: 'time'; time: string }
  | { kind: 'weekday'; weekday: number; time: string }
  | { kind: 'day'; day: number; time: string };

export function comparedUntilPoint(
  period: Pick<ReportPeriod, 'timeframe' | 'startDay'>,
  until: ComparedUntil,
): ComparedUntilPoint | null {
  if (until === null) return null;
  if (until.localTime === null) return { kind: 'eachSite' };
  const [day = '', time = ''] = until.localTime.split('T');
  if (period.timeframe === 'day') return { kind: 'time', time };
  if (period.timeframe === 'week') return { kind: 'weekday', weekday: isoDayOfWeek(day), time };
  return { kind: 'day', day: daysBetween(period.startDay, day) + 1, time };
}

/**
 * `comparedUntilPoint` in the English of the server's answers (a card's change description): 'to 11:29' for a day,
 * 'to Sat 11:29' for a week, 'to day 14, 11:29' for a longer period, "to each site's time"; null when both are whole.
 */
export function comparedUntilText(
  period: Pick<ReportPeriod, 'timeframe' | 'startDay'>,
  until: ComparedUntil,
): string | null {
  const point = comparedUntilPoint(period, until);
  if (point === null) return null;
  switch (point.kind) {
    case 'eachSite':
      return "to each site's time";
    case 'time':
      return `to ${point.time}`;
    case 'weekday':
      return `to ${WEEKDAYS[point.weekday - 1] ?? ''} ${point.time}`;
    case 'day':
      return `to day ${point.day}, ${point.time}`;
  }
}

/**
 * What the previous period is, as an id a caller words (the server: `reportAnswers.previousPeriod.<id>`): the previous
 * same day, week, month, quarter or year; a custom period of 8 days or more compares with last year, a shorter one
 * with last week (its first and last day counted).
 */
export type PreviousPeriodKind = Exclude<ReportPeriod['timeframe'], 'custom'> | 'lastYear' | 'lastWeek';

export function previousPeriodKind(
  period: Pick<ReportPeriod, 'timeframe' | 'startDay' | 'endDay'>,
): PreviousPeriodKind {
  if (period.timeframe !== 'custom') return period.timeframe;
  return daysBetween(period.startDay, period.endDay) + 1 >= YEAR_COMPARISON_MIN_DAYS ? 'lastYear' : 'lastWeek';
}

/**
 * What the previous period is, in the English of a card's change description (spec reports §2, §3): 'From previous
 * same day', 'From previous week', 'From previous month' (quarter, year); a custom period of 8 days or more 'From last
 * year', a shorter one 'From last week' (its first and last day counted).
 */
export function previousPeriodDescription(period: Pick<ReportPeriod, 'timeframe' | 'startDay' | 'endDay'>): string {
  if (period.timeframe === 'custom') return customComparison(daysBetween(period.startDay, period.endDay) + 1);
  return `From previous ${period.timeframe === 'day' ? 'same day' : period.timeframe}`;
}

/** The compared period of an answer's `period`, and for 'Previous period' what it is. */
export interface PeriodComparison {
  compared: ComparedPeriod;
  /**
   * Beside 'Previous period' (a month, quarter, year or custom period), the cards' description of it: 'From previous
   * month', 'From last year' …; absent for a day or a week, whose labels say it.
   */
  basis?: string;
  /** While the selected period is in progress: how far both periods are read ('to 11:29'); absent otherwise. */
  until?: string;
}

export function comparisonOf(
  period: Pick<ReportPeriod, 'timeframe' | 'startDay' | 'endDay'>,
  comparedUntil: ComparedUntil,
): PeriodComparison {
  const until = comparedUntilText(period, comparedUntil);
  const progress = until === null ? {} : { until };
  if (period.timeframe === 'day' || period.timeframe === 'week') return { compared: period.timeframe, ...progress };
  return { compared: 'period', basis: previousPeriodDescription(period), ...progress };
}
