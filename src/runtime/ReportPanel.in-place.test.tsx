import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, screen } from '@testing-library/react';
import type { ReactNode } from 'react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { configureApiClient } from '../api/http-client.ts';
import type { AnswerOf } from '../shared/contract/answer-schemas.ts';
import type { LayoutPanel, LayoutQuery } from '../shared/layout/layout-types.ts';
import type { ReportFilters } from '../shared/report-filters.ts';
import { loadPanelDefinition } from '../../panels/registry.ts';
import { DAY_FILTERS } from './report-filters.fixtures.ts';
import { ReportPanel } from './ReportPanel.tsx';
import { panelQueryOptions } from './use-panel-query.ts';

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
  options: { labels: { DTG: 'OEE of DTG' } },
};

const PREVIOUS_DAY: ReportFilters = { ...DAY_FILTERS, day: '2026-11-19', period: { name: 'day', value: '2026-11-19' } };
const TWO_DAYS_BEFORE: ReportFilters = {
  ...DAY_FILTERS,
  day: '2026-11-18',
  period: { name: 'day', value: '2026-11-18' },
};

/** The OEE of a day: `value` as a share. */
function oeeOf(day: string, value: number): AnswerOf<'OverviewOee'> {
  const period = { timeframe: 'day', startDay: day, endDay: day, startHour: 0, endHour: 23 } as const;
  return {
    systemGroup: 'DTG',
    period,
    previousPeriod: period,
    comparedUntil: null,
    oee: {
      label: 'OEE',
      value,
      units: '%',
      previous: null,
      stats: null,
      trend: null,
      statsDescription: '',
      upper: null,
      lower: null,
    },
  };
}

/**
 * Spec reports §4: a filter change empties the panels it changes (placeholders while loading); issue #30: a change whose
 * answer is already in the cache (prefetched on a hint, or seen within a minute) is drawn at once by updating the panel
 * on screen, not by making it (and its chart) anew.
 */
describe('ReportPanel on a filter change', () => {
  const fetchMock = vi.fn<(url: string, init: RequestInit) => Promise<Response>>();

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

  function renderWithCache(answers: [ReportFilters, AnswerOf<'OverviewOee'>][]) {
    const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } });
    for (const [filters, answer] of answers) {
      queryClient.setQueryData(panelQueryOptions(query, filters).queryKey, answer);
    }
    const wrap = (node: ReactNode) => <QueryClientProvider client={queryClient}>{node}</QueryClientProvider>;
    const panelFor = (filters: ReportFilters, autoRefresh = true) => (
      <ReportPanel panel={panel} query={query} filters={filters} width={320} height={144} autoRefresh={autoRefresh} />
    );
    const view = render(wrap(panelFor(DAY_FILTERS)));
    return {
      ...view,
      show: (filters: ReportFilters, autoRefresh?: boolean) => view.rerender(wrap(panelFor(filters, autoRefresh))),
    };
  }

  const frame = (container: HTMLElement) => container.querySelector('.panel-frame');

  it('updates the panel on screen in place when the new answer is in the cache: the same elements, the new figure', async () => {
    const { container, show } = renderWithCache([
      [DAY_FILTERS, oeeOf('2026-11-20', 0.42)],
      [PREVIOUS_DAY, oeeOf('2026-11-19', 0.57)],
    ]);
    expect(await screen.findByText('42.00')).toBeDefined();
    const before = frame(container);
    const figure = screen.getByText('42.00');

    show(PREVIOUS_DAY);

    expect(screen.getByText('57.00')).toBeDefined();
    expect(screen.queryByText('42.00')).toBeNull();
    expect(screen.queryByRole('status', { name: 'Loading OEE of DTG' })).toBeNull();
    expect(frame(container)).toBe(before);
    // The figure's own element was updated, not replaced.
    expect(figure.isConnected).toBe(true);
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it('still empties the panel to its placeholder when the new answer has to be fetched, and updates it in place when it comes', async () => {
    let answer: (response: Response) => void = () => undefined;
    fetchMock.mockImplementation(() => new Promise<Response>((resolve) => (answer = resolve)));
    const { container, show } = renderWithCache([[DAY_FILTERS, oeeOf('2026-11-20', 0.42)]]);
    expect(await screen.findByText('42.00')).toBeDefined();
    const figure = screen.getByText('42.00');

    show(TWO_DAYS_BEFORE);

    expect(await screen.findByRole('status', { name: 'Loading OEE of DTG' })).toBeDefined();
    expect(frame(container)?.getAttribute('aria-busy')).toBe('true');
    // The figure before is not shown: kept mounted under the placeholder, hidden from sight, pointer, keyboard and
    // screen readers (no accessible element of it is left).
    const kept = figure.closest<HTMLElement>('.panel-frame__content');
    expect(figure.isConnected).toBe(true);
    expect(kept?.style.visibility).toBe('hidden');
    expect(kept?.getAttribute('aria-hidden')).toBe('true');
    expect(kept?.hasAttribute('inert')).toBe(true);
    expect(screen.queryByRole('group', { name: 'OEE of DTG' })).toBeNull();
    expect(screen.getAllByRole('heading', { name: 'OEE of DTG' })).toHaveLength(1);

    answer(
      new Response(JSON.stringify(oeeOf('2026-11-18', 0.61)), { headers: { 'Content-Type': 'application/json' } }),
    );

    // The answer updates the same elements (a chart keeps its ECharts instance, issue #30).
    expect(await screen.findByText('61.00')).toBe(figure);
    expect(screen.queryByRole('status', { name: 'Loading OEE of DTG' })).toBeNull();
    expect(figure.closest('.panel-frame__content')?.getAttribute('aria-hidden')).toBeNull();
  });

  it("does not draw the panel again when only its refresh rule changes (a group's last update arriving after the change)", async () => {
    const definition = await loadPanelDefinition('kpi-card');
    const drawn = vi.spyOn(definition, 'selectData');
    const { show } = renderWithCache([[DAY_FILTERS, oeeOf('2026-11-20', 0.42)]]);
    expect(await screen.findByText('42.00')).toBeDefined();
    const draws = drawn.mock.calls.length;

    show(DAY_FILTERS, false);
    show(DAY_FILTERS, true);

    expect(screen.getByText('42.00')).toBeDefined();
    expect(drawn.mock.calls.length).toBe(draws);
    drawn.mockRestore();
  });
});
