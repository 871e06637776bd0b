import { useCallback, useEffect, useRef, useState } from 'react';
import type { UserSettingsUpdate } from '../../../shared/api-types.ts';

/** Settings save debounce (spec shell §4, §9): a change is saved 300 ms after the last one. */
export const SETTINGS_SAVE_DEBOUNCE_MS = 300;

/**
 * Collects changes and saves them together `SETTINGS_SAVE_DEBOUNCE_MS` after the last one, merged (spec shell §4: each
 * toggle stores a pending change). A null value (a deselect) and an empty language are ignored. Changes still pending
 * when the page closes are saved then. Returns the pending changes (to show at once) and the function to add one.
 */
export function useDebouncedSettings(save: (update: UserSettingsUpdate) => void): {
  pending: UserSettingsUpdate;
  change: (update: UserSettingsUpdate) => void;
} {
  const [pending, setPending] = useState<UserSettingsUpdate>({});
  const pendingRef = useRef<UserSettingsUpdate>({});
  const timer = useRef<ReturnType<typeof setTimeout> | null>(null);
  const saveRef = useRef(save);
  saveRef.current = save;

  const flush = useCallback(() => {
    timer.current = null;
    const update = pendingRef.current;
    if (Object.keys(update).length === 0) return;
    pendingRef.current = {};
    setPending({});
    saveRef.current(update);
  }, []);

  const change = useCallback(
    (update: UserSettingsUpdate) => {
      const kept = Object.fromEntries(
        Object.entries(update).filter(
          ([field, value]) => value !== null && value !== undefined && !(field === 'portalLanguage' && value === ''),
        ),
      ) as UserSettingsUpdate;
      if (Object.keys(kept).length === 0) return;
      pendingRef.current = { ...pendingRef.current, ...kept };
      setPending(pendingRef.current);
      if (timer.current !== null) clearTimeout(timer.current);
      timer.current = setTimeout(flush, SETTINGS_SAVE_DEBOUNCE_MS);
    },
    [flush],
  );

  useEffect(
    () => () => {
      if (timer.current !== null) clearTimeout(timer.current);
      flush();
    },
    [flush],
  );

  return { pending, change };
}
