import { useEffect } from 'react';
import { HEALTH_PATH } from '../../api/health.ts';
import { ApiError, getApiClientOptions } from '../../api/http-client.ts';
import { isChunkLoadError } from '../../shared/retry-import.ts';
import { isKiosk } from '../navigation/kiosk.ts';

/**
 * The error screen recovers by itself (issue #32): while it is shown it asks GET /api/health now and then, and reloads
 * the same URL once the portal answers. Always after a chunk or network failure (the outage is the cause); after any
 * other error only in kiosk mode (a screen nobody stands at) and at most once per RELOAD_GUARD_MS, so a real bug cannot
 * reload in a loop.
 */

/** How often the screen asks whether the portal answers. */
export const HEALTH_CHECK_INTERVAL_MS = 10_000;
/** A health check that has no answer by then counts as unreachable. */
export const HEALTH_CHECK_TIMEOUT_MS = 5_000;
/** At most one reload per this long for an error that is not a chunk or network failure. */
export const RELOAD_GUARD_MS = 5 * 60_000;
/** sessionStorage key of the last such reload (ms since the epoch). */
export const RELOAD_GUARD_KEY = 'portal.errorScreen.lastReload';

/** Whether the error is the network's: a chunk that could not be fetched, or a request that reached no server. */
export function isOutageError(error: unknown): boolean {
  if (isChunkLoadError(error)) return true;
  if (error instanceof ApiError) return error.failure.kind === 'network';
  return error instanceof TypeError && /fetch|network/i.test(error.message);
}

export interface RecoveryEnvironment {
  fetch: typeof fetch;
  reload: () => void;
  /** The page's query string (kiosk mode). */
  search: string;
  storage: Pick<Storage, 'getItem' | 'setItem'> | null;
  now: () => number;
  healthUrl: string;
}

function sessionStorageOrNull(): RecoveryEnvironment['storage'] {
  try {
    return window.sessionStorage;
  } catch {
    return null;
  }
}

function apiBase(): string {
  try {
    return getApiClientOptions().baseUrl;
  } catch {
    // The screen may show before the API client is configured: the portal serves the API on the page's origin.
    return '';
  }
}

export function browserRecoveryEnvironment(): RecoveryEnvironment {
  return {
    fetch: globalThis.fetch.bind(globalThis),
    reload: () => window.location.reload(),
    search: window.location.search,
    storage: sessionStorageOrNull(),
    now: Date.now,
    healthUrl: `${apiBase()}${HEALTH_PATH}`,
  };
}

/** Whether the screen may reload by itself for this error: see the module comment. */
export function mayReloadFor(error: unknown, environment: RecoveryEnvironment): boolean {
  if (isOutageError(error)) return true;
  if (!isKiosk(new URLSearchParams(environment.search))) return false;
  const last = Number(environment.storage?.getItem(RELOAD_GUARD_KEY) ?? Number.NaN);
  return !(Number.isFinite(last) && environment.now() - last < RELOAD_GUARD_MS);
}

/** Whether GET /api/health answers (any 2xx) within the timeout. */
export async function portalAnswers(environment: RecoveryEnvironment, timeoutMs = HEALTH_CHECK_TIMEOUT_MS) {
  const controller = new AbortController();
  const timer = setTimeout(() => controller.abort(), timeoutMs);
  try {
    const response = await environment.fetch(environment.healthUrl, { cache: 'no-store', signal: controller.signal });
    return response.ok;
  } catch {
    return false;
  } finally {
    clearTimeout(timer);
  }
}

/**
 * While mounted, and when `enabled`, checks the portal's health every HEALTH_CHECK_INTERVAL_MS and reloads the page once
 * it answers. For an error other than an outage the reload's time is stored first (the once-per-5-minutes guard).
 */
export function useReloadWhenReachable(error: unknown, enabled: boolean, environment: RecoveryEnvironment): void {
  useEffect(() => {
    if (!enabled) return;
    let stopped = false;
    let timer: ReturnType<typeof setTimeout> | undefined;
    const check = async () => {
      if (stopped) return;
      if (await portalAnswers(environment)) {
        if (stopped) return;
        if (!isOutageError(error)) environment.storage?.setItem(RELOAD_GUARD_KEY, String(environment.now()));
        environment.reload();
        return;
      }
      if (!stopped) timer = setTimeout(() => void check(), HEALTH_CHECK_INTERVAL_MS);
    };
    timer = setTimeout(() => void check(), HEALTH_CHECK_INTERVAL_MS);
    return () => {
      stopped = true;
      clearTimeout(timer);
    };
  }, [error, enabled, environment]);
}
