import { fromHourOfDay, toHourOfDay, type ClockHour } from '../../shared/timeframes/clock-hours.ts';
import type { CustomRange } from '../../shared/timeframes/custom-range-rules.ts';
import type { IsoDate } from '../../shared/timeframes/timeframe-dates.ts';
import type { CustomRangeState } from '../../machines/report-filters.machine.ts';

/** URL query keys of an applied custom range, beside `timeframe=custom`: `from=2024-03-01T05:00&to=2024-03-04T23:00`. */
export const CUSTOM_QUERY_KEYS = { from: 'from', to: 'to' } as const;

const END_PATTERN = /^(\d{4}-\d{2}-\d{2})T(\d{2}):00$/;

function endOf(date: IsoDate, time: ClockHour): string {
  return `${date}T${String(toHourOfDay(time)).padStart(2, '0')}:00`;
}

function parseEnd(value: string | null): { date: IsoDate; time: ClockHour } | undefined {
  const match = END_PATTERN.exec(value ?? '');
  if (match === null) return undefined;
  const [, date = '', hour = ''] = match;
  const parsed = new Date(`${date}T00:00:00Z`);
  const hourOfDay = Number(hour);
  if (Number.isNaN(parsed.getTime()) || parsed.toISOString().slice(0, 10) !== date || hourOfDay > 23) return undefined;
  return { date, time: fromHourOfDay(hourOfDay) };
}

/** The custom range named by the URL, if both ends are valid; the machine applies its rules to it. */
export function customRangeFromQuery(query: URLSearchParams): CustomRange | undefined {
  return customRangeOf(query.get(CUSTOM_QUERY_KEYS.from), query.get(CUSTOM_QUERY_KEYS.to));
}

/** The custom range of the URL's `from` and `to` values, if both are valid. */
export function customRangeOf(fromValue: string | null, toValue: string | null): CustomRange | undefined {
  const from = parseEnd(fromValue);
  const to = parseEnd(toValue);
  if (from === undefined || to === undefined) return undefined;
  return { startDate: from.date, startTime: from.time, endDate: to.date, endTime: to.time };
}

/** The URL values of the applied custom range; null (left out) unless a range is applied. */
export function customRangeQueryValues(
  custom: CustomRangeState,
): Record<keyof typeof CUSTOM_QUERY_KEYS, string | null> {
  if (custom.startDate === null || custom.endDate === null) return { from: null, to: null };
  return { from: endOf(custom.startDate, custom.startTime), to: endOf(custom.endDate, custom.endTime) };
}
