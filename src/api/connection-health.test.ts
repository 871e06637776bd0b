import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import {
  getConnectionHealth,
  isDataStale,
  reportApiAnswer,
  reportApiReachable,
  reportApiUnreachable,
  subscribeConnectionHealth,
} from './connection-health.ts';
import { configureApiClient, getApiClient } from './http-client.ts';

describe('connection health store', () => {
  it('starts healthy, with no answer yet', () => {
    expect(getConnectionHealth()).toEqual({ lastSuccessAt: null, failingSince: null });
    expect(isDataStale(getConnectionHealth())).toBe(false);
  });

  it('keeps the first failure after an answer and clears it at the next answer', () => {
    reportApiAnswer(1_000);
    reportApiUnreachable(2_000);
    reportApiUnreachable(3_000);
    expect(getConnectionHealth()).toEqual({ lastSuccessAt: 1_000, failingSince: 2_000 });
    expect(isDataStale(getConnectionHealth())).toBe(true);
    reportApiAnswer(4_000);
    expect(getConnectionHealth()).toEqual({ lastSuccessAt: 4_000, failingSince: null });
  });

  it('the portal being reachable again ends the failure but does not make the data newer', () => {
    reportApiAnswer(1_000);
    reportApiUnreachable(2_000);
    reportApiReachable();
    expect(getConnectionHealth()).toEqual({ lastSuccessAt: 1_000, failingSince: null });
  });

  it('tells its subscribers of changes only, with a new snapshot each time', () => {
    const listener = vi.fn();
    const unsubscribe = subscribeConnectionHealth(listener);
    reportApiUnreachable(1_000);
    const failing = getConnectionHealth();
    reportApiUnreachable(2_000);
    reportApiReachable();
    reportApiReachable();
    unsubscribe();
    reportApiAnswer(3_000);
    expect(listener).toHaveBeenCalledTimes(2);
    expect(getConnectionHealth()).not.toBe(failing);
  });
});

describe('the API client reports reachability', () => {
  const fetchMock = vi.fn<(url: string, init: RequestInit) => Promise<Response>>();
  const get = () => getApiClient().get('/api/users/profile-data').json();

  beforeEach(() => {
    vi.stubGlobal('fetch', fetchMock);
    configureApiClient({
      baseUrl: 'https://portal.test',
      getAccessToken: async () => 'token',
      onError: () => undefined,
    });
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(new Date('2026-11-28T10:42:00Z'));
  });

  afterEach(() => {
    vi.useRealTimers();
    vi.unstubAllGlobals();
    fetchMock.mockReset();
  });

  it('an answer is a success', async () => {
    fetchMock.mockResolvedValue(Response.json({ id: 'u' }));
    await get();
    expect(getConnectionHealth()).toEqual({ lastSuccessAt: Date.parse('2026-11-28T10:42:00Z'), failingSince: null });
  });

  it.each([400, 401, 403, 404, 409, 429, 500])('HTTP %i is the portal answering: reachable', async (status) => {
    reportApiUnreachable(1_000);
    fetchMock.mockResolvedValue(Response.json({ statusCode: status, error: 'x', message: 'x' }, { status }));
    await expect(get()).rejects.toThrow();
    expect(isDataStale(getConnectionHealth())).toBe(false);
  });

  it.each([502, 503, 504])('HTTP %i from a gateway is the portal away: failing', async (status) => {
    reportApiAnswer(1_000);
    fetchMock.mockResolvedValue(new Response('Bad gateway', { status }));
    await expect(get()).rejects.toThrow();
    expect(getConnectionHealth()).toEqual({ lastSuccessAt: 1_000, failingSince: Date.parse('2026-11-28T10:42:00Z') });
  });

  it('a fetch that rejects (no network) is a failure', async () => {
    fetchMock.mockRejectedValue(new TypeError('Failed to fetch'));
    await expect(get()).rejects.toThrow();
    expect(isDataStale(getConnectionHealth())).toBe(true);
  });

  it('a timeout is a failure', async () => {
    fetchMock.mockRejectedValue(new DOMException('The operation timed out.', 'TimeoutError'));
    await expect(get()).rejects.toThrow();
    expect(isDataStale(getConnectionHealth())).toBe(true);
  });

  it('an abort whose reason is a timeout is a failure', async () => {
    fetchMock.mockRejectedValue(new DOMException('aborted', 'AbortError'));
    const timedOut = new AbortController();
    timedOut.abort(new DOMException('The operation timed out.', 'TimeoutError'));
    await expect(getApiClient().options({ signal: timedOut.signal }).get('/api/x').json()).rejects.toThrow();
    expect(isDataStale(getConnectionHealth())).toBe(true);
  });

  it('a cancelled request says nothing about the network', async () => {
    fetchMock.mockRejectedValue(new DOMException('aborted', 'AbortError'));
    await expect(get()).rejects.toThrow();
    expect(getConnectionHealth()).toEqual({ lastSuccessAt: null, failingSince: null });
  });

  it('a request not sent (signed out) says nothing either', async () => {
    configureApiClient({ baseUrl: 'https://portal.test', getAccessToken: async () => null, onError: () => undefined });
    await expect(get()).rejects.toThrow();
    expect(fetchMock).not.toHaveBeenCalled();
    expect(getConnectionHealth()).toEqual({ lastSuccessAt: null, failingSince: null });
  });
});
