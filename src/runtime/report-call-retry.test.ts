import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { getConnectionHealth, resetConnectionHealth } from '../api/connection-health.ts';
import { ApiError, REQUEST_TIMEOUT_MS, configureApiClient } from '../api/http-client.ts';
import { fetchProfileData } from '../api/profile-data.ts';
import { fetchQueryRequest } from './use-panel-query.ts';

/**
 * A report call (a layout query) that got no answer — the connection was reset, e.g. the portal node holding it was
 * killed behind the load balancer — is sent once more before it fails (retryOnceOnNetworkFailure, src/api/http-client.ts);
 * the error message of the catalogue (spec shell §8) is shown only when the second attempt fails too.
 */

function jsonResponse(body: unknown, status = 200): Response {
  return new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });
}

/** A fetch that answers only when the test says so and honours abort signals like the browser. */
function pendingFetch() {
  const pending: RequestInit[] = [];
  const fetchMock = vi.fn(
    (_url: string, init: RequestInit) =>
      new Promise<Response>((_resolve, reject) => {
        init.signal?.addEventListener('abort', () => reject(new DOMException('aborted', 'AbortError')));
        pending.push(init);
      }),
  );
  return { fetchMock, pending };
}

describe('a report call that gets no answer (issue #29: the node holding the connection died)', () => {
  const onError = vi.fn();
  const reportCall = () =>
    fetchQueryRequest({
      method: 'POST',
      endpoint: '/api/reports/overview/kpis',
      params: { day: '2026-11-02' },
      body: {},
    });
  const noAnswer = () => Promise.reject(new TypeError('Failed to fetch'));

  beforeEach(() => {
    onError.mockReset();
    resetConnectionHealth();
    configureApiClient({ baseUrl: 'https://portal.test', getAccessToken: async () => 'token-1', onError });
  });
  afterEach(() => {
    vi.unstubAllGlobals();
  });

  it('is sent once more, the same call, and nothing is reported when the second attempt is answered', async () => {
    const fetchMock = vi.fn<(url: string, init: RequestInit) => Promise<Response>>(noAnswer);
    fetchMock.mockImplementationOnce(noAnswer).mockImplementationOnce(async () => jsonResponse({ kpis: [] }));
    vi.stubGlobal('fetch', fetchMock);
    await expect(reportCall()).resolves.toEqual({ kpis: [] });
    expect(fetchMock).toHaveBeenCalledTimes(2);
    const [first, second] = fetchMock.mock.calls;
    expect(second?.[0]).toBe(first?.[0]);
    expect(second?.[1].method).toBe('POST');
    expect(second?.[1].body).toBe(first?.[1].body);
    expect(onError).not.toHaveBeenCalled();
    expect(getConnectionHealth().failingSince).toBeNull();
  });

  it("shows the catalogue's message once when the second attempt gets no answer either, and tries no third time", async () => {
    const fetchMock = vi.fn(noAnswer);
    vi.stubGlobal('fetch', fetchMock);
    const error: unknown = await reportCall().catch((caught: unknown) => caught);
    expect((error as ApiError).failure).toEqual({ kind: 'network' });
    expect(fetchMock).toHaveBeenCalledTimes(2);
    expect(onError).toHaveBeenCalledExactlyOnceWith(
      'API: Cannot connect to the server, please wait and try again',
      null,
    );
    expect(getConnectionHealth().failingSince).not.toBeNull();
  });

  it('is not sent again when the portal answered (a gateway 503 included) or the caller cancelled it', async () => {
    const answered = vi.fn(async () => new Response('Service Unavailable', { status: 503 }));
    vi.stubGlobal('fetch', answered);
    await expect(reportCall()).rejects.toBeInstanceOf(ApiError);
    expect(answered).toHaveBeenCalledTimes(1);

    const { fetchMock, pending } = pendingFetch();
    vi.stubGlobal('fetch', fetchMock);
    const controller = new AbortController();
    const cancelled = fetchQueryRequest(
      { method: 'GET', endpoint: '/api/reports/system-page/status', params: {}, body: undefined },
      controller.signal,
    ).catch((caught: unknown) => caught);
    await vi.waitFor(() => expect(pending).toHaveLength(1));
    controller.abort();
    expect(((await cancelled) as ApiError).failure).toEqual({ kind: 'cancelled' });
    expect(fetchMock).toHaveBeenCalledTimes(1);
  });

  it('is not sent again after the request timeout (the portal was waited for long enough)', async () => {
    vi.useFakeTimers();
    try {
      const { fetchMock, pending } = pendingFetch();
      vi.stubGlobal('fetch', fetchMock);
      const request = reportCall().catch((caught: unknown) => caught);
      await vi.advanceTimersByTimeAsync(REQUEST_TIMEOUT_MS);
      expect(((await request) as ApiError).failure).toEqual({ kind: 'network' });
      expect(pending).toHaveLength(1);
      expect(onError).toHaveBeenCalledTimes(1);
    } finally {
      vi.useRealTimers();
    }
  });

  it('applies to the report calls only: a call that is not a layout query fails at once', async () => {
    const fetchMock = vi.fn(noAnswer);
    vi.stubGlobal('fetch', fetchMock);
    await expect(fetchProfileData()).rejects.toBeInstanceOf(ApiError);
    expect(fetchMock).toHaveBeenCalledTimes(1);
  });
});
