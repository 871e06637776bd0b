import { afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { ADMIN } from '../testing/fake-identity.ts';
import { jsonResponse, userSettings } from '../testing/fake-api.ts';
import { currentLocation, renderApp } from '../testing/render-app.tsx';
import { preloadReportModules } from '../testing/preload-report-modules.ts';
import { BUSY_PREFETCH_MS } from '../../runtime/prefetch-when-idle.ts';
import type { AnswerOf } from '../../shared/contract/answer-schemas.ts';
import {
  achievementsAnswer,
  kpiCard,
  overviewCardsAnswer,
  overviewGraphsAnswer,
  periodOf,
} from '../testing/fake-report-answers.ts';

// The fake date-filters data of every group runs from 2024-01-01 to 2024-03-05 (a Tuesday).

/** The OEE answer of the request's group and day: 50 %. */
function oeeAnswer(url: URL): AnswerOf<'OverviewOee'> {
  const period = periodOf(url);
  const systemGroup = url.searchParams.get('systemGroup') === 'DTF' ? 'DTF' : 'DTG';
  return { systemGroup, period, previousPeriod: period, comparedUntil: null, oee: kpiCard('OEE', 0.5, '%') };
}

/** `delayMs` holds back the OEE answer of a request by the ms it names (0: at once). */
function renderOverview(path: string, delayMs: (url: URL) => number = () => 0) {
  const held = (url: URL) => new Promise((resolve) => setTimeout(resolve, delayMs(url)));
  return renderApp({
    path,
    user: ADMIN,
    api: {
      '/api/overview-report/overview-cards': (url: URL) => jsonResponse(overviewCardsAnswer(url)),
      '/api/overview-report/overview-graphs': (url: URL) => jsonResponse(overviewGraphsAnswer(url)),
      '/api/overview-report/achievements': (url: URL) => jsonResponse(achievementsAnswer(url)),
      '/api/overview-report/oee': async (url: URL) => {
        await held(url);
        return jsonResponse(oeeAnswer(url));
      },
      '/api/users/user-settings': userSettings({ userSystemGroup: ['DTG', 'DTF'], defaultSystemGroup: 'DTG' }),
    },
  });
}

type View = ReturnType<typeof renderOverview>;

/** The report calls made so far (method, path and query), in order. */
function reportCalls(view: View): string[] {
  return view.fetchMock.mock.calls
    .map(([url]) => new URL(url))
    .filter((url) => url.pathname.startsWith('/api/overview-report/'))
    .map((url) => `${url.pathname}${url.search}`);
}

/** Every panel drawn: no panel is loading. */
async function drawn(): Promise<void> {
  await waitFor(
    () => {
      expect(document.querySelectorAll('.panel-frame').length).toBeGreaterThan(0);
      expect(document.querySelector('.panel-frame[aria-busy="true"]')).toBeNull();
    },
    { timeout: 20_000 },
  );
}

/**
 * Hints `control` (pointer enter), waits for the hint's prefetch, then clicks it: the click must show the new filters
 * from the cache — no further report call, no panel loading.
 */
async function hintThenClick(view: View, control: HTMLElement, beforeClick?: () => void): Promise<string[]> {
  const before = reportCalls(view).length;
  fireEvent.pointerEnter(control);
  await waitFor(() => expect(reportCalls(view).length).toBeGreaterThan(before));
  await waitFor(() => expect(view.queryClient.isFetching()).toBe(0));
  const prefetched = reportCalls(view).slice(before);
  beforeClick?.();
  fireEvent.click(control);
  await drawn();
  expect(reportCalls(view).slice(before)).toEqual(prefetched);
  expect(document.querySelector('.panel-frame[aria-busy="true"]')).toBeNull();
  return prefetched;
}

beforeAll(async () => {
  await import('./OverviewPage.tsx');
  await preloadReportModules(['goals', 'kpi-card', 'period-legend', 'printer-links', 'series-chart']);
}, 120_000);

describe('the filter bar prefetches what a control would show on its hover (issue #30)', () => {
  it('the Week button: the week of the shown day, asked before the click, shown from the cache', async () => {
    const view = renderOverview('/reports/overview?selectedSystemGroup=DTG&timeframe=day');
    await drawn();
    const bar = await screen.findByRole('toolbar', { name: 'Report filters' });
    const week = within(within(bar).getByRole('group', { name: 'Timeframe' })).getByRole('button', { name: 'Week' });
    const prefetched = await hintThenClick(view, week);
    expect(prefetched).toContain('/api/overview-report/overview-cards?week=2024-03-04&systemGroup=DTG');
    expect(within(bar).getByRole('button', { name: 'Week' }).getAttribute('aria-pressed')).toBe('true');
  }, 60_000);

  it('the previous arrow: the day before, asked before the click, shown from the cache', async () => {
    const view = renderOverview('/reports/overview?selectedSystemGroup=DTG&timeframe=day');
    await drawn();
    const bar = await screen.findByRole('toolbar', { name: 'Report filters' });
    const prefetched = await hintThenClick(view, within(bar).getByRole('button', { name: 'Previous' }));
    expect(prefetched).toContain('/api/overview-report/overview-cards?day=2024-03-04&systemGroup=DTG');
  }, 60_000);

  it("another group: that group's answers, asked before the click, shown from the cache", async () => {
    const view = renderOverview('/reports/overview?selectedSystemGroup=DTG&timeframe=day');
    await drawn();
    const bar = await screen.findByRole('toolbar', { name: 'Report filters' });
    const dtf = within(within(bar).getByRole('group', { name: 'System group' })).getByRole('button', { name: 'DTF' });
    // The group's last update too (the report's refresh rule reads it: arriving after the click, it drew every panel again).
    const lastUpdateCalls = () =>
      view.fetchMock.mock.calls.filter(([url]) => url.includes('/api/reports/getMaxKeepAlive?systemGroupType=DTF'))
        .length;
    let lastUpdateCallsAtClick = 0;
    const prefetched = await hintThenClick(view, dtf, () => (lastUpdateCallsAtClick = lastUpdateCalls()));
    expect(prefetched).toContain('/api/overview-report/overview-cards?day=2024-03-05&systemGroup=DTF');
    expect(await screen.findByRole('group', { name: 'Total Production' })).toBeTruthy();
    expect(lastUpdateCallsAtClick).toBe(1);
    expect(lastUpdateCalls()).toBe(1);
  }, 60_000);

  it('the previous arrow pressed again, the pointer still on it: its press asks for the day before, the click finds it', async () => {
    const view = renderOverview('/reports/overview?selectedSystemGroup=DTG&timeframe=day');
    await drawn();
    const bar = await screen.findByRole('toolbar', { name: 'Report filters' });
    const previous = within(bar).getByRole('button', { name: 'Previous' });
    await hintThenClick(view, previous);
    // The pointer has not left the arrow, so it enters it no more: the press (about 100 ms before the click) hints it.
    const before = reportCalls(view).length;
    fireEvent.pointerDown(previous);
    await waitFor(() => expect(reportCalls(view).length).toBeGreaterThan(before));
    await waitFor(() => expect(view.queryClient.isFetching()).toBe(0));
    const pressed = reportCalls(view).slice(before);
    expect(pressed).toContain('/api/overview-report/overview-cards?day=2024-03-03&systemGroup=DTG');
    fireEvent.pointerUp(previous);
    fireEvent.click(previous);
    await drawn();
    expect(reportCalls(view).slice(before)).toEqual(pressed);
  }, 60_000);

  it('asks nothing for the control of what is shown (the pressed timeframe)', async () => {
    const view = renderOverview('/reports/overview?selectedSystemGroup=DTG&timeframe=day');
    await drawn();
    const bar = await screen.findByRole('toolbar', { name: 'Report filters' });
    const before = reportCalls(view).length;
    fireEvent.pointerEnter(within(bar).getByRole('button', { name: 'Day' }));
    fireEvent.focus(within(bar).getByRole('button', { name: 'Day' }));
    // A prefetch would load its chunk and ask at once; give it the turns it would take.
    await new Promise((resolve) => setTimeout(resolve, 200));
    expect(reportCalls(view).length).toBe(before);
  }, 60_000);
});

describe("a group change draws the new group in the click's own render (issue #30)", () => {
  /** Lets the microtasks run, in which React renders a click's update; the router's transitions wait for a later task. */
  async function microtasks(): Promise<void> {
    for (let turn = 0; turn < 20; turn += 1) await Promise.resolve();
  }

  it("shows the hinted group's panels from the cache before the router's transition brings the URL", async () => {
    const view = renderOverview('/reports/overview?selectedSystemGroup=DTG&timeframe=day');
    await drawn();
    const bar = await screen.findByRole('toolbar', { name: 'Report filters' });
    const groups = within(bar).getByRole('group', { name: 'System group' });
    fireEvent.pointerEnter(within(groups).getByRole('button', { name: 'DTF' }));
    await waitFor(() => expect(reportCalls(view).join()).toContain('systemGroup=DTF'));
    await waitFor(() => expect(view.queryClient.isFetching()).toBe(0));
    const prefetched = reportCalls(view);

    // Outside act(), as in the browser: the click's update renders in a microtask, the URL's transition in a task.
    const reactAct = globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean };
    const actEnvironment = reactAct.IS_REACT_ACT_ENVIRONMENT;
    reactAct.IS_REACT_ACT_ENVIRONMENT = false;
    try {
      within(groups).getByRole('button', { name: 'DTF' }).click();
      await microtasks();
      expect(currentLocation()).toBe('/reports/overview?selectedSystemGroup=DTG&timeframe=day');
      expect(screen.queryByRole('group', { name: 'Total Production' })).not.toBeNull();
      expect(screen.queryByRole('group', { name: 'Total Impressions' })).toBeNull();
      expect(document.querySelector('.panel-frame[aria-busy="true"]')).toBeNull();
      expect(within(groups).getByRole('button', { name: 'DTF' }).getAttribute('aria-pressed')).toBe('true');
    } finally {
      reactAct.IS_REACT_ACT_ENVIRONMENT = actEnvironment;
    }

    // The URL follows with the group alone changed (the selection reset), and no further call is asked.
    await waitFor(() => expect(currentLocation()).toBe('/reports/overview?selectedSystemGroup=DTF&timeframe=day'));
    await drawn();
    expect(screen.queryByRole('group', { name: 'Total Production' })).not.toBeNull();
    expect(reportCalls(view)).toEqual(prefetched);
  }, 60_000);
});

describe('the report prefetches its neighbours once it has settled and the browser is idle (issue #30)', () => {
  /** The idle callbacks asked and not cancelled (jsdom has no requestIdleCallback: the test runs them). */
  const idle = new Map<number, IdleRequestCallback>();
  let lastId = 0;
  function runIdleCallbacks(): void {
    const callbacks = [...idle.values()];
    idle.clear();
    for (const callback of callbacks) callback({ didTimeout: false, timeRemaining: () => 50 });
  }

  beforeEach(() => {
    window.requestIdleCallback = (callback: IdleRequestCallback) => {
      lastId += 1;
      idle.set(lastId, callback);
      return lastId;
    };
    window.cancelIdleCallback = (id: number) => void idle.delete(id);
  });
  afterEach(() => {
    idle.clear();
    Reflect.deleteProperty(window, 'requestIdleCallback');
    Reflect.deleteProperty(window, 'cancelIdleCallback');
  });

  /** The report calls made after the first `count`, once none is being fetched. */
  async function callsAfter(view: View, count: number): Promise<string[]> {
    await waitFor(() => expect(view.queryClient.isFetching()).toBe(0));
    return reportCalls(view).slice(count);
  }

  /** Lets the browser be idle once the page has settled, and returns the report calls that asked. */
  async function nextNeighbour(view: View): Promise<string[]> {
    const before = (await callsAfter(view, 0)).length;
    // A neighbour whose answers are fresh asks nothing: the hook goes on at the idle time after.
    for (let idleTime = 0; idleTime < 4; idleTime += 1) {
      await waitFor(() => expect(idle.size).toBeGreaterThan(0));
      runIdleCallbacks();
      const asked = await waitFor(() => expect(reportCalls(view).length).toBeGreaterThan(before), {
        timeout: 500,
      }).then(
        () => true,
        () => false,
      );
      if (asked) return (await callsAfter(view, before)).toSorted();
    }
    throw new Error('no neighbour was asked');
  }

  const overviewCalls = (query: string) =>
    ['achievements', 'oee', 'overview-cards', 'overview-graphs'].map((call) => `/api/overview-report/${call}?${query}`);

  it('asks the previous day, then the week, then the other group, each once the one before has come', async () => {
    const view = renderOverview('/reports/overview?selectedSystemGroup=DTG&timeframe=day');
    await drawn();
    const shown = (await callsAfter(view, 0)).length;

    expect(await nextNeighbour(view)).toEqual(overviewCalls('day=2024-03-04&systemGroup=DTG'));
    expect(await nextNeighbour(view)).toEqual(overviewCalls('week=2024-03-04&systemGroup=DTG'));
    expect(await nextNeighbour(view)).toEqual(overviewCalls('day=2024-03-05&systemGroup=DTF'));
    // Nothing further to guess: the Overview's DTG and DTF have Day and Week only (custom is never guessed).
    await callsAfter(view, 0);
    runIdleCallbacks();
    expect(idle.size).toBe(0);
    const prefetched = reportCalls(view).slice(shown);
    expect(prefetched).toHaveLength(12);

    // Each control's click, with no hover before it, finds its answers in the cache.
    const bar = await screen.findByRole('toolbar', { name: 'Report filters' });
    fireEvent.click(within(bar).getByRole('button', { name: 'Previous' }));
    await drawn();
    fireEvent.click(
      within(within(bar).getByRole('group', { name: 'Timeframe' })).getByRole('button', { name: 'Week' }),
    );
    await drawn();
    expect(reportCalls(view).slice(shown, shown + 12)).toEqual(prefetched);
  }, 60_000);

  it('goes past a neighbour whose answers are in the cache already (the arrow hovered before)', async () => {
    const view = renderOverview('/reports/overview?selectedSystemGroup=DTG&timeframe=day');
    await drawn();
    const bar = await screen.findByRole('toolbar', { name: 'Report filters' });
    fireEvent.pointerEnter(within(bar).getByRole('button', { name: 'Previous' }));
    await waitFor(() => expect(reportCalls(view).join()).toContain('day=2024-03-04'));

    expect(await nextNeighbour(view)).toEqual(overviewCalls('week=2024-03-04&systemGroup=DTG'));
    expect(await nextNeighbour(view)).toEqual(overviewCalls('day=2024-03-05&systemGroup=DTF'));
  }, 60_000);

  it('stops after a neighbour whose answers took BUSY_PREFETCH_MS or more: a busy server gets no more', async () => {
    const slowDay = (url: URL) => (url.searchParams.get('day') === '2024-03-04' ? BUSY_PREFETCH_MS + 100 : 0);
    const view = renderOverview('/reports/overview?selectedSystemGroup=DTG&timeframe=day', slowDay);
    await drawn();
    const shown = (await callsAfter(view, 0)).length;

    expect(await nextNeighbour(view)).toEqual(overviewCalls('day=2024-03-04&systemGroup=DTG'));
    await callsAfter(view, 0);
    runIdleCallbacks();
    expect(idle.size).toBe(0);
    expect(reportCalls(view).slice(shown)).toHaveLength(4);
  }, 60_000);

  it('a change cancels the neighbours not yet asked, and nothing is asked for the new period until idle again', async () => {
    const view = renderOverview('/reports/overview?selectedSystemGroup=DTG&timeframe=day');
    await drawn();
    const shown = (await callsAfter(view, 0)).length;
    const bar = await screen.findByRole('toolbar', { name: 'Report filters' });
    const timeframes = within(bar).getByRole('group', { name: 'Timeframe' });

    fireEvent.click(within(timeframes).getByRole('button', { name: 'Week' }));
    await drawn();
    const week = await callsAfter(view, shown);
    expect(week.every((call) => call.includes('week=2024-03-04'))).toBe(true);
    expect(reportCalls(view).join()).not.toContain('day=2024-03-04');

    expect(await nextNeighbour(view)).toEqual(overviewCalls('week=2024-02-26&systemGroup=DTG'));
    expect(reportCalls(view).join()).not.toContain('day=2024-03-04');
  }, 60_000);
});
