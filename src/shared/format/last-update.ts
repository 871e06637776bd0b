import dayjs from 'dayjs';

/** 'March 05, 2024, 09:30 am' (spec shell §2). */
export const LAST_UPDATE_FORMAT = 'MMMM DD, YYYY, hh:mm a';

/**
 * Formats a last-update instant (ISO with its offset, e.g. maxKeepAliveValueUtc or a system's lastUpdate) in the
 * viewer's time zone, or null when absent or not a valid date. The header and Systems Analysis both use it: a group's
 * systems stand at several sites, so no site's clock is the one to show them in.
 */
export function formatLastUpdate(value: string | null | undefined): string | null {
  if (!value) return null;
  const parsed = dayjs(value);
  return parsed.isValid() ? parsed.format(LAST_UPDATE_FORMAT) : null;
}

/** 'Mar 5, 09:30 am': an instant inside a report's day or week, short enough for a table column on a phone. */
export const SHORT_INSTANT_FORMAT = 'MMM D, hh:mm a';

/** Formats an instant of a report's period like formatLastUpdate (the viewer's time zone) without the year. */
export function formatShortInstant(value: string | null | undefined): string | null {
  if (!value) return null;
  const parsed = dayjs(value);
  return parsed.isValid() ? parsed.format(SHORT_INSTANT_FORMAT) : null;
}

/** The time zone last-update times are shown in: the browser's (IANA name, e.g. 'Europe/Berlin'). */
export function viewerTimeZone(): string {
  VIEWER_TIME_ZONE ??= Intl.DateTimeFormat().resolvedOptions().timeZone;
  return VIEWER_TIME_ZONE;
}

/** The browser's time zone, read once: a formatter made to read it costs milliseconds (the header renders on every filter change). */
let VIEWER_TIME_ZONE: string | undefined;
