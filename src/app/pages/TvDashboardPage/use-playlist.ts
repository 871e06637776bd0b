import { useEffect } from 'react';
import { useSearchParams } from 'react-router';

/** URL keys of the TV playlist: `playlist=APL-30001,APL-30002&every=30` (seconds). */
export const PLAYLIST_PARAM = 'playlist';
export const PLAYLIST_EVERY_PARAM = 'every';
export const DEFAULT_PLAYLIST_SECONDS = 30;
/** Shorter than this a screen cannot be read before it changes. */
export const MIN_PLAYLIST_SECONDS = 5;

/** The playlist in a URL query: serial numbers and seconds per printer; null without one. */
export function playlistOf(params: URLSearchParams): { serials: string[]; seconds: number } | null {
  const serials = (params.get(PLAYLIST_PARAM) ?? '')
    .split(',')
    .map((serial) => serial.trim())
    .filter((serial) => serial !== '');
  if (serials.length === 0) return null;
  const every = Number(params.get(PLAYLIST_EVERY_PARAM));
  const seconds =
    Number.isFinite(every) && every > 0 ? Math.max(MIN_PLAYLIST_SECONDS, every) : DEFAULT_PLAYLIST_SECONDS;
  return { serials, seconds };
}

/** The printer after `current` in the playlist (the first when `current` is not in it). */
export function nextInPlaylist(serials: readonly string[], current: string | null): string {
  const index = current === null ? -1 : serials.indexOf(current);
  return serials[(index + 1) % serials.length] ?? serials[0] ?? '';
}

/**
 * A TV playlist (set up by bookmarking its URL): shows each printer of `playlist` for `every` seconds in turn by
 * putting it in the URL's machine selection (replacing the history entry, so Back does not step through the rotation).
 * Starts with the first printer unless the URL already selects one of them.
 */
export function usePlaylist(current: string | null): void {
  const [params, setParams] = useSearchParams();
  const playlist = playlistOf(params);
  const key = playlist === null ? null : `${playlist.serials.join(',')}@${playlist.seconds}`;

  useEffect(() => {
    if (playlist === null) return undefined;
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
