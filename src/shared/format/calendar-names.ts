/**
 * Weekday and month names in a language from the runtime's calendar data (Node's full ICU, the browser's Intl), so no
 * language needs its own list:
 * en-US reads 'Sat' and 'Mar', de-DE 'Sa' and 'Mär'.
 */

/** Monday 2024-01-01 at noon UTC: every zone shows the same day. */
const MONDAY = Date.UTC(2024, 0, 1, 12);
const DAY_MS = 86_400_000;

const formats = new Map<string, Intl.DateTimeFormat>();

function formatOf(language: string, options: Intl.DateTimeFormatOptions): Intl.DateTimeFormat {
  const key = `${language} ${JSON.stringify(options)}`;
  let format = formats.get(key);
  if (format === undefined) {
    format = new Intl.DateTimeFormat(language, { ...options, timeZone: 'UTC' });
    formats.set(key, format);
  }
  return format;
}

/** The short name of an ISO weekday (1 Monday … 7 Sunday): 'Sat' in en-US. */
export function shortWeekday(language: string, isoWeekday: number): string {
  return formatOf(language, { weekday: 'short' }).format(MONDAY + (isoWeekday - 1) * DAY_MS);
}

/** The short name of a month (1 January … 12 December): 'Mar' in en-US. */
export function shortMonth(language: string, month: number): string {
  return formatOf(language, { month: 'short' }).format(Date.UTC(2024, month - 1, 1, 12));
}
