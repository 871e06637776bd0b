import { i18n } from '../../i18n/i18n.ts';

/** A Monday (2024-01-01) and the first of each month of 2024, at noon UTC: any zone shows the same day. */
const MONDAY = Date.UTC(2024, 0, 1, 12);

/**
 * The weekday names, Monday first, in the current language from the browser's calendar data ('long': 'Monday', 'narrow':
 * 'M' in en-US), so no language needs its own list.
 */
export function weekdayNames(style: 'long' | 'narrow'): string[] {
  const format = new Intl.DateTimeFormat(i18n.language, { weekday: style, timeZone: 'UTC' });
  return Array.from({ length: 7 }, (_, day) => format.format(MONDAY + day * 86_400_000));
}

/** The month names, January first, in the current language ('long': 'January', 'narrow': 'J' in en-US). */
export function monthNames(style: 'long' | 'narrow'): string[] {
  const format = new Intl.DateTimeFormat(i18n.language, { month: style, timeZone: 'UTC' });
  return Array.from({ length: 12 }, (_, month) => format.format(Date.UTC(2024, month, 1, 12)));
}
