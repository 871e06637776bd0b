import dayjs from 'dayjs';
import { periodOf } from '../kpi/periods.ts';
import { addDays, isoDayOfWeek } from '../time/local-time.ts';
import type { ReportFilters } from '../report-filters.ts';
import type { Timeframe } from './timeframes.ts';

export { daysBetween } from '../time/local-time.ts';

/**
 * Date rules of the filter bar (spec reports §2, §4, §9). Dates are calendar days as 'YYYY-MM-DD' strings, so they
 * compare as strings and mean the same day in every time zone; nothing here reads the clock.
 */
export type IsoDate = string;

const ISO_DATE = 'YYYY-MM-DD';
/** What an empty filter-data date means (spec reports §3 "empty gives epoch"). */
export const EPOCH_DATE: IsoDate = '1970-01-01';

/** First and last dates with data for the selected group (filter data startDate and endDate). */
export interface DateBounds {
  first: IsoDate;
  last: IsoDate;
}

function day(date: IsoDate): dayjs.Dayjs {
  return dayjs(date);
}

/** Filter data dates come as yyyyMMdd; empty (or malformed) gives epoch. */
export function parseFilterDataDate(value: string | null | undefined): IsoDate {
  const match = /^(\d{4})(\d{2})(\d{2})$/.exec(value ?? '');
  return match === null ? EPOCH_DATE : `${match[1]}-${match[2]}-${match[3]}`;
}

/** The calendar day of an instant in the local time zone. */
export function isoDateOf(instant: number | Date): IsoDate {
  return dayjs(instant).format(ISO_DATE);
}

export function minDate(a: IsoDate, b: IsoDate): IsoDate {
  return a < b ? a : b;
}

export function maxDate(a: IsoDate, b: IsoDate): IsoDate {
  return a > b ? a : b;
}

/** Weeks start on Monday (spec reports §9). */
export function mondayOf(date: IsoDate): IsoDate {
  return addDays(date, 1 - isoDayOfWeek(date));
}

/** First day of the timeframe period holding the date (custom: the date itself). */
export function periodStart(date: IsoDate, timeframe: Timeframe): IsoDate {
  return timeframe === 'custom' ? date : periodOf(timeframe, date).start;
}

/** Last day of the timeframe period holding the date (custom: the date itself). */
export function periodEnd(date: IsoDate, timeframe: Timeframe): IsoDate {
  return timeframe === 'custom' ? date : periodOf(timeframe, date).end;
}

/** Spec reports §4: for week the active date snaps to that week's Monday; other timeframes keep the date. */
export function snapToTimeframe(date: IsoDate, timeframe: Timeframe): IsoDate {
  return timeframe === 'week' ? mondayOf(date) : date;
}

/**
 * The selected date as the filter bar keeps it (spec reports §4): week snaps to Monday, then the date never precedes
 * the report start date (the start date is used instead) nor follows the last available date.
 */
export function normalizeSelectedDate(date: IsoDate, timeframe: Timeframe, bounds: DateBounds): IsoDate {
  const snapped = snapToTimeframe(minDate(date, bounds.last), timeframe);
  return maxDate(snapped, bounds.first);
}

/** Previous (-1) or next (+1) date by one unit of the timeframe; custom has no unit and stays. */
export function shiftDate(date: IsoDate, timeframe: Timeframe, direction: -1 | 1): IsoDate {
  if (timeframe === 'custom') return date;
  const units = {
    day: [1, 'day'],
    week: [7, 'day'],
    month: [1, 'month'],
    quarter: [3, 'month'],
    year: [1, 'year'],
  } as const;
  const [amount, unit] = units[timeframe];
  return snapToTimeframe(
    day(date)
      .add(direction * amount, unit)
      .format(ISO_DATE),
    timeframe,
  );
}

/** The previous arrow is disabled when the previous period lies wholly before the first available date. */
export function canGoPrevious(date: IsoDate, timeframe: Timeframe, bounds: DateBounds): boolean {
  return timeframe !== 'custom' && periodEnd(shiftDate(date, timeframe, -1), timeframe) >= bounds.first;
}

/** The next arrow is disabled when the next period starts after the last available date. */
export function canGoNext(date: IsoDate, timeframe: Timeframe, bounds: DateBounds): boolean {
  return timeframe !== 'custom' && periodStart(shiftDate(date, timeframe, 1), timeframe) <= bounds.last;
}

/** Where 'Today' jumps: the latest available date, snapped to the timeframe. */
export function latestSelectableDate(timeframe: Timeframe, bounds: DateBounds): IsoDate {
  return normalizeSelectedDate(bounds.last, timeframe, bounds);
}

/** 'Today' is hidden for custom (spec reports §2). */
export function isTodayShown(timeframe: Timeframe): boolean {
  return timeframe !== 'custom';
}

/** 'Today' is disabled when the selected period already holds the latest available date. */
export function isTodayDisabled(date: IsoDate, timeframe: Timeframe, bounds: DateBounds): boolean {
  return periodStart(date, timeframe) === periodStart(bounds.last, timeframe);
}

/** Calendar days outside the first and last available dates are disabled (spec reports §2). */
export function isDateAvailable(date: IsoDate, bounds: DateBounds): boolean {
  return date >= bounds.first && date <= bounds.last;
}

/** A picker's month, quarter or year can be chosen when it overlaps the available dates (spec reports §2). */
export function isPeriodAvailable(date: IsoDate, timeframe: Timeframe, bounds: DateBounds): boolean {
  return periodStart(date, timeframe) <= bounds.last && periodEnd(date, timeframe) >= bounds.first;
}

/**
 * Spec reports §4: a day is stale if before the start of the last-update day; auto-refresh is set up only if it is not.
 * `lastUpdate` is the instant of the latest data (max keep-alive).
 */
export function isStaleDay(date: IsoDate, lastUpdate: number | Date): boolean {
  return date < isoDateOf(lastUpdate);
}

/** The last calendar day the report's period covers: the day, the week's Sunday, … or the custom range's end. */
export function lastDayOfPeriod(filters: Pick<ReportFilters, 'timeframe' | 'day' | 'period'>): IsoDate {
  if (filters.period.name === 'custom') return filters.period.value.split('/')[1]?.slice(0, 10) ?? filters.day;
  return periodEnd(filters.day, filters.timeframe);
}

/**
 * Spec reports §4: auto-refresh is set up only if the day is not stale, i.e. while the period reaches the last-update
 * day (`lastUpdateDay`, the local day of the max keep-alive; null while unknown, which refreshes).
 */
export function isAutoRefreshed(
  filters: Pick<ReportFilters, 'timeframe' | 'day' | 'period'>,
  lastUpdateDay: IsoDate | null,
): boolean {
  return lastUpdateDay === null || lastDayOfPeriod(filters) >= lastUpdateDay;
}
