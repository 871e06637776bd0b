import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act, renderHook, waitFor } from '@testing-library/react';
import type { ReactNode } from 'react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { configureApiClient } from '../api/http-client.ts';
import type { LayoutQuery } from '../shared/layout/layout-types.ts';
import type { ReportFilters } from '../shared/report-filters.ts';
import { AnswerMismatchError } from './answer-check.ts';
import { usePanelQuery } from './use-panel-query.ts';
import { DAY_FILTERS } from './report-filters.fixtures.ts';

/** A fetch whose answers the test releases one by one, so each phase can be looked at. */
function controllableFetch() {
  const pending: { url: string; init: RequestInit; respond: (body: unknown, status?: number) => void }[] = [];
  const fetchMock = vi.fn(
    (url: string, init: RequestInit) =>
      new Promise<Response>((resolve) => {
        pending.push({
          url,
          init,
          respond: (body, status = 200) =>
            resolve(new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } })),
        });
      }),
  );
  return { fetchMock, pending };
}

const overviewCards: LayoutQuery = {
  endpoint: '/api/overview-report/overview-cards',
  method: 'POST',
  // A small schema keeps the answers short; what the hook does is the same for every answer.
  answer: 'SystemName',
  params: { day: { filter: 'day' }, systemGroup: { filter: 'systemGroup' } },
  body: { systems: { filter: 'systems' } },
  dependsOn: ['systemGroup', 'day', 'systems'],
};

const filters: ReportFilters = { ...DAY_FILTERS, systems: ['100-01', '100-02'] };

/** Answers of the query's schema (SystemName). */
const FIRST = { nickName: 'Front press' };
const SECOND = { nickName: 'Back press' };

function setup(query: LayoutQuery, autoRefresh = true) {
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  const wrapper = ({ children }: { children: ReactNode }) => (
    <QueryClientProvider client={queryClient}>{children}</QueryClientProvider>
  );
  const hook = renderHook((current: ReportFilters) => usePanelQuery(query, current, autoRefresh), {
    wrapper,
    initialProps: filters,
  });
  return { queryClient, ...hook };
}

describe('usePanelQuery', () => {
  const onError = vi.fn();
  let network: ReturnType<typeof controllableFetch>;

  beforeEach(() => {
    network = controllableFetch();
    vi.stubGlobal('fetch', network.fetchMock);
    configureApiClient({ baseUrl: 'https://portal.test', getAccessToken: async () => 'token-1', onError });
  });

  afterEach(() => {
    vi.unstubAllGlobals();
    onError.mockReset();
  });

  it('sends params and body with the filter values resolved', async () => {
    const { result } = setup(overviewCards);
    expect(result.current).toEqual({ status: 'loading' });
    await waitFor(() => expect(network.pending).toHaveLength(1));
    const request = network.pending[0];
    expect(request?.url).toBe('https://portal.test/api/overview-report/overview-cards?day=2026-11-20&systemGroup=DTG');
    expect(request?.init.method).toBe('POST');
    expect(JSON.parse(String(request?.init.body))).toEqual({ systems: ['100-01', '100-02'] });
    expect(new Headers(request?.init.headers).get('Authorization')).toBe('Bearer token-1');
    act(() => request?.respond(FIRST));
    await waitFor(() => expect(result.current).toEqual({ status: 'success', response: FIRST }));
  });

  it('keys the query by the filters it depends on only', async () => {
    const { queryClient, rerender } = setup(overviewCards);
    await waitFor(() => expect(network.pending).toHaveLength(1));
    act(() => network.pending[0]?.respond(FIRST));
    const keys = () =>
      queryClient
        .getQueryCache()
        .getAll()
        .map((query) => query.queryKey);
    await waitFor(() => expect(keys()).toHaveLength(1));
    expect(keys()[0]?.at(-1)).toEqual({ systemGroup: 'DTG', day: '2026-11-20', systems: ['100-01', '100-02'] });

    rerender({ ...filters, timeframe: 'week' });
    expect(keys()).toHaveLength(1);
    expect(network.fetchMock).toHaveBeenCalledTimes(1);

    rerender({ ...filters, timeframe: 'week', day: '2026-11-21' });
    await waitFor(() => expect(network.fetchMock).toHaveBeenCalledTimes(2));
    expect(network.pending[1]?.url).toBe(
      'https://portal.test/api/overview-report/overview-cards?day=2026-11-21&systemGroup=DTG',
    );
    expect(keys()).toHaveLength(2);
  });

  it('shows the loading state on a new period rather than the previous numbers', async () => {
    const { result, rerender } = setup(overviewCards);
    await waitFor(() => expect(network.pending).toHaveLength(1));
    act(() => network.pending[0]?.respond(FIRST));
    await waitFor(() => expect(result.current.status).toBe('success'));
    rerender({ ...filters, day: '2026-11-21' });
    expect(result.current).toEqual({ status: 'loading' });
  });

  it('keeps showing the data during a silent refresh, and after a failed one', async () => {
    const { result, queryClient } = setup({ ...overviewCards, silentRefresh: true, refreshIntervalMs: 600_000 });
    await waitFor(() => expect(network.pending).toHaveLength(1));
    act(() => network.pending[0]?.respond(FIRST));
    await waitFor(() => expect(result.current).toEqual({ status: 'success', response: FIRST }));

    act(() => {
      void queryClient.refetchQueries();
    });
    await waitFor(() => expect(network.pending).toHaveLength(2));
    expect(result.current).toEqual({ status: 'success', response: FIRST });
    act(() => network.pending[1]?.respond({ statusCode: 500, error: 'Internal Server Error', message: 'x' }, 500));
    await waitFor(() => expect(onError).toHaveBeenCalled());
    expect(result.current).toEqual({ status: 'success', response: FIRST });

    act(() => {
      void queryClient.refetchQueries();
    });
    await waitFor(() => expect(network.pending).toHaveLength(3));
    act(() => network.pending[2]?.respond(SECOND));
    await waitFor(() => expect(result.current).toEqual({ status: 'success', response: SECOND }));
  });

  it('refreshes on the query interval only while auto-refresh is on (a stale day turns it off)', async () => {
    const refreshed = { ...overviewCards, silentRefresh: true, refreshIntervalMs: 300_000 };
    const intervalOf = (queryClient: QueryClient) =>
      queryClient.getQueryCache().getAll()[0]?.observers[0]?.options.refetchInterval;
    const live = setup(refreshed);
    await waitFor(() => expect(intervalOf(live.queryClient)).toBe(300_000));
    live.unmount();
    const stale = setup(refreshed, false);
    await waitFor(() => expect(stale.queryClient.getQueryCache().getAll()).toHaveLength(1));
    expect(intervalOf(stale.queryClient)).toBe(false);
  });

  it('shows loading during a refresh that is not silent', async () => {
    const { result, queryClient } = setup(overviewCards);
    await waitFor(() => expect(network.pending).toHaveLength(1));
    act(() => network.pending[0]?.respond(FIRST));
    await waitFor(() => expect(result.current.status).toBe('success'));
    act(() => {
      void queryClient.refetchQueries();
    });
    await waitFor(() => expect(result.current).toEqual({ status: 'loading' }));
    act(() => network.pending[1]?.respond(SECOND));
    await waitFor(() => expect(result.current).toEqual({ status: 'success', response: SECOND }));
  });

  it('reports a failed first load as an error', async () => {
    const { result } = setup({
      endpoint: '/api/reports/systems',
      method: 'GET',
      answer: 'SystemName',
      params: { day: { filter: 'day' } },
      dependsOn: ['day'],
    });
    await waitFor(() => expect(network.pending).toHaveLength(1));
    expect(network.pending[0]?.url).toBe('https://portal.test/api/reports/systems?day=2026-11-20');
    expect(network.pending[0]?.init.method).toBe('GET');
    expect(network.pending[0]?.init.body).toBeUndefined();
    act(() => network.pending[0]?.respond({ statusCode: 500, error: 'Internal Server Error', message: 'x' }, 500));
    await waitFor(() => expect(result.current.status).toBe('error'));
  });

  it('reports an answer that does not match its schema as an error, logged with the problems', async () => {
    const log = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    const { result } = setup(overviewCards);
    await waitFor(() => expect(network.pending).toHaveLength(1));
    act(() => network.pending[0]?.respond({ nickName: 7, extra: true }));
    await waitFor(() => expect(result.current.status).toBe('error'));
    const error = result.current.status === 'error' ? result.current.error : null;
    expect(error).toBeInstanceOf(AnswerMismatchError);
    expect(error?.message).toBe(
      "The answer of POST /api/overview-report/overview-cards does not match its schema 'SystemName': " +
        '/nickName must be string or null, not integer; /extra is not a property of the schema',
    );
    expect(log).toHaveBeenCalledWith(error?.message, [
      { pointer: '/nickName', message: 'must be string or null, not integer' },
      { pointer: '/extra', message: 'is not a property of the schema' },
    ]);
    expect(onError).not.toHaveBeenCalled();
    log.mockRestore();
  });
});
