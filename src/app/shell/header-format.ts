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

/** The time zone last-update times are shown in: the browser's (IANA name, e.g. 'Europe/Berlin'). */
export function viewerTimeZone(): string {
  return Intl.DateTimeFormat().resolvedOptions().timeZone;
}

export type ActiveSystemsParts = readonly [string, string, string];

/** Splits the active-systems text ('3 of 4') on spaces into its three parts; null until it is loaded. */
export function splitActiveSystems(text: string | null | undefined): ActiveSystemsParts | null {
  if (!text) return null;
  const [first = '', second = '', ...rest] = text.trim().split(/\s+/);
  return [first, second, rest.join(' ')];
}

/** The mobile header shows the first and third parts: '3 / 4'. */
export function mobileActiveSystems(parts: ActiveSystemsParts): string {
  return `${parts[0]} / ${parts[2]}`;
}

const PRODUCTION_ENVIRONMENTS = ['prod', 'production'];

/** Version and environment label for non-production builds; null in production. */
export function environmentLabel(environment: string, version: string): string | null {
  if (PRODUCTION_ENVIRONMENTS.includes(environment.toLowerCase())) return null;
  return version ? `v${version} · ${environment}` : environment;
}
