import { useEffect } from 'react';
import { useSearchParams } from 'react-router';
import { useDateFilters } from '../../../api/date-filters.ts';
import type { SystemGroup } from '../../../shared/system-group.ts';
import { compareSerials } from '../../../shared/systems/serial-sort.ts';

/**
 * URL keys of the TV playlist: `playlist=APL-30001,APL-30002&every=30` (seconds). An entry `site:<site id>` stands for
 * every printer of that site, so a screen in a hall can cycle through the hall's printers: `playlist=site:shanghai`.
 */
export const PLAYLIST_PARAM = 'playlist';
export const PLAYLIST_EVERY_PARAM = 'every';
export const DEFAULT_PLAYLIST_SECONDS = 30;
/** Shorter than this a screen cannot be read before it changes. */
export const MIN_PLAYLIST_SECONDS = 5;

export const SITE_ENTRY_PREFIX = 'site:';

/** The playlist in a URL query: its entries (serial numbers or `site:<id>`) and seconds per printer; null without one. */
export function playlistOf(params: URLSearchParams): { entries: string[]; seconds: number } | null {
  const entries = (params.get(PLAYLIST_PARAM) ?? '')
    .split(',')
    .map((entry) => entry.trim())
    .filter((entry) => entry !== '');
  if (entries.length === 0) return null;
  const every = Number(params.get(PLAYLIST_EVERY_PARAM));
  const seconds =
    Number.isFinite(every) && every > 0 ? Math.max(MIN_PLAYLIST_SECONDS, every) : DEFAULT_PLAYLIST_SECONDS;
  return { entries, seconds };
}

/**
 * The printers a playlist shows, in its order: a serial number of the group's printers (`systems`, the group's filter
 * data) as it is, a `site:<id>` entry as the site's printers of the group in serial order; each printer once, at its
 * first place. A serial the group does not have is left out: put in the URL, the filters would show the group's first
 * printer in its place, a printer the playlist does not name, under the next one's label while it loads (issue #25).
 */
export function playlistSerials(
  entries: readonly string[],
  systems: readonly { name: string; siteId: string }[],
): string[] {
  const known = new Set(systems.map((system) => system.name));
  const serials = entries.flatMap((entry) =>
    entry.startsWith(SITE_ENTRY_PREFIX)
      ? systems
          .filter((system) => system.siteId === entry.slice(SITE_ENTRY_PREFIX.length))
          .map((system) => system.name)
          .sort(compareSerials)
      : [entry].filter((serial) => known.has(serial)),
  );
  return [...new Set(serials)];
}

/** The printer after `current` in the playlist (the first when `current` is not in it). */
export function nextInPlaylist(serials: readonly string[], current: string | null): string {
  const index = current === null ? -1 : serials.indexOf(current);
  return serials[(index + 1) % serials.length] ?? serials[0] ?? '';
}

/**
 * A TV playlist (set up by bookmarking its URL): shows each printer of `playlist` (of `group`) for `every` seconds in
 * turn by putting it in the URL's machine selection (replacing the history entry, so Back does not step through the
 * rotation). Starts with the first printer unless the URL already selects one of them.
 */
export function usePlaylist(current: string | null, group: SystemGroup): void {
  const [params, setParams] = useSearchParams();
  const { data } = useDateFilters();
  const parsed = playlistOf(params);
  const systems = data?.groups.find((entry) => entry.systemGroup === group)?.systems ?? [];
  const playlist =
    parsed === null ? null : { serials: playlistSerials(parsed.entries, systems), seconds: parsed.seconds };
  const key = playlist === null ? null : `${playlist.serials.join(',')}@${playlist.seconds}`;

  useEffect(() => {
    // Without a playlist, or while its printers are not known yet (filter data loading, or none of the group's).
    if (playlist === null || playlist.serials.length === 0) return undefined;
    const show = (serial: string) =>
      setParams(
        (previous) => {
          const next = new URLSearchParams(previous);
          next.delete('sites');
          next.delete('models');
          next.set('systems', serial);
          return next;
        },
        { replace: true },
      );
    if (current === null || !playlist.serials.includes(current)) {
      show(playlist.serials[0] ?? '');
      return undefined;
    }
    const timer = setTimeout(() => show(nextInPlaylist(playlist.serials, current)), playlist.seconds * 1000);
    return () => clearTimeout(timer);
    // `key` stands for the playlist's contents.
  }, [key, current, setParams]);
}
