import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { ADMIN } from '../testing/fake-identity.ts';
import type { DateFiltersResponse, ReportSystem } from '../../shared/api-types.ts';
import { dateFilters, jsonResponse, userSettings } from '../testing/fake-api.ts';
import { currentLocation, renderApp } from '../testing/render-app.tsx';
import { preloadReportModules } from '../testing/preload-report-modules.ts';
import {
  achievementsAnswer,
  kpiCard,
  kpiLine,
  overviewCardsAnswer,
  overviewGraphsAnswer,
} from '../testing/fake-report-answers.ts';

// The fake date-filters data of every group runs from 2024-01-01 to 2024-03-05 (a Tuesday).
const LAST_DAY = '2024-03-05';

/** overview-cards with Total Production in metres (1,234 m) and the other cards of the group. */
function overviewCards(url: URL) {
  return jsonResponse(overviewCardsAnswer(url, { totalProduction: kpiCard('Total Production', 1234, 'm') }));
}

/** A full overview-cards answer: productivity only for DTG and Apollo (spec reports §2: 3 cards for DTF, 4 for the others). */
function allOverviewCards(url: URL) {
  return jsonResponse(
    overviewCardsAnswer(url, {
      productionRate: kpiCard('Average prod. rate', 84.6, 'imp/h', {
        upper: kpiLine('Avg. Utilization', 0.5, '%'),
        lower: kpiLine('Preparation', 0.1, '%'),
      }),
    }),
  );
}

const overviewGraphs = (url: URL) => jsonResponse(overviewGraphsAnswer(url));

const achievements = (url: URL) => jsonResponse(achievementsAnswer(url));

function renderOverview(path: string, groups?: ('DTG' | 'DTF' | 'Apollo')[], cards = overviewCards) {
  return renderApp({
    path,
    user: ADMIN,
    api: {
      '/api/overview-report/overview-cards': cards,
      '/api/overview-report/overview-graphs': overviewGraphs,
      '/api/overview-report/achievements': achievements,
      ...(groups === undefined
        ? {}
        : { '/api/users/user-settings': userSettings({ userSystemGroup: groups, defaultSystemGroup: groups[0] }) }),
    },
  });
}

function query(): URLSearchParams {
  return new URLSearchParams(currentLocation()?.split('?')[1] ?? '');
}

function cardRequests(view: ReturnType<typeof renderOverview>): URL[] {
  return view.fetchMock.mock.calls
    .map(([url]) => new URL(url))
    .filter((url) => url.pathname === '/api/overview-report/overview-cards');
}

async function filterBar() {
  return screen.findByRole('toolbar', { name: 'Report filters' });
}

function timeframeButtons(bar: HTMLElement): string[] {
  return within(within(bar).getByRole('group', { name: 'Timeframe' }))
    .getAllByRole('button')
    .map((button) => button.textContent ?? '');
}

beforeAll(async () => {
  await import('./OverviewPage.tsx');
  await preloadReportModules(['goals', 'kpi-card', 'period-legend', 'printer-links', 'series-chart']);
}, 120_000);

describe('overview page', () => {
  it("asks the layout runtime for the selected group's overview of the last available day", async () => {
    const view = renderOverview('/reports/overview?selectedSystemGroup=DTF');
    expect(await screen.findByRole('heading', { name: 'Overview', level: 1 })).toBeTruthy();
    await waitFor(() => {
      const url = cardRequests(view).at(-1);
      expect(url?.searchParams.get('day')).toBe(LAST_DAY);
      expect(url?.searchParams.get('systemGroup')).toBe('DTF');
    });
    const call = view.fetchMock.mock.calls.find(([url]) => url.includes('/api/overview-report/overview-cards'));
    expect(JSON.parse(String(call?.[1]?.body))).toEqual({ systems: [] });
    // Defaults stay out of the URL, so opening the report adds no history entry.
    expect(currentLocation()).toBe('/reports/overview?selectedSystemGroup=DTF');
  });

  it('corrects a day of the URL outside the available dates', async () => {
    const view = renderOverview('/reports/overview?timeframe=day&day=2023-06-01');
    await waitFor(() => expect(query().get('day')).toBe('2024-01-01'));
    expect(await within(await filterBar()).findByText('January 1, 2024')).toBeTruthy();
    await waitFor(() => expect(cardRequests(view).at(-1)?.searchParams.get('day')).toBe('2024-01-01'));
  });

  it('takes the day from the URL', async () => {
    const view = renderOverview('/reports/overview?day=2024-02-10');
    const bar = await filterBar();
    expect(await within(bar).findByText('February 10, 2024')).toBeTruthy();
    await waitFor(() => expect(cardRequests(view).at(-1)?.searchParams.get('day')).toBe('2024-02-10'));
  });
});

// The first render loads the report's lazy chunks (runtime, panels, ECharts), slow on a loaded machine.
const LAZY_LOAD_MS = 40_000;

describe('overview panels', () => {
  it(
    'shows three cards for DTF and no productivity card',
    async () => {
      renderOverview('/reports/overview?selectedSystemGroup=DTF', undefined, allOverviewCards);
      // The report's code loads lazily on first use.
      expect(
        await screen.findByRole('group', { name: 'Total Production' }, { timeout: LAZY_LOAD_MS / 2 }),
      ).toBeTruthy();
      expect(await screen.findByRole('group', { name: 'Average prod. rate' })).toBeTruthy();
      expect(await screen.findByRole('group', { name: 'Average Availability' })).toBeTruthy();
      expect(screen.queryByRole('group', { name: 'Productivity' })).toBeNull();
    },
    LAZY_LOAD_MS,
  );

  it(
    'shows four cards for DTG, the charts with the speed toggle, and the goals',
    async () => {
      renderOverview('/reports/overview?selectedSystemGroup=DTG', undefined, allOverviewCards);
      expect(await screen.findByRole('group', { name: 'Productivity' }, { timeout: LAZY_LOAD_MS / 2 })).toBeTruthy();
      expect(await screen.findByRole('group', { name: 'Total Impressions' })).toBeTruthy();
      const toggle = await screen.findByRole('group', { name: 'Chart' });
      expect(within(toggle).getByRole('button', { name: 'Speed' }).getAttribute('aria-pressed')).toBe('true');
      expect(await screen.findByRole('img', { name: 'Production chart' })).toBeTruthy();
      expect(await screen.findByRole('img', { name: 'Availability chart' })).toBeTruthy();
      const week = await screen.findByRole('meter', { name: 'Weekly goal progress' });
      expect(week.getAttribute('aria-valuenow')).toBe('3');
    },
    LAZY_LOAD_MS,
  );
});

describe("overview in the user's length unit", () => {
  it(
    "shows a Yard user's DTF cards and goals in yards, availability as it is",
    async () => {
      const achievementsInMetres = (url: URL) =>
        jsonResponse(achievementsAnswer(url, { units: 'm', weeklyGoal: 10_000 }));
      renderApp({
        path: '/reports/overview?selectedSystemGroup=DTF',
        user: ADMIN,
        api: {
          '/api/users/user-settings': userSettings({ lengthUnits: 'Yard' }),
          '/api/overview-report/overview-cards': (url: URL) =>
            jsonResponse(
              overviewCardsAnswer(url, {
                totalProduction: kpiCard('Total Production', 48_250, 'm'),
                productionRate: kpiCard('Average prod. rate', 100, 'm/h'),
              }),
            ),
          '/api/overview-report/overview-graphs': overviewGraphs,
          '/api/overview-report/achievements': achievementsInMetres,
        },
      });
      const production = await screen.findByRole('group', { name: 'Total Production' }, { timeout: LAZY_LOAD_MS / 2 });
      expect(within(production).getByLabelText('value').textContent).toBe('52.8k');
      expect(within(production).getByText('yd')).toBeTruthy();
      const rate = await screen.findByRole('group', { name: 'Average prod. rate' });
      expect(within(rate).getByLabelText('value').textContent).toBe('109.4');
      expect(within(rate).getByText('yd/h')).toBeTruthy();
      const availability = await screen.findByRole('group', { name: 'Average Availability' });
      expect(within(availability).getByLabelText('value').textContent).toBe('90.00');
      const week = await screen.findByRole('group', { name: 'Weekly goal' });
      expect(within(week).getByText('10.9k yd')).toBeTruthy();
    },
    LAZY_LOAD_MS,
  );
});

describe('filter bar', () => {
  it('shows no group toggle when the user has one group', async () => {
    renderOverview('/reports/overview', ['DTF']);
    const bar = await filterBar();
    expect(await within(bar).findByText('March 5, 2024')).toBeTruthy();
    expect(within(bar).queryByRole('group', { name: 'System group' })).toBeNull();
  });

  it("offers a toggle of the user's groups when there are two or more", async () => {
    renderOverview('/reports/overview', ['DTG', 'DTF']);
    const toggle = await within(await filterBar()).findByRole('group', { name: 'System group' });
    expect(
      within(toggle)
        .getAllByRole('button')
        .map((button) => button.textContent),
    ).toEqual(['DTG', 'DTF']);
    expect(within(toggle).getByRole('button', { name: 'DTG' }).getAttribute('aria-pressed')).toBe('true');
  });

  it('offers the overview timeframes of the group (no custom for DTF)', async () => {
    renderOverview('/reports/overview?selectedSystemGroup=DTG');
    let bar = await filterBar();
    await within(bar).findByText('March 5, 2024');
    expect(timeframeButtons(bar)).toEqual(['Day', 'Week', 'Custom']);
    expect(within(bar).getByRole('button', { name: 'Day' }).getAttribute('aria-pressed')).toBe('true');

    fireEvent.click(within(bar).getByRole('button', { name: 'DTF' }));
    await waitFor(() => expect(query().get('selectedSystemGroup')).toBe('DTF'));
    bar = await filterBar();
    expect(timeframeButtons(bar)).toEqual(['Day', 'Week']);
  });

  it('moves the day with the arrows within the available dates', async () => {
    const view = renderOverview('/reports/overview');
    const bar = await filterBar();
    await within(bar).findByText('March 5, 2024');
    const next = within(bar).getByRole('button', { name: 'Next' });
    const today = within(bar).getByRole('button', { name: 'Today' });
    expect(next).toHaveProperty('disabled', true);
    expect(today).toHaveProperty('disabled', true);

    fireEvent.click(within(bar).getByRole('button', { name: 'Previous' }));
    await waitFor(() => expect(query().get('day')).toBe('2024-03-04'));
    expect(within(bar).getByText('March 4, 2024')).toBeTruthy();
    expect(next).toHaveProperty('disabled', false);
    expect(today).toHaveProperty('disabled', false);
    await waitFor(() => expect(cardRequests(view).at(-1)?.searchParams.get('day')).toBe('2024-03-04'));

    fireEvent.click(next);
    await waitFor(() => expect(query().get('day')).toBe(LAST_DAY));
    fireEvent.click(within(bar).getByRole('button', { name: 'Previous' }));
    await waitFor(() => expect(query().get('day')).toBe('2024-03-04'));
    fireEvent.click(today);
    await waitFor(() => expect(query().get('day')).toBe(LAST_DAY));
  });

  it('disables Previous at the first available day', async () => {
    renderOverview('/reports/overview?day=2024-01-01');
    const bar = await filterBar();
    await within(bar).findByText('January 1, 2024');
    expect(within(bar).getByRole('button', { name: 'Previous' })).toHaveProperty('disabled', true);
    expect(within(bar).getByRole('button', { name: 'Next' })).toHaveProperty('disabled', false);
  });

  it('snaps the day to Monday for a week and moves by whole weeks', async () => {
    const view = renderOverview('/reports/overview');
    const bar = await filterBar();
    await within(bar).findByText('March 5, 2024');
    fireEvent.click(within(bar).getByRole('button', { name: 'Week' }));
    await waitFor(() => expect(query().get('timeframe')).toBe('week'));
    expect(query().get('day')).toBe('2024-03-04');
    expect(within(bar).getByText('Mar 4 – Mar 10, 2024')).toBeTruthy();
    expect(within(bar).getByRole('button', { name: 'Today' })).toHaveProperty('disabled', true);

    fireEvent.click(within(bar).getByRole('button', { name: 'Previous' }));
    await waitFor(() => expect(query().get('day')).toBe('2024-02-26'));
    expect(within(bar).getByText('Feb 26 – Mar 3, 2024')).toBeTruthy();
    // The layout's `period` parameter goes out under the timeframe's name (spec reports §7: day, week or custom).
    await waitFor(() => expect(cardRequests(view).at(-1)?.searchParams.get('week')).toBe('2024-02-26'));
    expect(cardRequests(view).at(-1)?.searchParams.get('day')).toBeNull();
  });

  it('changes the group in the URL and the report requests through the toggle', async () => {
    const view = renderOverview('/reports/overview?selectedSystemGroup=DTG');
    const bar = await filterBar();
    await within(bar).findByText('March 5, 2024');
    fireEvent.click(within(bar).getByRole('button', { name: 'Apollo' }));
    await waitFor(() => expect(query().get('selectedSystemGroup')).toBe('Apollo'));
    await waitFor(() => expect(cardRequests(view).at(-1)?.searchParams.get('systemGroup')).toBe('Apollo'));
    expect(within(bar).getByRole('button', { name: 'Apollo' }).getAttribute('aria-pressed')).toBe('true');
  });
});

describe('overview narrowed to one printer', () => {
  const SERIAL = 'DTG-10001';
  const OTHER = 'DTG-10002';

  /** The DTG tree with two printers at one site, so one of them is a narrower selection than all. */
  function twoPrinters(): DateFiltersResponse {
    const system = (id: string, name: string) => ({
      id,
      name,
      siteId: 's1',
      modelId: 'm1',
      systemNickName: null,
      isEverReported: true,
      modelStartDate: '',
    });
    return {
      groups: dateFilters().groups.map((entry) =>
        entry.systemGroup === 'DTG'
          ? {
              ...entry,
              sites: [{ id: 's1', name: 'Leeds' }],
              models: [{ id: 'm1', name: 'Storm Hybrid', siteId: 's1' }],
              systems: [system('1', SERIAL), system('2', OTHER)],
            }
          : entry,
      ),
    };
  }

  const groupSystems: ReportSystem[] = [
    {
      serialNumber: SERIAL,
      systemNickName: 'Line 3',
      systemModel: 'Storm Hybrid',
      printerStatus: 'Error',
      lastUpdate: '2024-03-05T09:30:00.000Z',
    },
    {
      serialNumber: OTHER,
      systemNickName: null,
      systemModel: 'Storm Hybrid',
      printerStatus: 'Idle',
      lastUpdate: '2024-03-05T09:00:00.000Z',
    },
  ];

  function renderNarrowed(path: string) {
    // jsdom lays nothing out: the report area has a desktop size, so the grid places its panels.
    vi.spyOn(HTMLElement.prototype, 'getBoundingClientRect').mockReturnValue(
      DOMRect.fromRect({ width: 1600, height: 900 }),
    );
    return renderApp({
      path,
      user: ADMIN,
      api: {
        '/api/reports/date-filters': twoPrinters(),
        '/api/overview-report/overview-cards': overviewCards,
        '/api/overview-report/overview-graphs': overviewGraphs,
        '/api/overview-report/achievements': achievements,
        '/api/reports/systems': () => jsonResponse(groupSystems),
      },
    });
  }

  afterEach(() => {
    vi.restoreAllMocks();
  });

  it("names the selected printer and links to its pages with the Overview's group, date and selection", async () => {
    const search = `?selectedSystemGroup=DTG&timeframe=day&day=2024-02-10&systems=${SERIAL}`;
    const view = renderNarrowed(`/reports/overview${search}`);
    // The strip's frame shows its placeholder, then the kind's component (a new element): look it up once drawn.
    await screen.findByText('Error now');
    const strip = screen.getByRole('region', { name: 'Selected printer' });
    expect(within(strip).getByText('Line 3 · Storm Hybrid')).toBeTruthy();
    const systemPage = within(strip).getByRole('link', { name: `System Page: ${SERIAL}` });
    const target = new URL(systemPage.getAttribute('href') ?? '', 'https://portal.test');
    expect(target.pathname).toBe(`/reports/systems/system-page/${SERIAL}`);
    expect(target.searchParams.get('day')).toBe('2024-02-10');
    expect(target.searchParams.get('selectedSystemGroup')).toBe('DTG');
    expect(target.searchParams.get('systems')).toBe(SERIAL);
    expect(
      within(strip)
        .getByRole('link', { name: `Parameters: ${SERIAL}` })
        .getAttribute('href'),
    ).toBe(`/reports/systems/machine-config/${SERIAL}${target.search}`);
    const asked = view.fetchMock.mock.calls
      .map(([url]) => new URL(url))
      .find((url) => url.pathname === '/api/reports/systems');
    expect(asked?.searchParams.get('systemGroup')).toBe('DTG');

    fireEvent.click(systemPage);
    await waitFor(() => expect(currentLocation()).toBe(`/reports/systems/system-page/${SERIAL}${target.search}`));
  });

  it('shows no printer strip, and asks nothing for it, while the Overview shows every printer or several', async () => {
    const view = renderNarrowed(`/reports/overview?selectedSystemGroup=DTG&systems=${SERIAL},${OTHER}`);
    await screen.findByRole('region', { name: 'Total Impressions' });
    expect(screen.queryByRole('region', { name: 'Selected printer' })).toBeNull();
    expect(screen.queryByRole('link', { name: `System Page: ${SERIAL}` })).toBeNull();
    expect(view.fetchMock.mock.calls.some(([url]) => new URL(url).pathname === '/api/reports/systems')).toBe(false);
  });
});
