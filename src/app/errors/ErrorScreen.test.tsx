import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { act, render, screen } from '@testing-library/react';
import {
  HEALTH_CHECK_INTERVAL_MS,
  RELOAD_GUARD_KEY,
  RELOAD_GUARD_MS,
  type RecoveryEnvironment,
} from './error-recovery.ts';
import { ErrorScreen } from './ErrorScreen.tsx';

const NOW = Date.UTC(2026, 10, 28, 14, 0);
const RETRYING = 'Retrying when the portal is reachable…';

/** A browser with a scripted health endpoint: `reachable` decides whether GET /api/health answers. */
function environment(search: string, stored: Record<string, string> = {}) {
  const state = { reachable: false };
  const storage = new Map(Object.entries(stored));
  const fetch = vi.fn(async (url: string, init?: RequestInit) => {
    if (!state.reachable) {
      // As an outage does: no answer until the check's own timeout aborts it.
      return new Promise<Response>((_resolve, reject) => {
        init?.signal?.addEventListener('abort', () => reject(new DOMException('aborted', 'AbortError')));
      });
    }
    return new Response(JSON.stringify({ status: 'ok', url }), { status: 200 });
  });
  const reload = vi.fn();
  const env: RecoveryEnvironment = {
    fetch: fetch as unknown as typeof globalThis.fetch,
    reload,
    search,
    storage: { getItem: (key) => storage.get(key) ?? null, setItem: (key, value) => void storage.set(key, value) },
    now: () => NOW,
    healthUrl: 'https://portal.test/api/health',
  };
  return { env, state, fetch, reload, storage };
}

const chunkError = () =>
  new TypeError('Failed to fetch dynamically imported module: https://portal.test/assets/ToastHost-abc.js');

async function advance(ms: number) {
  await act(async () => {
    await vi.advanceTimersByTimeAsync(ms);
  });
}

describe('ErrorScreen recovery (issue #32)', () => {
  beforeEach(() => {
    vi.useFakeTimers();
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  it('after a chunk that could not be fetched, checks /api/health every 10 s and reloads once it answers', async () => {
    const browser = environment('');
    render(<ErrorScreen report={{ error: chunkError(), at: new Date(NOW) }} environment={browser.env} />);
    // The spec's texts stay; one line says the screen recovers by itself.
    expect(screen.getByRole('heading', { name: 'Oops! Something went wrong' })).toBeTruthy();
    expect(screen.getByRole('status').textContent).toBe(RETRYING);

    await advance(HEALTH_CHECK_INTERVAL_MS);
    expect(browser.fetch).toHaveBeenCalledTimes(1);
    expect(browser.fetch.mock.calls[0]?.[0]).toBe('https://portal.test/api/health');
    // The check times out (5 s) and the next one follows 10 s later.
    await advance(5_000 + HEALTH_CHECK_INTERVAL_MS);
    expect(browser.fetch).toHaveBeenCalledTimes(2);
    expect(browser.reload).not.toHaveBeenCalled();

    browser.state.reachable = true;
    await advance(5_000 + HEALTH_CHECK_INTERVAL_MS);
    expect(browser.reload).toHaveBeenCalledTimes(1);
    // A chunk failure reloads without the once-per-5-minutes guard.
    expect(browser.storage.has(RELOAD_GUARD_KEY)).toBe(false);
  });

  it('for any other error outside kiosk mode: no check, no reload, no retry line', async () => {
    const browser = environment('?selectedSystemGroup=DTG');
    browser.state.reachable = true;
    render(<ErrorScreen report={{ error: new Error('A bug'), at: new Date(NOW) }} environment={browser.env} />);
    expect(screen.queryByText(RETRYING)).toBeNull();
    await advance(3 * HEALTH_CHECK_INTERVAL_MS);
    expect(browser.fetch).not.toHaveBeenCalled();
    expect(browser.reload).not.toHaveBeenCalled();
  });

  it('for any other error in kiosk mode: reloads once the portal answers, at most once per 5 minutes', async () => {
    const kiosk = environment('?kiosk&system=APL-1');
    kiosk.state.reachable = true;
    const first = render(
      <ErrorScreen report={{ error: new Error('A bug'), at: new Date(NOW) }} environment={kiosk.env} />,
    );
    expect(screen.getByText(RETRYING)).toBeTruthy();
    await advance(HEALTH_CHECK_INTERVAL_MS);
    expect(kiosk.reload).toHaveBeenCalledTimes(1);
    expect(kiosk.storage.get(RELOAD_GUARD_KEY)).toBe(String(NOW));
    first.unmount();

    // The reloaded page fails again within 5 minutes: it stays on the error screen.
    const again = environment('?kiosk', { [RELOAD_GUARD_KEY]: String(NOW - RELOAD_GUARD_MS + 1) });
    again.state.reachable = true;
    const second = render(
      <ErrorScreen report={{ error: new Error('A bug'), at: new Date(NOW) }} environment={again.env} />,
    );
    expect(screen.queryByText(RETRYING)).toBeNull();
    await advance(3 * HEALTH_CHECK_INTERVAL_MS);
    expect(again.reload).not.toHaveBeenCalled();
    second.unmount();

    // 5 minutes after the last reload it may reload again.
    const later = environment('?kiosk', { [RELOAD_GUARD_KEY]: String(NOW - RELOAD_GUARD_MS) });
    later.state.reachable = true;
    render(<ErrorScreen report={{ error: new Error('A bug'), at: new Date(NOW) }} environment={later.env} />);
    await advance(HEALTH_CHECK_INTERVAL_MS);
    expect(later.reload).toHaveBeenCalledTimes(1);
  });
});
