import { useSyncExternalStore } from 'react';
import type { ConfiguredMiddleware } from 'wretch';

/**
 * Whether the portal's API answers, as the page has seen it (issue #32: a screen whose data stops arriving says so).
 * One store for the page, fed by the API client's requests (`observeReachability`), the TV's live stream
 * (`useLiveUpdates`) and, while failing, the health probe (`connection-recovery.ts`); read with `useConnectionHealth`.
 */
export interface ConnectionHealth {
  /** When the API last answered a request of the page (ms since the epoch); null before its first answer. */
  readonly lastSuccessAt: number | null;
  /**
   * When the first network-level failure (fetch rejected, timed out, 502/503/504, or the live stream dropped) after
   * the last answer happened; null while the API answers.
   */
  readonly failingSince: number | null;
}

const HEALTHY: ConnectionHealth = { lastSuccessAt: null, failingSince: null };

let health: ConnectionHealth = HEALTHY;
const listeners = new Set<() => void>();

function update(next: ConnectionHealth): void {
  if (next.lastSuccessAt === health.lastSuccessAt && next.failingSince === health.failingSince) return;
  health = next;
  for (const listener of listeners) listener();
}

/** The API answered (any status but a gateway's 502/503/504): the page's data is as of now. */
export function reportApiAnswer(at: number = Date.now()): void {
  update({ lastSuccessAt: at, failingSince: null });
}

/**
 * The portal answers again (the health probe), but the page's data has not been fetched yet: no longer failing, and
 * the data keeps the time it had until its own answers arrive.
 */
export function reportApiReachable(): void {
  update({ ...health, failingSince: null });
}

/** A network-level failure: the first one after the last answer starts the outage. */
export function reportApiUnreachable(at: number = Date.now()): void {
  if (health.failingSince === null) update({ ...health, failingSince: at });
}

export function subscribeConnectionHealth(listener: () => void): () => void {
  listeners.add(listener);
  return () => {
    listeners.delete(listener);
  };
}

export function getConnectionHealth(): ConnectionHealth {
  return health;
}

/** The page's data may be out of date: something failed since the API last answered. */
export function isDataStale(current: ConnectionHealth): boolean {
  return current.failingSince !== null;
}

/** Back to the start (tests: the store is one per page, i.e. per test file). */
export function resetConnectionHealth(): void {
  update(HEALTHY);
}

/** The store's state; re-renders on every change (each answer moves `lastSuccessAt`). */
export function useConnectionHealth(): ConnectionHealth {
  return useSyncExternalStore(subscribeConnectionHealth, getConnectionHealth);
}

const isStaleNow = () => isDataStale(health);

/** Whether the data is stale; re-renders only when that flips (a report's grid, not at every answer). */
export function useDataStale(): boolean {
  return useSyncExternalStore(subscribeConnectionHealth, isStaleNow);
}

/** Gateway answers that mean the portal behind it is away (a restart, a crash); any other status is the portal's own. */
const GATEWAY_FAILURES = new Set([502, 503, 504]);

/** An HTTP answer with this status means the portal answered (4xx included: the server said no, it is there). */
export function isReachableStatus(status: number): boolean {
  return !GATEWAY_FAILURES.has(status);
}

function nameOf(value: unknown): unknown {
  return typeof value === 'object' && value !== null ? (value as { name?: unknown }).name : undefined;
}

/**
 * Wretch middleware of the API client (innermost, so it sees the fetch itself): reports each answer and each
 * network-level failure to the store. A cancelled request (AbortError: a newer one for the same URL, a page that
 * moved on) says nothing about the network; an abort for a timeout (`TimeoutError`, as `AbortSignal.timeout` gives,
 * as the error or as the signal's reason) is a failure.
 */
export const observeReachability: ConfiguredMiddleware = (next) => async (url, init) => {
  let response: Response;
  try {
    response = await next(url, init);
  } catch (error) {
    const signal = init['signal'] as AbortSignal | null | undefined;
    const cancelled = nameOf(error) === 'AbortError' && nameOf(signal?.reason) !== 'TimeoutError';
    if (!cancelled) reportApiUnreachable();
    throw error;
  }
  if (isReachableStatus(response.status)) reportApiAnswer();
  else reportApiUnreachable();
  return response;
};
