/**
 * Keys the portal keeps in the browser. Session data (cleared on logout) and per-user consent records
 * (terms agreement, cookie notice) live under separate prefixes, so logout can clear one and keep the other.
 */
export const SESSION_KEY_PREFIX = 'fleet-portal.session.';
export const CONSENT_KEY_PREFIX = 'fleet-portal.consent.';
/** MSAL's own cache entries (tokens, accounts, interaction state). */
const MSAL_KEY_PREFIX = 'msal.';

function removeKeys(storage: Storage, prefixes: readonly string[]): void {
  const doomed: string[] = [];
  for (let index = 0; index < storage.length; index += 1) {
    const key = storage.key(index);
    if (key !== null && prefixes.some((prefix) => key.startsWith(prefix))) doomed.push(key);
  }
  for (const key of doomed) storage.removeItem(key);
}

/** Clears the login data of this browser (portal session keys and MSAL's cache) from both storages. */
export function clearSessionData(): void {
  for (const storage of [window.localStorage, window.sessionStorage]) {
    removeKeys(storage, [SESSION_KEY_PREFIX, MSAL_KEY_PREFIX]);
  }
}

export function readJson<T>(key: string, isValid: (value: unknown) => value is T): T | null {
  try {
    const raw = window.localStorage.getItem(key);
    if (raw === null) return null;
    const value: unknown = JSON.parse(raw);
    return isValid(value) ? value : null;
  } catch {
    return null;
  }
}

export function writeJson(key: string, value: unknown): void {
  try {
    window.localStorage.setItem(key, JSON.stringify(value));
  } catch {
    // Storage full or disabled: the record is only a convenience, the server keeps the agreement.
  }
}
