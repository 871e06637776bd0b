import type { TFunction } from 'i18next';
import type { ComparedUntil, ReportPeriod } from '../api-types.ts';
import { daysBetween, isoDayOfWeek } from '../time/local-time.ts';
import { shortWeekday } from './calendar-names.ts';

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

/**
 * How far both periods are read while the selected one is in progress (docs/kpi-glossary.md "Change and trend"), as
 * parts worded in a language by `comparedUntilWords` (`comparison.comparedUntil.<kind>`): the time of a day, the ISO weekday
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
 * The words of a card's change description and of the legend's 'Previous period (…)', in the language of `t` (the
 * browser's or the server's i18next): 'From previous same day', 'From previous month', 'From last year' … (spec reports
 * §2, §3). One source, so the legend never names another previous period than the cards.
 */
export function previousPeriodWords(kind: PreviousPeriodKind, t: TFunction): string {
  return t(`comparison.previousPeriod.${kind}`);
}

/**
 * How far both periods are read, in the language of `t`: 'to 11:29', 'to Sat 11:29' (the weekday named by `language`'s
 * calendar), 'to day 14, 11:29', "to each site's time".
 */
export function comparedUntilWords(point: ComparedUntilPoint, t: TFunction, language: string): string {
  switch (point.kind) {
    case 'eachSite':
      return t('comparison.comparedUntil.eachSite');
    case 'time':
      return t('comparison.comparedUntil.time', { time: point.time });
    case 'weekday':
      return t('comparison.comparedUntil.weekday', {
        weekday: shortWeekday(language, point.weekday),
        time: point.time,
      });
    case 'day':
      return t('comparison.comparedUntil.day', { day: point.day, time: point.time });
  }
}

/** The compared period of an answer's `period`, and for 'Previous period' what it is. */
export interface PeriodComparison {
  compared: ComparedPeriod;
  /**
   * Beside 'Previous period' (a month, quarter, year or custom period), what it is, worded as the cards word it
   * (`previousPeriodWords`: 'From previous month', 'From last year' …); absent for a day or a week, whose labels say it.
   */
  basis?: PreviousPeriodKind;
  /** While the selected period is in progress: how far both periods are read (`comparedUntilWords`); absent otherwise. */
  until?: ComparedUntilPoint;
}

export function comparisonOf(
  period: Pick<ReportPeriod, 'timeframe' | 'startDay' | 'endDay'>,
  comparedUntil: ComparedUntil,
): PeriodComparison {
  const until = comparedUntilPoint(period, comparedUntil);
  const progress = until === null ? {} : { until };
  if (period.timeframe === 'day' || period.timeframe === 'week') return { compared: period.timeframe, ...progress };
  return { compared: 'period', basis: previousPeriodKind(period), ...progress };
}
