import dayjs from 'dayjs';
import { addLocale, localeOptions } from 'primereact/api';
import { isoDateOf, type IsoDate } from '../../../shared/timeframes/timeframe-dates.ts';

/** A calendar day as the local midnight Date that PrimeReact's Calendar works with. */
export function toCalendarDate(date: IsoDate): Date {
  return dayjs(date).toDate();
}

/** The calendar day of a Date chosen in PrimeReact's Calendar. */
export function fromCalendarDate(date: Date): IsoDate {
  return isoDateOf(date);
}

/** The day of a Calendar cell (PrimeReact's date meta: month is 0-based). */
export function isoDateOfCell(cell: { year: number; month: number; day: number }): IsoDate {
  return isoDateOf(new Date(cell.year, cell.month, cell.day));
}

/**
 * The accessible name of a calendar cell, e.g. 'Friday, March 1, 2024': it holds the day number the cell shows as a word
 * of its own (WCAG 2.5.3, label in name), which an ISO date ('2024-03-01' for '1') does not.
 */
export function calendarCellLabel(date: IsoDate): string {
  return dayjs(date).format('dddd, MMMM D, YYYY');
}

/** PrimeReact's English texts with weeks starting on Monday (spec reports §9); Calendar takes the first day from its locale. */
export const MONDAY_FIRST_LOCALE = 'en-monday-first';
addLocale(MONDAY_FIRST_LOCALE, { ...localeOptions('en'), firstDayOfWeek: 1 });
