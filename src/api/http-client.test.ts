import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ApiError, REQUEST_TIMEOUT_MS, configureApiClient, getApiClient } from './http-client.ts';
import { fetchProfileData } from './profile-data.ts';
import { fetchMaxKeepAlive } from './max-keep-alive.ts';

type FetchArgs = [string, RequestInit];

function jsonResponse(body: unknown, status = 200): Response {
  return new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });
}

/** A fetch that answers each call when the test says so, and honours abort signals like the browser. */
function controllableFetch() {
  const pending: { args: FetchArgs; resolve: (response: Response) => void }[] = [];
  const fetchMock = vi.fn(
    (url: string, init: RequestInit) =>
      new Promise<Response>((resolve, reject) => {
        init.signal?.addEventListener('abort', () => reject(new DOMException('aborted', 'AbortError')));
        pending.push({ args: [url, init], resolve });
      }),
  );
  return { fetchMock, pending };
}

describe('API client', () => {
  const onError = vi.fn();
  let token: string | null = 'token-1';

  beforeEach(() => {
    token = 'token-1';
    onError.mockReset();
    configureApiClient({ baseUrl: 'https://portal.test', getAccessToken: async () => token, onError });
  });
  afterEach(() => {
    vi.unstubAllGlobals();
  });

  it('sends the bearer token to the configured base URL', async () => {
    const fetchMock = vi.fn(async (..._args: FetchArgs) => jsonResponse({ id: 'user-1' }));
    vi.stubGlobal('fetch', fetchMock);
    await expect(fetchProfileData()).resolves.toEqual({ id: 'user-1' });
    const [url, init] = fetchMock.mock.calls[0] ?? [];
    expect(url).toBe('https://portal.test/api/users/profile-data');
    expect(new Headers(init?.headers).get('Authorization')).toBe('Bearer token-1');
  });

  it('sends nothing without a token', async () => {
    token = null;
    const fetchMock = vi.fn(async () => jsonResponse({}));
    vi.stubGlobal('fetch', fetchMock);
    await expect(fetchProfileData()).rejects.toBeInstanceOf(ApiError);
    expect(fetchMock).not.toHaveBeenCalled();
    expect(onError).not.toHaveBeenCalled();
  });

  it('reports a failed request once with the prefixed catalogue message and rethrows', async () => {
    vi.stubGlobal('fetch', async () => jsonResponse({ statusCode: 404, error: 'Not Found', message: 'x' }, 404));
    const error: unknown = await fetchProfileData().catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(ApiError);
    expect((error as ApiError).status).toBe(404);
    expect(onError).toHaveBeenCalledExactlyOnceWith(
      'API: Cannot find the specified data, please open support request',
      404,
    );
  });

  it('reports 5xx CODE:1000 bodies with the custom message', async () => {
    vi.stubGlobal('fetch', async () => new Response('CODE:1000', { status: 500 }));
    await expect(fetchProfileData()).rejects.toBeInstanceOf(ApiError);
    expect(onError).toHaveBeenCalledWith(
      'API: Cannot create user with the specified email, please choose another email or open support request',
      500,
    );
  });

  it('reports network failures', async () => {
    vi.stubGlobal('fetch', async () => Promise.reject(new TypeError('Failed to fetch')));
    await expect(fetchProfileData()).rejects.toBeInstanceOf(ApiError);
    expect(onError).toHaveBeenCalledWith('API: Cannot connect to the server, please wait and try again', null);
  });

  it('keeps 429 silent', async () => {
    vi.stubGlobal('fetch', async () => new Response('slow down', { status: 429 }));
    await expect(fetchProfileData()).rejects.toBeInstanceOf(ApiError);
    expect(onError).not.toHaveBeenCalled();
  });

  it('cancels a same-URL request still in flight, silently', async () => {
    const { fetchMock, pending } = controllableFetch();
    vi.stubGlobal('fetch', fetchMock);
    const first = fetchMaxKeepAlive('DTG').catch((caught: unknown) => caught);
    await vi.waitFor(() => expect(pending).toHaveLength(1));
    const second = fetchMaxKeepAlive('DTG');
    await vi.waitFor(() => expect(pending).toHaveLength(2));

    pending[1]?.resolve(jsonResponse({ maxKeepAliveValue: '2024-03-05T09:30:00', maxKeepAliveValueUtc: null }));
    await expect(second).resolves.toMatchObject({ maxKeepAliveValue: '2024-03-05T09:30:00' });
    expect(((await first) as ApiError).failure).toEqual({ kind: 'cancelled' });
    expect(onError).not.toHaveBeenCalled();
    expect(pending[0]?.args[0]).toBe('https://portal.test/api/reports/getMaxKeepAlive?systemGroupType=DTG');
    expect(pending[0]?.args[1].method).toBe('POST');
  });

  it('lets requests to different URLs and current-state requests run side by side', async () => {
    const { fetchMock, pending } = controllableFetch();
    vi.stubGlobal('fetch', fetchMock);
    const dtg = fetchMaxKeepAlive('DTG');
    const dtf = fetchMaxKeepAlive('DTF');
    const live1 = getApiClient().get('/api/tv-dashboard/current-state').json();
    const live2 = getApiClient().get('/api/tv-dashboard/current-state').json();
    await vi.waitFor(() => expect(pending).toHaveLength(4));
    for (const call of pending) call.resolve(jsonResponse({ maxKeepAliveValue: null, maxKeepAliveValueUtc: null }));
    await expect(Promise.all([dtg, dtf, live1, live2])).resolves.toHaveLength(4);
  });

  it("honours the caller's abort signal", async () => {
    const { fetchMock, pending } = controllableFetch();
    vi.stubGlobal('fetch', fetchMock);
    const controller = new AbortController();
    const request = fetchProfileData(controller.signal);
    await vi.waitFor(() => expect(pending).toHaveLength(1));
    controller.abort();
    const error: unknown = await request.catch((caught: unknown) => caught);
    expect((error as ApiError).failure).toEqual({ kind: 'cancelled' });
  });

  describe('during an outage (issue #32)', () => {
    beforeEach(() => {
      vi.useFakeTimers();
      vi.spyOn(console, 'info').mockImplementation(() => undefined);
    });
    afterEach(() => {
      vi.useRealTimers();
      vi.restoreAllMocks();
    });

    it('gives up a request without an answer after the timeout, as a network failure, reported once', async () => {
      const { fetchMock, pending } = controllableFetch();
      vi.stubGlobal('fetch', fetchMock);
      const request = fetchProfileData().catch((caught: unknown) => caught);
      await vi.advanceTimersByTimeAsync(0);
      expect(pending).toHaveLength(1);
      await vi.advanceTimersByTimeAsync(REQUEST_TIMEOUT_MS - 1);
      expect(pending[0]?.args[1].signal?.aborted).toBe(false);
      await vi.advanceTimersByTimeAsync(1);
      const error = (await request) as ApiError;
      expect(pending[0]?.args[1].signal?.aborted).toBe(true);
      expect(error).toBeInstanceOf(ApiError);
      expect(error.failure).toEqual({ kind: 'network' });
      expect(onError).toHaveBeenCalledExactlyOnceWith(
        'API: Cannot connect to the server, please wait and try again',
        null,
      );
    });

    it('raises one notification for an outage, however many polls fail, and again after the API has answered', async () => {
      const { fetchMock, pending } = controllableFetch();
      vi.stubGlobal('fetch', fetchMock);
      // Three polls time out, one fails at once, a gateway answers 503: one toast.
      const polls = [fetchMaxKeepAlive('DTG'), fetchMaxKeepAlive('DTF'), fetchProfileData()].map((poll) =>
        poll.catch((caught: unknown) => caught),
      );
      await vi.advanceTimersByTimeAsync(REQUEST_TIMEOUT_MS);
      expect(pending).toHaveLength(3);
      await Promise.all(polls);
      fetchMock.mockImplementationOnce(async () => Promise.reject(new TypeError('Failed to fetch')));
      await expect(fetchProfileData()).rejects.toBeInstanceOf(ApiError);
      fetchMock.mockImplementationOnce(async () => new Response('Bad Gateway', { status: 503 }));
      await expect(fetchProfileData()).rejects.toBeInstanceOf(ApiError);
      expect(onError).toHaveBeenCalledTimes(1);

      // The portal answers again; the next outage is reported anew.
      fetchMock.mockImplementationOnce(async () => jsonResponse({ id: 'user-1' }));
      await expect(fetchProfileData()).resolves.toEqual({ id: 'user-1' });
      fetchMock.mockImplementationOnce(async () => Promise.reject(new TypeError('Failed to fetch')));
      await expect(fetchProfileData()).rejects.toBeInstanceOf(ApiError);
      expect(onError).toHaveBeenCalledTimes(2);
    });

    it('keeps reporting failures that are not an outage (the portal answered)', async () => {
      vi.stubGlobal('fetch', async () => jsonResponse({ statusCode: 404, error: 'Not Found', message: 'x' }, 404));
      await expect(fetchProfileData()).rejects.toBeInstanceOf(ApiError);
      await expect(fetchProfileData()).rejects.toBeInstanceOf(ApiError);
      expect(onError).toHaveBeenCalledTimes(2);
    });
  });
});
