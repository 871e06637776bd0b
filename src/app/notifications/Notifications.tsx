import { Suspense, useEffect, useState } from 'react';
import { lazyWithRetry } from '../../runtime/lazy-with-retry.ts';
import { notifications } from './notification.service.ts';

// PrimeReact's Toast is not in the entry (docs/architecture.md "JavaScript budgets"); the service keeps what was raised
// until the host subscribes.
const loadToastHost = () => import('./ToastHost.tsx').then((module) => ({ default: module.ToastHost }));
const ToastHost = lazyWithRetry(loadToastHost);

/** How long after the first render the toast host's chunk is fetched at the latest, when the browser is never idle. */
export const TOAST_HOST_PRELOAD_TIMEOUT_MS = 5_000;

/**
 * Fetches the toast host's chunk once the page is idle, so it is in hand before it is needed: the first notification is
 * often a failed request during an outage, when no chunk can be fetched (issue #32).
 */
function usePreloadToastHost(): void {
  useEffect(() => {
    const preload = () => void loadToastHost().catch(() => undefined);
    // Safari has no requestIdleCallback: a second after the first render there.
    if (typeof window.requestIdleCallback !== 'function') return void setTimeout(preload, 1_000);
    window.requestIdleCallback(preload, { timeout: TOAST_HOST_PRELOAD_TIMEOUT_MS });
  }, []);
}

/** Mounts the toast host once the first notification is raised; its chunk is fetched beforehand, when the page is idle. */
export function Notifications() {
  const [raised, setRaised] = useState(false);
  usePreloadToastHost();
  useEffect(() => notifications.whenAnyRaised(() => setRaised(true)), []);
  return raised ? (
    <Suspense fallback={null}>
      <ToastHost />
    </Suspense>
  ) : null;
}
