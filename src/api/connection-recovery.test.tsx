import { QueryClient, QueryClientProvider, useQuery } from '@tanstack/react-query';
import { act, renderHook } from '@testing-library/react';
import type { ReactNode } from 'react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { getConnectionHealth, isDataStale, reportApiAnswer, reportApiUnreachable } from './connection-health.ts';
import { PROBE_EVERY_MS, useConnectionRecovery, watchConnectionRecovery } from './connection-recovery.ts';
import { configureApiClient, getApiClient } from './http-client.ts';

const stale = () => isDataStale(getConnectionHealth());

beforeEach(() => {
  vi.useFakeTimers();
});

afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
});

describe('watchConnectionRecovery', () => {
  it('probes every 2.5 s while stale only, and reports the recovery once when the portal answers', async () => {
    let portalUp = false;
    const probe = vi.fn(async () => portalUp);
    const onRecovered = vi.fn();
    const stop = watchConnectionRecovery({ probe, onRecovered });

    await vi.advanceTimersByTimeAsync(3 * PROBE_EVERY_MS);
    expect(probe).not.toHaveBeenCalled();

    reportApiAnswer(1_000);
    reportApiUnreachable(2_000);
    await vi.advanceTimersByTimeAsync(2 * PROBE_EVERY_MS);
    expect(probe).toHaveBeenCalledTimes(2);
    expect(stale()).toBe(true);

    portalUp = true;
    await vi.advanceTimersByTimeAsync(PROBE_EVERY_MS);
    expect(probe).toHaveBeenCalledTimes(3);
    expect(stale()).toBe(false);
    expect(getConnectionHealth().lastSuccessAt).toBe(1_000);
    expect(onRecovered).toHaveBeenCalledTimes(1);

    await vi.advanceTimersByTimeAsync(3 * PROBE_EVERY_MS);
    expect(probe).toHaveBeenCalledTimes(3);
    expect(onRecovered).toHaveBeenCalledTimes(1);
    stop();
  });

  it('an answer to any request ends the outage too', async () => {
    const onRecovered = vi.fn();
    const stop = watchConnectionRecovery({ probe: async () => false, onRecovered });
    reportApiUnreachable(1_000);
    reportApiAnswer(2_000);
    expect(onRecovered).toHaveBeenCalledTimes(1);
    stop();
  });

  it("the browser's offline event is a failure, online probes at once", async () => {
    const probe = vi.fn(async () => true);
    const onRecovered = vi.fn();
    const stop = watchConnectionRecovery({ probe, onRecovered });
    window.dispatchEvent(new Event('offline'));
    expect(stale()).toBe(true);
    window.dispatchEvent(new Event('online'));
    await vi.advanceTimersByTimeAsync(0);
    expect(probe).toHaveBeenCalledTimes(1);
    expect(stale()).toBe(false);
    expect(onRecovered).toHaveBeenCalledTimes(1);
    stop();
  });

  it('a probe stuck on the dead link does not hold back the next one', async () => {
    const answers = [new Promise<boolean>(() => undefined), Promise.resolve(true)];
    const probe = vi.fn(() => answers.shift() ?? Promise.resolve(true));
    const onRecovered = vi.fn();
    const stop = watchConnectionRecovery({ probe, onRecovered });
    reportApiUnreachable(1_000);
    await vi.advanceTimersByTimeAsync(PROBE_EVERY_MS);
    expect(stale()).toBe(true);
    await vi.advanceTimersByTimeAsync(PROBE_EVERY_MS);
    expect(probe).toHaveBeenCalledTimes(2);
    expect(stale()).toBe(false);
    expect(onRecovered).toHaveBeenCalledTimes(1);
    stop();
  });

  it('stops probing when stopped', async () => {
    const probe = vi.fn(async () => false);
    const stop = watchConnectionRecovery({ probe, onRecovered: () => undefined });
    reportApiUnreachable(1_000);
    stop();
    await vi.advanceTimersByTimeAsync(3 * PROBE_EVERY_MS);
    expect(probe).not.toHaveBeenCalled();
  });
});

describe('useConnectionRecovery', () => {
  /** The portal: down (fetch rejects) or up; /api/health and the report's answer. */
  let portalUp = true;
  const fetchMock = vi.fn(async (url: string) => {
    if (!portalUp) throw new TypeError('Failed to fetch');
    return url.endsWith('/api/health') ? Response.json({ status: 'ok' }) : Response.json({ value: Date.now() });
  });

  beforeEach(() => {
    portalUp = true;
    fetchMock.mockClear();
    vi.stubGlobal('fetch', fetchMock);
    configureApiClient({
      baseUrl: 'https://portal.test',
      getAccessToken: async () => 'token',
      onError: () => undefined,
    });
  });

  function renderPolledReport() {
    const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false, refetchOnWindowFocus: false } } });
    const wrapper = ({ children }: { children: ReactNode }) => (
      <QueryClientProvider client={queryClient}>{children}</QueryClientProvider>
    );
    return renderHook(
      () => {
        useConnectionRecovery();
        return useQuery({
          queryKey: ['report'],
          queryFn: () => getApiClient().get('/api/report').json<{ value: number }>(),
          refetchInterval: 60_000,
        });
      },
      { wrapper },
    );
  }

  /** Lets the fetch's promise chain and react-query's batched notifications (a 0 ms timer) run. */
  const settle = () => act(() => vi.advanceTimersByTimeAsync(10));
  const reportCalls = () => fetchMock.mock.calls.filter(([url]) => url.endsWith('/api/report')).length;

  it('a report polled every 60 s is fresh again within 5 s of the portal coming back', async () => {
    const { result } = renderPolledReport();
    await settle();
    expect(result.current.isSuccess).toBe(true);

    portalUp = false;
    await act(() => vi.advanceTimersByTimeAsync(60_000));
    await settle();
    expect(result.current.isError).toBe(true);
    expect(stale()).toBe(true);

    // react-query v5 keeps the interval after a failed fetch: the next poll still goes out.
    await act(() => vi.advanceTimersByTimeAsync(60_000));
    await settle();
    expect(reportCalls()).toBe(3);

    // The portal is back 1 s after that poll: a probe finds it and the report is fetched at once, within 5 s.
    await act(() => vi.advanceTimersByTimeAsync(1_000));
    portalUp = true;
    const back = Date.now();
    await act(() => vi.advanceTimersByTimeAsync(PROBE_EVERY_MS));
    await settle();
    expect(reportCalls()).toBe(4);
    expect(result.current.isSuccess).toBe(true);
    expect(result.current.dataUpdatedAt - back).toBeLessThanOrEqual(PROBE_EVERY_MS);
    expect(stale()).toBe(false);
    expect(getConnectionHealth().lastSuccessAt).toBeGreaterThanOrEqual(back);
  });
});
