import { useEffect } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import {
  getConnectionHealth,
  isDataStale,
  isReachableStatus,
  reportApiReachable,
  reportApiUnreachable,
  subscribeConnectionHealth,
} from './connection-health.ts';
import { HEALTH_PATH } from './health.ts';
import { getApiClientOptions } from './http-client.ts';

/**
 * While the data is stale, how often the portal is asked whether it is back. The issue asks for fresh data ≤ 5 s after
 * the link returns: a probe every 5 s plus the probe's and the refetch's own time would overrun that, so every 2.5 s.
 */
export const PROBE_EVERY_MS = 2_500;
/**
 * A probe without an answer by then is a failure. Longer than the interval, so a slow answer still counts: probes
 * overlap, at most two at a time (one sent over a link that just came back need not wait for one stuck before it).
 */
const PROBE_TIMEOUT_MS = 5_000;

/**
 * GET /api/health (unauthenticated) with plain fetch, not the API client: a failed probe must not raise the client's
 * error toast at every probe, and its answer says the portal is there, not that the page's data is fresh.
 */
export async function probeHealth(): Promise<boolean> {
  try {
    const response = await fetch(`${getApiClientOptions().baseUrl}${HEALTH_PATH}`, {
      cache: 'no-store',
      signal: AbortSignal.timeout(PROBE_TIMEOUT_MS),
    });
    return isReachableStatus(response.status);
  } catch {
    return false;
  }
}

export interface RecoveryOptions {
  /** Whether the portal answers (default `probeHealth`). */
  probe?: () => Promise<boolean>;
  /** The portal answers again after a failure: fetch what the page shows, once. */
  onRecovered: () => void;
}

/**
 * Brings a page back after an outage without a reload. While the data is stale it probes the portal every 2.5 s (the
 * page's own polling may be 60 s away, and a report without polling never asks again); when the portal answers, or
 * any request does, `onRecovered` runs once. The browser's `offline` event counts as a failure (react-query pauses its
 * fetches while offline, so no request would fail), `online` probes at once. Returns the function that stops it.
 */
export function watchConnectionRecovery({ probe = probeHealth, onRecovered }: RecoveryOptions): () => void {
  let timer: ReturnType<typeof setInterval> | null = null;
  let stale = isDataStale(getConnectionHealth());

  const probeOnce = () => {
    void probe().then((reachable) => {
      if (reachable) reportApiReachable();
    });
  };

  const sync = () => {
    const wasStale = stale;
    stale = isDataStale(getConnectionHealth());
    if (stale && timer === null) timer = setInterval(probeOnce, PROBE_EVERY_MS);
    if (!stale && timer !== null) {
      clearInterval(timer);
      timer = null;
    }
    if (wasStale && !stale) onRecovered();
  };

  const onOffline = () => reportApiUnreachable();
  const onOnline = () => {
    if (stale) probeOnce();
  };

  const unsubscribe = subscribeConnectionHealth(sync);
  window.addEventListener('offline', onOffline);
  window.addEventListener('online', onOnline);
  if (stale) timer = setInterval(probeOnce, PROBE_EVERY_MS);
  return () => {
    unsubscribe();
    window.removeEventListener('offline', onOffline);
    window.removeEventListener('online', onOnline);
    if (timer !== null) clearInterval(timer);
  };
}

/**
 * The app's recovery after an outage (`watchConnectionRecovery`): when the portal answers again, every query on the
 * screen is fetched once (a query whose fetch is under way keeps it: its answer may be what ended the outage).
 */
export function useConnectionRecovery(): void {
  const queryClient = useQueryClient();
  useEffect(
    () =>
      watchConnectionRecovery({
        onRecovered: () => void queryClient.refetchQueries({ type: 'active' }, { cancelRefetch: false }),
      }),
    [queryClient],
  );
}
