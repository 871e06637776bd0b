import type { ComparedUntil, ReportQuery, ReportPeriod } from '../../../shared/api-types.ts';
import { fromHourOfDay } from '../../../shared/timeframes/clock-hours.ts';
import { checkCustomRange, CUSTOM_RANGE_MAX_HOURLY_DAYS } from '../../../shared/timeframes/custom-range-rules.ts';
import { addDays, daysBetween, isoDayOfWeek, parseDay } from '../../../shared/time/local-time.ts';
import {
  comparedUntilPoint,
  comparedUntilWords,
  previousPeriodKind,
  previousPeriodWords,
} from '../../../shared/format/period-comparison.ts';
import { textsOf, type LanguageTexts } from '../../i18n/server-texts.ts';
import { HttpError } from '../../http-errors.ts';

/**
 * The period of a report call (spec reports §7: query day, week or custom) and the period it is compared with.
 * Periods are wall-clock ranges of local days; every system is measured in its own site's time zone (a day in Berlin and
 * the same day in Newark are different UTC hours), so a fleet spanning zones adds up each system's local day.
 */

/** The query parameters that choose the period; exactly one is given (the route schema enforces it). */
export type PeriodQuery = Pick<ReportQuery, 'day' | 'week' | 'custom'>;

function parseEdge(text: string, defaultHour: number): { day: string; hour: number } {
  const [day = '', time] = text.split('T');
  const hour = time === undefined ? defaultHour : Number(time.slice(0, 2));
  try {
    parseDay(day);
  } catch {
    throw new HttpError(400, `querystring/custom has a day that is not in the calendar: ${day}`);
  }
  if (hour > 23) throw new HttpError(400, `querystring/custom has an hour above 23: ${text}`);
  return { day, hour };
}

/**
 * A custom range `from/to`: 400 with the texts of spec reports §5 for a range over 12 months, an end before its start or
 * a From hour after the To hour on one day. Over 182 days the hours are ignored (full days), as the picker does.
 */
function customPeriod(custom: string): ReportPeriod {
  const [fromText = '', toText = ''] = custom.split('/');
  const from = parseEdge(fromText, 0);
  const to = parseEdge(toText, 23);
  if (to.day < from.day) throw new HttpError(400, 'The end of the custom range precedes its start');
  const check = checkCustomRange({
    from: from.day,
    to: to.day,
    fromTime: fromHourOfDay(from.hour),
    toTime: fromHourOfDay(to.hour),
  });
  if (!check.canSubmit) throw new HttpError(400, check.error ?? check.warning ?? 'Invalid custom range');
  const fullDays = daysBetween(from.day, to.day) > CUSTOM_RANGE_MAX_HOURLY_DAYS;
  return {
    timeframe: 'custom',
    startDay: from.day,
    endDay: to.day,
    startHour: fullDays ? 0 : from.hour,
    endHour: fullDays ? 23 : to.hour,
  };
}

/** The period a query names: a day, the Monday-to-Sunday week containing `week`, or a custom range. */
export function reportPeriodOf(query: PeriodQuery): ReportPeriod {
  if (query.day !== undefined) {
    const day = query.day;
    return { timeframe: 'day', startDay: day, endDay: day, startHour: 0, endHour: 23 };
  }
  if (query.week !== undefined) {
    const monday = addDays(query.week, 1 - isoDayOfWeek(query.week));
    return { timeframe: 'week', startDay: monday, endDay: addDays(monday, 6), startHour: 0, endHour: 23 };
  }
  if (query.custom !== undefined) return customPeriod(query.custom);
  throw new HttpError(400, 'querystring must have one of day, week or custom');
}

/** Calendar days the period touches. */
export function periodDays(period: ReportPeriod): number {
  return daysBetween(period.startDay, period.endDay) + 1;
}

/** Days between a day and the one it is compared with: the same weekday a week before (spec reports §2 legend). */
const PREVIOUS_SAME_DAY_SHIFT = 7;

/**
 * The period a change is computed against: the previous same day (the same weekday a week before), the previous week,
 * or for a custom range the same number of calendar days just before it with the same hours (a range of 3 days from
 * 06:00 compares with the 3 days before, from 06:00).
 */
export function previousPeriodOf(period: ReportPeriod): ReportPeriod {
  const shift = period.timeframe === 'day' ? PREVIOUS_SAME_DAY_SHIFT : periodDays(period);
  return { ...period, startDay: addDays(period.startDay, -shift), endDay: addDays(period.endDay, -shift) };
}

/**
 * The description under a card's change (spec reports §3 statsDescription), in the user's language (en-US by default):
 * 'From previous same day', 'From previous week' (month, …); a custom range under 8 days reads 'From last week', from
 * 8 days 'From last year' (spec reports §2 Overview). While the period is in progress it says how far both are read:
 * 'From previous same day, both to 11:29' (docs/kpi-glossary.md "Change and trend").
 */
export function changeDescription(
  period: ReportPeriod,
  comparedUntil: ComparedUntil,
  texts: LanguageTexts = textsOf(),
): string {
  const previousPeriod = previousPeriodWords(previousPeriodKind(period), texts.t);
  const point = comparedUntilPoint(period, comparedUntil);
  if (point === null) return previousPeriod;
  const until = comparedUntilWords(point, texts.t, texts.language);
  return texts.t('reportAnswers.changeDescription', { previousPeriod, until });
}

/** Whether the period covers whole days only (no custom hours at its edges). */
export function coversWholeDays(period: ReportPeriod): boolean {
  return period.startHour === 0 && period.endHour === 23;
}
