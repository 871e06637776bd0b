import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { configureApiClient } from '../api/http-client.ts';
import type { AnswerOf, OverviewKpiCard } from '../shared/api-types.ts';
import type { ReportLayout } from '../shared/layout/layout-types.ts';
import type { ReportFilters } from '../shared/report-filters.ts';
import { ReportPrefetchContext, type ReportPrefetch } from './prefetch-on-hint.ts';
import { layoutFixture, seedReportLayout } from './report-layouts.fixtures.ts';
import { DAY_FILTERS } from './report-filters.fixtures.ts';
import { ReportPage } from './ReportPage.tsx';

const PREVIOUS_DAY: ReportFilters = { ...DAY_FILTERS, day: '2026-11-19', period: { name: 'day', value: '2026-11-19' } };

// The overview reduced to its Total Production card: one query, overview-cards, which depends on the period.
function totalProductionOnly(): ReportLayout {
  const overview = layoutFixture('overview');
  const keep = (item: { panel: string }) => item.panel === 'totalProduction';
  return {
    ...overview,
    panels: { totalProduction: overview.panels['totalProduction']! },
    placement: {
      desktop: overview.placement.desktop.filter(keep),
      compact: overview.placement.compact.filter(keep),
      mobile: overview.placement.mobile.filter(keep),
    },
  };
}

function card(label: string, value: number): OverviewKpiCard {
  const common = { stats: -0.125, trend: 'negative', upper: null, lower: null } as const;
  return { label, value, units: 'imp', statsDescription: 'From last week', previous: value / 0.875, ...common };
}

/** The overview-cards answer for a day, its total production given. */
function overviewCards(day: string, totalProduction: number): AnswerOf<'OverviewCards'> {
  const period = { timeframe: 'day', startDay: day, endDay: day, startHour: 0, endHour: 23 } as const;
  return {
    systemGroup: 'DTG',
    period,
    previousPeriod: period,
    comparedUntil: null,
    day,
    isLastUpdatePeriod: false,
    totalProduction: card('Total Impressions', totalProduction),
    productionRate: card('Average prod. rate', 1),
    productivity: null,
    availability: card('Average Availability', 0.5),
  };
}

describe('the prefetch the report offers the frame (issue #30)', () => {
  const fetchMock = vi.fn<(url: string, init: RequestInit) => Promise<Response>>();
  /** What the API client reported: the app raises an error toast for each (main.tsx). */
  let reported: string[] = [];

  beforeEach(() => {
    vi.stubGlobal('fetch', fetchMock);
    reported = [];
    configureApiClient({
      baseUrl: 'https://portal.test',
      getAccessToken: async () => 'token-1',
      onError: (message) => reported.push(message),
    });
    // Each day's answer: 1,000 impressions on the 20th, 2,000 on the 19th.
    fetchMock.mockImplementation(async (url) => {
      const day = new URL(url).searchParams.get('day') ?? '';
      const body = overviewCards(day, day === '2026-11-19' ? 2_000 : 1_000);
      return new Response(JSON.stringify(body), { status: 200, headers: { 'Content-Type': 'application/json' } });
    });
  });

  afterEach(() => {
    vi.unstubAllGlobals();
    fetchMock.mockReset();
  });

  /** The page over the Total Production card, offering its prefetch in `slot`. */
  function prefetchingPage(slot: ReportPrefetch) {
    const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } });
    seedReportLayout(queryClient, totalProductionOnly());
    const page = (filters: ReportFilters) => (
      <QueryClientProvider client={queryClient}>
        <ReportPrefetchContext value={slot}>
          <ReportPage reportId="overview" filters={filters} />
        </ReportPrefetchContext>
      </QueryClientProvider>
    );
    return { page, queryClient };
  }

  it("prefetches the previous day's queries, so the change to it shows the answer without loading or asking again", async () => {
    const slot: ReportPrefetch = { current: null };
    const { page, queryClient } = prefetchingPage(slot);
    const view = render(page(DAY_FILTERS));
    const shown = await screen.findByRole('group', { name: 'Total Impressions' });
    expect(within(shown).getByLabelText('value').textContent).toBe('1k');
    expect(fetchMock).toHaveBeenCalledTimes(1);

    slot.current?.(PREVIOUS_DAY);
    await waitFor(() => expect(fetchMock).toHaveBeenCalledTimes(2));
    expect(fetchMock.mock.calls[1]?.[0]).toBe(
      'https://portal.test/api/overview-report/overview-cards?day=2026-11-19&systemGroup=DTG',
    );
    await waitFor(() => expect(queryClient.isFetching()).toBe(0));

    view.rerender(page(PREVIOUS_DAY));
    // At once: no loading placeholder in between, and no third request.
    const card = screen.getByRole('group', { name: 'Total Impressions' });
    expect(within(card).getByLabelText('value').textContent).toBe('2k');
    expect(fetchMock).toHaveBeenCalledTimes(2);
  });

  it("asks at once once its code has loaded: a click's hint is asked before the click's own render", async () => {
    const slot: ReportPrefetch = { current: null };
    const { page, queryClient } = prefetchingPage(slot);
    render(page(DAY_FILTERS));
    await screen.findByRole('group', { name: 'Total Impressions' });
    slot.current?.(PREVIOUS_DAY);
    await waitFor(() => expect(fetchMock).toHaveBeenCalledTimes(2));

    const dayBefore: ReportFilters = {
      ...DAY_FILTERS,
      day: '2026-11-18',
      period: { name: 'day', value: '2026-11-18' },
    };
    slot.current?.(dayBefore);
    // In the same turn, no promise in between: the query is in the cache and being fetched.
    const asked = queryClient.getQueryCache().findAll({ fetchStatus: 'fetching' });
    expect(asked.map((query) => JSON.stringify(query.queryKey))).toEqual([expect.stringContaining('2026-11-18')]);
    await waitFor(() => expect(queryClient.isFetching()).toBe(0));
  });

  const failure = () => new Response('{"message":"boom"}', { status: 500 });

  it("raises no toast for a prefetch that fails; the change to its filters asks again and that failure's toast shows", async () => {
    const shownDay = fetchMock.getMockImplementation();
    fetchMock.mockImplementation(async (url, init) =>
      new URL(url).searchParams.get('day') === PREVIOUS_DAY.day ? failure() : shownDay!(url, init),
    );
    const slot: ReportPrefetch = { current: null };
    const { page, queryClient } = prefetchingPage(slot);
    const view = render(page(DAY_FILTERS));
    await screen.findByRole('group', { name: 'Total Impressions' });

    slot.current?.(PREVIOUS_DAY);
    await waitFor(() => expect(fetchMock).toHaveBeenCalledTimes(2));
    await waitFor(() => expect(queryClient.isFetching()).toBe(0));
    expect(reported).toEqual([]);

    view.rerender(page(PREVIOUS_DAY));
    await waitFor(() => expect(reported).toHaveLength(1));
    expect(fetchMock).toHaveBeenCalledTimes(3);
    expect(reported[0]).toMatch(/^API: /);
  });

  it('raises the toast of a prefetch that fails after the change to its filters, whose panel waits for it', async () => {
    const shownDay = fetchMock.getMockImplementation();
    let fail: () => void = () => undefined;
    fetchMock.mockImplementation(async (url, init) =>
      new URL(url).searchParams.get('day') === PREVIOUS_DAY.day
        ? new Promise<Response>((resolve) => (fail = () => resolve(failure())))
        : shownDay!(url, init),
    );
    const slot: ReportPrefetch = { current: null };
    const { page } = prefetchingPage(slot);
    const view = render(page(DAY_FILTERS));
    await screen.findByRole('group', { name: 'Total Impressions' });

    slot.current?.(PREVIOUS_DAY);
    await waitFor(() => expect(fetchMock).toHaveBeenCalledTimes(2));
    view.rerender(page(PREVIOUS_DAY));
    fail();
    await waitFor(() => expect(reported).toHaveLength(1));
    // The panel waited for the prefetch's answer: no second request for the previous day.
    expect(fetchMock).toHaveBeenCalledTimes(2);
  });

  it('offers nothing while nothing is selected', async () => {
    const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } });
    seedReportLayout(queryClient, totalProductionOnly());
    const slot: ReportPrefetch = { current: null };
    render(
      <QueryClientProvider client={queryClient}>
        <ReportPrefetchContext value={slot}>
          <ReportPage reportId="overview" filters={DAY_FILTERS} nothingSelected />
        </ReportPrefetchContext>
      </QueryClientProvider>,
    );
    await screen.findByText('Nothing Was Selected');
    expect(slot.current).toBeNull();
  });
});
