import dayjs from 'dayjs';
import { periodEnd, periodStart, type IsoDate } from '../../shared/timeframes/timeframe-dates.ts';
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
