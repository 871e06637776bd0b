/**
 * Dynamic imports that survive an outage (issue #32): a chunk that cannot be fetched while the portal is away is asked
 * for again with back-off, and at once when the browser reports it is back online, instead of failing the page for good.
 * React-free, so panels/registry.ts (which may import only src/shared) uses it too; `lazyWithRetry`
 * (src/runtime/lazy-with-retry.ts) is its React.lazy form.
 */

export interface RetryImportOptions {
  /** Retries after the first failure; then the last error is thrown. Default RETRY_IMPORT_RETRIES. */
  retries?: number;
  /** Wait before retry `retry` (1, 2, …); default `importBackoffMs`. */
  backoffMs?: (retry: number) => number;
}

/**
 * Retries after a first failure: with the back-off below about 4 minutes in all. Bounded, because a chunk that is gone
 * for good (a new release removed it) never comes back: the page's error boundary then takes over, and the error
 * screen reloads the page once the portal answers. Browsers that still cache a failed module fetch (whatwg/html#6768)
 * fail each retry at once; the error screen's reload recovers those too.
 */
export const RETRY_IMPORT_RETRIES = 12;

/** Back-off before retry `retry`: 1 s, 2 s, 4 s … capped at 30 s. */
export function importBackoffMs(retry: number): number {
  return Math.min(30_000, 1000 * 2 ** Math.max(0, retry - 1));
}

/** Resolves after `ms`, or earlier when the browser fires `online` (the network is back: no reason to wait on). */
function waitOrOnline(ms: number): Promise<void> {
  return new Promise((resolve) => {
    const target = typeof window === 'undefined' ? undefined : window;
    const done = () => {
      clearTimeout(timer);
      target?.removeEventListener('online', done);
      resolve();
    };
    const timer = setTimeout(done, ms);
    target?.addEventListener('online', done);
  });
}

/**
 * Calls `load` until it resolves, waiting with back-off between failures to fetch; rejects with the last error past the
 * bound. Any other error (a module that fails while it runs, a test environment torn down) is thrown at once: asking
 * again would fail the same way.
 */
export async function retryImport<T>(load: () => Promise<T>, options: RetryImportOptions = {}): Promise<T> {
  const retries = options.retries ?? RETRY_IMPORT_RETRIES;
  const backoff = options.backoffMs ?? importBackoffMs;
  for (let retry = 0; ; retry += 1) {
    try {
      return await load();
    } catch (error) {
      if (retry >= retries || !isChunkLoadError(error)) throw error;
      console.warn('Chunk load failed; retrying', error);
      await waitOrOnline(backoff(retry + 1));
    }
  }
}

/** Whether an error is a script chunk that could not be fetched (the browsers' and Vite's messages). */
export function isChunkLoadError(error: unknown): boolean {
  if (!(error instanceof Error)) return false;
  // Chromium 'Failed to fetch dynamically imported module', Firefox 'error loading dynamically imported module', Safari
  // 'Importing a module script failed', Vite 'Unable to preload CSS'.
  return /dynamically imported module|module script failed|preload CSS/i.test(error.message);
}
