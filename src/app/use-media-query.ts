import { useCallback, useSyncExternalStore } from 'react';

/** Header breakpoint: at 900 px wide or less the compact mobile header is used (spec shell §2, §9). */
export const MOBILE_HEADER_QUERY = '(max-width: 900px)';

/** Whether a media query matches, following changes; false where matchMedia is unavailable. */
export function useMediaQuery(query: string): boolean {
  const subscribe = useCallback(
    (onChange: () => void) => {
      if (typeof window.matchMedia !== 'function') return () => undefined;
      const list = window.matchMedia(query);
      list.addEventListener('change', onChange);
      return () => list.removeEventListener('change', onChange);
    },
    [query],
  );
  return useSyncExternalStore(
    subscribe,
    () => typeof window.matchMedia === 'function' && window.matchMedia(query).matches,
  );
}
