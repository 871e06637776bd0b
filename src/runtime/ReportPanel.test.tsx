import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { configureApiClient } from '../api/http-client.ts';
import type { AnswerOf } from '../shared/contract/answer-schemas.ts';
import type { EmptyStateRules } from '../shared/layout/empty-states.ts';
import type { LayoutPanel, LayoutQuery } from '../shared/layout/layout-types.ts';
import { ReportPanel, mismatchDetail, type ReportPanelProps } from './ReportPanel.tsx';
import { DAY_FILTERS } from './report-filters.fixtures.ts';

const query: LayoutQuery = {
  endpoint: '/api/overview-report/oee',
  method: 'POST',
  answer: 'OverviewOee',
  params: { day: { filter: 'day' }, systemGroup: { filter: 'systemGroup' } },
  dependsOn: ['day', 'systemGroup'],
};

const panel: LayoutPanel = {
  kind: 'kpi-card',
  title: 'OEE',
  query: 'oeeCard',
  frame: 'oee',
  options: { labels: { DTG: 'OEE of DTG', Apollo: 'OEE of Apollo' } },
};

const day = { timeframe: 'day', startDay: '2026-11-20', endDay: '2026-11-20', startHour: 0, endHour: 23 } as const;

/** An OEE answer without a value: a kpi-card without showMissing has nothing to show. */
const OEE_WITHOUT_VALUE: AnswerOf<'OverviewOee'> = {
  systemGroup: 'DTG',
  period: day,
  previousPeriod: { ...day, startDay: '2026-11-19', endDay: '2026-11-19' },
  comparedUntil: null,
  oee: {
    label: 'OEE',
    value: null,
    units: '%',
    previous: null,
    stats: null,
    trend: null,
    statsDescription: '',
    upper: null,
    lower: null,
  },
};

const filters = DAY_FILTERS;

function renderPanel(props: Partial<ReportPanelProps> = {}) {
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  return render(
    <QueryClientProvider client={queryClient}>
      <ReportPanel panel={panel} query={query} filters={filters} width={320} height={144} {...props} />
    </QueryClientProvider>,
  );
}

describe('ReportPanel states (spec reports §2)', () => {
  const fetchMock = vi.fn<(url: string, init: RequestInit) => Promise<Response>>();
  const answer = (body: unknown, status = 200) =>
    fetchMock.mockImplementation(
      async () => new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } }),
    );

  beforeEach(() => {
    vi.stubGlobal('fetch', fetchMock);
    configureApiClient({
      baseUrl: 'https://portal.test',
      getAccessToken: async () => 'token',
      onError: () => undefined,
    });
  });

  afterEach(() => {
    vi.unstubAllGlobals();
    fetchMock.mockReset();
  });

  it("shows 'Nothing Was Selected' with the list icon for Apollo, without querying", async () => {
    renderPanel({ nothingSelected: true, filters: { ...filters, systemGroup: 'Apollo' } });
    expect(await screen.findByText('Nothing Was Selected')).toBeDefined();
    expect(screen.getByRole('img', { name: 'List' })).toBeDefined();
    expect(screen.getByRole('heading', { name: 'OEE of Apollo' })).toBeDefined();
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it("draws at once, without a loading turn, once its kind's definition has arrived", async () => {
    const first = renderPanel({ nothingSelected: true });
    expect(await screen.findByText('Nothing Was Selected')).toBeDefined();
    first.unmount();
    renderPanel({ nothingSelected: true });
    expect(screen.getByText('Nothing Was Selected')).toBeDefined();
  });

  it("shows 'Nothing Was Selected' with the empty-state icon for the other groups", async () => {
    renderPanel({ nothingSelected: true });
    expect(await screen.findByText('Nothing Was Selected')).toBeDefined();
    expect(screen.getByRole('img', { name: 'Empty' })).toBeDefined();
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it("shows the kind's placeholder while loading", async () => {
    fetchMock.mockImplementation(() => new Promise<Response>(() => undefined));
    renderPanel();
    expect((await screen.findByRole('status', { name: 'Loading OEE of DTG' })).className).toContain(
      'panel-frame__placeholder--card',
    );
  });

  it('shows the default no-data message when the response has nothing for the panel', async () => {
    answer(OEE_WITHOUT_VALUE);
    renderPanel();
    expect(await screen.findByText('No data for this period')).toBeDefined();
    expect(screen.getByRole('img', { name: 'Empty' })).toBeDefined();
  });

  it("takes the no-data message and icons from the report's rules", async () => {
    answer(OEE_WITHOUT_VALUE);
    const emptyStates: EmptyStateRules = {
      noData: { message: 'There is no available data', icon: 'no-icon', groupIcons: { DTG: 'event' } },
    };
    renderPanel({ emptyStates });
    expect(await screen.findByText('There is no available data')).toBeDefined();
    expect(screen.getByRole('img', { name: 'Event' })).toBeDefined();
  });

  it("prefers the panel's own empty state", async () => {
    answer(OEE_WITHOUT_VALUE);
    renderPanel({
      panel: { ...panel, emptyState: { message: 'No ink loaded', icon: 'tank' } },
      emptyStates: { noData: { message: 'There is no available data', icon: 'list' } },
    });
    expect(await screen.findByText('No ink loaded')).toBeDefined();
    expect(screen.getByRole('img', { name: 'Tank' })).toBeDefined();
  });

  it('shows the error state when the request fails', async () => {
    answer({ statusCode: 500, error: 'Internal Server Error', message: 'boom' }, 500);
    renderPanel();
    expect((await screen.findByRole('alert')).textContent).toBe('Error loading report data');
  });

  it('shows the error state, saying so, for an answer that does not match its schema', async () => {
    const log = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    answer({ ...OEE_WITHOUT_VALUE, oee: { ...OEE_WITHOUT_VALUE.oee, value: '42 %' } });
    renderPanel();
    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toBe(`Error loading report data${mismatchDetail('OverviewOee')}`);
    expect(log).toHaveBeenCalledWith(expect.stringContaining('/oee/value must be number or null, not string'), [
      { pointer: '/oee/value', message: 'must be number or null, not string' },
    ]);
    log.mockRestore();
  });
});
