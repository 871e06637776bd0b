import dayjs from 'dayjs';
import { periodEnd, periodStart, type IsoDate } from '../../shared/timeframes/timeframe-dates.ts';
import type { ClockHour } from '../../shared/timeframes/clock-hours.ts';
import type { Timeframe } from '../../shared/timeframes/timeframes.ts';

/** The filter bar's title of the selected period: 'November 22, 2026' for a day, 'Nov 16 – Nov 22, 2026' for a week. */
export function periodTitle(date: IsoDate, timeframe: Timeframe): string {
  if (date === '') return '';
  if (timeframe === 'day' || timeframe === 'custom') return dayjs(date).format('MMMM D, YYYY');
  const start = dayjs(periodStart(date, timeframe));
  const end = dayjs(periodEnd(date, timeframe));
  const startFormat = start.year() === end.year() ? 'MMM D' : 'MMM D, YYYY';
  return `${start.format(startFormat)} – ${end.format('MMM D, YYYY')}`;
}

/** '12:00 AM', '05:00 PM': the picker's hours (spec reports §2). */
export function clockHourLabel({ hour, period }: ClockHour): string {
  return `${String(hour).padStart(2, '0')}:00 ${period}`;
}

/** The title of an applied custom range: 'Feb 1, 2024 05:00 AM – Feb 10, 2024 11:00 PM', without hours on Jobs. */
export function customRangeTitle(
  range: { startDate: IsoDate | null; endDate: IsoDate | null; startTime: ClockHour; endTime: ClockHour },
  withHours: boolean,
): string {
  if (range.startDate === null || range.endDate === null) return '';
  const side = (date: IsoDate, time: ClockHour) =>
    withHours ? `${dayjs(date).format('MMM D, YYYY')} ${clockHourLabel(time)}` : dayjs(date).format('MMM D, YYYY');
  return `${side(range.startDate, range.startTime)} – ${side(range.endDate, range.endTime)}`;
}
