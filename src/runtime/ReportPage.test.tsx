import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act, render, screen, waitFor, within } from '@testing-library/react';
import type { ReactNode } from 'react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { configureApiClient } from '../api/http-client.ts';
import type { AnswerOf, LayoutProblem, OverviewKpiCard } from '../shared/api-types.ts';
import type { ReportLayout } from '../shared/layout/layout-types.ts';
import { layoutFixture, seedReportLayout } from './report-layouts.fixtures.ts';
import type { ReportFilters } from '../shared/report-filters.ts';
import { ReportPage } from './ReportPage.tsx';
import { DAY_FILTERS } from './report-filters.fixtures.ts';

// The runtime, not the overview's panels, is under test: the overview layout reduced to its Total Production card and
// its Productivity card (empty: DTG's answers below have no productivity card).
function reducedOverview(): ReportLayout {
  const overview = layoutFixture('overview');
  const keep = (item: { panel: string }) => item.panel === 'totalProduction' || item.panel === 'productivity';
  return {
    ...overview,
    panels: { totalProduction: overview.panels['totalProduction']!, productivity: overview.panels['productivity']! },
    placement: {
      desktop: overview.placement.desktop.filter(keep),
      compact: overview.placement.compact.filter(keep),
      mobile: overview.placement.mobile.filter(keep),
    },
  };
}

const filters = DAY_FILTERS;

const day = { timeframe: 'day', startDay: '2026-11-20', endDay: '2026-11-20', startHour: 0, endHour: 23 } as const;

function card(label: string, value: number): OverviewKpiCard {
  const previous = value / 0.875;
  const common = { previous, stats: -0.125, trend: 'negative', upper: null, lower: null } as const;
  return { label, value, units: 'imp', statsDescription: 'From last week', ...common };
}

/** An overview-cards answer with the total production given and no productivity card. */
function overviewCards(group: ReportFilters['systemGroup'], totalProduction: number): AnswerOf<'OverviewCards'> {
  return {
    systemGroup: group,
    period: day,
    previousPeriod: { ...day, startDay: '2026-11-19', endDay: '2026-11-19' },
    comparedUntil: null,
    day: '2026-11-20',
    isLastUpdatePeriod: false,
    totalProduction: card('Total Impressions', totalProduction),
    productionRate: card('Average prod. rate', 1),
    productivity: null,
    availability: card('Average Availability', 0.5),
  };
}

function jsonResponse(body: unknown, status = 200): Response {
  return new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });
}

function renderPage(
  reportId: string,
  current: ReportFilters = filters,
  aside?: ReactNode,
  nothingSelected = false,
  staleDataLine?: 'bar' | 'tv',
  layoutProblems?: LayoutProblem[],
) {
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  // As the report's frame leaves it: the layout already fetched.
  if (reportId === 'overview') seedReportLayout(queryClient, reducedOverview(), layoutProblems);
  const page = (next: ReportFilters) => (
    <QueryClientProvider client={queryClient}>
      <ReportPage
        reportId={reportId}
        filters={next}
        aside={aside}
        nothingSelected={nothingSelected}
        staleDataLine={staleDataLine}
      />
    </QueryClientProvider>
  );
  const view = render(page(current));
  return { ...view, queryClient, showFilters: (next: ReportFilters) => view.rerender(page(next)) };
}

describe('ReportPage', () => {
  const fetchMock = vi.fn<(url: string, init: RequestInit) => Promise<Response>>();

  beforeEach(() => {
    vi.stubGlobal('fetch', fetchMock);
    configureApiClient({
      baseUrl: 'https://portal.test',
      getAccessToken: async () => 'token-1',
      onError: () => undefined,
    });
  });

  afterEach(() => {
    vi.unstubAllGlobals();
    fetchMock.mockReset();
  });

  it('renders the overview KPI card from the overview-cards response', async () => {
    fetchMock.mockImplementation(async () => jsonResponse(overviewCards('DTG', 12_345)));
    renderPage('overview');
    const card = await screen.findByRole('group', { name: 'Total Impressions' });
    expect(within(card).getByLabelText('value').textContent).toBe('12.3k');
    expect(within(card).getByText('imp')).toBeDefined();
    expect(within(card).getByText('-12.50%')).toBeDefined();
    expect(within(card).getByRole('img', { name: 'down' })).toBeDefined();
    expect(fetchMock).toHaveBeenCalledTimes(1);
    const [url, init] = fetchMock.mock.calls[0] ?? [];
    expect(url).toBe('https://portal.test/api/overview-report/overview-cards?day=2026-11-20&systemGroup=DTG');
    expect(init?.method).toBe('POST');
    expect(JSON.parse(String(init?.body))).toEqual({ systems: [] });
  });

  it("uses DTF's label and shows the loading placeholder first", async () => {
    fetchMock.mockImplementation(async () => jsonResponse(overviewCards('DTF', 980)));
    renderPage('overview', { ...filters, systemGroup: 'DTF' });
    expect(screen.getByRole('status', { name: 'Loading Total Production' })).toBeDefined();
    const card = await screen.findByRole('group', { name: 'Total Production' });
    expect(within(card).getByLabelText('value').textContent).toBe('980');
  });

  it('shows the empty state when the period has no value', async () => {
    fetchMock.mockImplementation(async () => jsonResponse(overviewCards('DTG', 1)));
    renderPage('overview');
    expect(await screen.findByText('No data for this period')).toBeDefined();
    expect(screen.getByRole('heading', { name: 'Productivity' })).toBeDefined();
  });

  it('shows the error state when the request fails', async () => {
    fetchMock.mockImplementation(async () =>
      jsonResponse({ statusCode: 500, error: 'Internal Server Error', message: 'x' }, 500),
    );
    renderPage('overview');
    const alerts = await screen.findAllByRole('alert');
    expect(alerts.map((alert) => alert.textContent)).toEqual([
      'Error loading report data',
      'Error loading report data',
    ]);
  });

  it('sends the selected systems and asks again when the selection changes', async () => {
    fetchMock.mockImplementation(async () => jsonResponse(overviewCards('DTG', 1)));
    const page = renderPage('overview');
    await screen.findByRole('group', { name: 'Total Impressions' });
    page.showFilters({ ...filters, systems: ['10-2', '300'] });
    await waitFor(() => expect(fetchMock).toHaveBeenCalledTimes(2));
    expect(JSON.parse(String(fetchMock.mock.calls[1]?.[1]?.body))).toEqual({ systems: ['10-2', '300'] });
  });

  it("shows 'Nothing Was Selected' and asks nothing when no system is selected", () => {
    renderPage('overview', filters, undefined, true);
    expect(screen.getAllByText('Nothing Was Selected')).toHaveLength(2);
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it('places a side panel beside the grid', () => {
    fetchMock.mockImplementation(async () => jsonResponse(overviewCards('DTG', 1)));
    renderPage('overview', filters, <aside aria-label="Filter">tree</aside>);
    const aside = screen.getByRole('complementary', { name: 'Filter' });
    expect(aside.parentElement?.className).toBe('report-page');
    expect(aside.previousElementSibling?.className).toBe('report-page__grid');
  });

  it('dims the grid and says how old the data is while requests fail, until the next answer', async () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    try {
      vi.setSystemTime(new Date('2026-11-20T10:42:30Z'));
      fetchMock.mockImplementation(async () => jsonResponse(overviewCards('DTG', 12_345)));
      const page = renderPage('overview');
      const card = await screen.findByRole('group', { name: 'Total Impressions' });
      const grid = card.closest('.report-page__grid');
      const line = screen.getByRole('status', { name: 'Data freshness' });
      expect(grid?.classList.contains('report-page__grid--stale')).toBe(false);
      expect(line.textContent).toBe('');

      // The portal restarts: the next refresh cannot connect. The last figures stay, dimmed, under the line.
      vi.setSystemTime(new Date('2026-11-20T10:43:30Z'));
      fetchMock.mockImplementation(async () => Promise.reject(new TypeError('Failed to fetch')));
      await act(() => page.queryClient.refetchQueries());
      expect(grid?.classList.contains('report-page__grid--stale')).toBe(true);
      expect(line.textContent).toBe('Data as of 10:42 — reconnecting');
      expect(line.compareDocumentPosition(grid!) & Node.DOCUMENT_POSITION_FOLLOWING).toBeTruthy();
      expect(grid?.contains(line)).toBe(false);

      fetchMock.mockImplementation(async () => jsonResponse(overviewCards('DTG', 12_400)));
      await act(() => page.queryClient.refetchQueries());
      expect(grid?.classList.contains('report-page__grid--stale')).toBe(false);
      expect(line.textContent).toBe('');
    } finally {
      vi.useRealTimers();
    }
  });

  it('draws the line TV-sized when asked (a kiosk TV)', async () => {
    fetchMock.mockImplementation(async () => Promise.reject(new TypeError('Failed to fetch')));
    renderPage('overview', filters, undefined, false, 'tv');
    const line = screen.getByRole('status', { name: 'Data freshness' });
    await waitFor(() => expect(line.textContent).toBe('No data yet — reconnecting'));
    expect(line.firstElementChild?.className).toBe('stale-data-line stale-data-line--tv');
  });

  it('shows an admin the problem of an invalid layout file above the grid, which keeps its last valid version', async () => {
    fetchMock.mockImplementation(async () => jsonResponse(overviewCards('DTG', 12_345)));
    const problem: LayoutProblem = {
      file: 'layouts/overview.json',
      line: 21,
      column: 7,
      pointer: '/panels/totalProduction/kind',
      message: "unknown panel kind 'kpi-crad'",
      suggestion: "did you mean 'kpi-card'?",
    };
    renderPage('overview', filters, undefined, false, undefined, [problem, { ...problem, line: 30 }]);
    expect(screen.getByRole('status', { name: 'Layout problem' }).textContent).toBe(
      "layouts/overview.json, line 21, column 7: /panels/totalProduction/kind: unknown panel kind 'kpi-crad' " +
        "(did you mean 'kpi-card'?) (1 more: npm run layouts:check). This page shows the file's last valid version.",
    );
    expect(await screen.findByRole('group', { name: 'Total Impressions' })).toBeDefined();
  });

  it('shows no layout notice while the layout file is valid', async () => {
    fetchMock.mockImplementation(async () => jsonResponse(overviewCards('DTG', 12_345)));
    renderPage('overview');
    expect(await screen.findByRole('group', { name: 'Total Impressions' })).toBeDefined();
    expect(screen.queryByRole('status', { name: 'Layout problem' })).toBeNull();
  });

  it('asks the portal for a layout not fetched yet, and says so when there is none', async () => {
    fetchMock.mockImplementation(async () =>
      jsonResponse({ statusCode: 404, error: 'Not Found', message: "There is no report layout 'no-such-report'" }, 404),
    );
    renderPage('no-such-report');
    expect((await screen.findByRole('alert')).textContent).toBe(
      "The layout of report 'no-such-report' could not be loaded",
    );
    expect(fetchMock.mock.calls.map(([url]) => url)).toEqual(['https://portal.test/api/report-layouts/no-such-report']);
  });
});
