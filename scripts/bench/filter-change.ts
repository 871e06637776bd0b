/**
 * `npm run bench -- filter-change [--runs N]`: time from a filter change on the Overview to every panel re-rendered with
 * the new data, on the real portal (scripts/start.ts, fresh data folder, 14 demo days) in headless Debian Chromium at
 * 1920×1080, signed in as the demo admin. Each of N rounds (default 7) times: Day → Week and Week → Day, the previous
 * day arrow, DTG → DTF and DTF → DTG. A change is timed in the page, from the click (element.click()) to the first
 * frame in which the new filter is committed (the period title changed, or the first card is the new group's), no panel
 * is loading (`.panel-frame[aria-busy=true]`, src/runtime/PanelFrame.tsx) and every chart holds an SVG path (first
 * paint; ECharts' bar animation runs on after that). Each change starts from a freshly loaded page, so its data is never
 * in the query cache. One warm-up round is not counted.
 */
import type { ElementHandle, Locator, Page } from '@playwright/test';
import { loadavg } from 'node:os';
import { percentile } from './latency-stats.ts';
import { withSignedInPortal } from './portal-session.ts';

const CHANGE_TIMEOUT_MS = 30_000;

/** What shows once the change is committed: a period title other than the one before, or a panel of the new group. */
interface Expectation {
  titleNot?: string;
  panel?: string;
}

/**
 * Clicks `button` inside the page and resolves with the ms from the click to the first animation frame where `expected`
 * shows, no `.panel-frame[aria-busy=true]` is left and every chart (`[role=img]` named '… chart') holds an SVG path;
 * `loading` tells whether a loading state was seen (a filter change is a new query key: use-panel-query.ts).
 */
async function timeChange(
  page: Page,
  button: ElementHandle,
  expected: Expectation,
): Promise<{ ms: number; loading: boolean }> {
  return page.evaluate(
    ([element, expectation, timeoutMs]) =>
      new Promise<{ ms: number; loading: boolean }>((resolve, reject) => {
        const busy = () => document.querySelector('.panel-frame[aria-busy="true"]') !== null;
        let sawBusy = false;
        const observer = new MutationObserver(() => {
          if (busy()) sawBusy = true;
        });
        observer.observe(document.body, {
          subtree: true,
          childList: true,
          attributes: true,
          attributeFilter: ['aria-busy'],
        });
        const expectationMet = () => {
          if (expectation.titleNot !== undefined) {
            const title = document.querySelector('[role="toolbar"][aria-label="Report filters"] .filter-bar__title');
            if (title === null || title.textContent.trim() === expectation.titleNot) return false;
          }
          if (expectation.panel !== undefined) {
            const label = JSON.stringify(expectation.panel);
            if (document.querySelector(`.panel-frame[aria-label=${label}]`) === null) return false;
          }
          return true;
        };
        const chartsDrawn = () =>
          [...document.querySelectorAll('.panel-frame [role="img"][aria-label$="chart"]')].every(
            (chart) => chart.querySelector('svg path') !== null,
          );
        const started = performance.now();
        (element as HTMLElement).click();
        const check = () => {
          const now = performance.now();
          if (busy()) sawBusy = true;
          if (!busy() && expectationMet() && chartsDrawn()) {
            observer.disconnect();
            resolve({ ms: now - started, loading: sawBusy });
          } else if (now - started > timeoutMs) {
            observer.disconnect();
            reject(new Error(`not done after ${timeoutMs} ms (loading seen: ${sawBusy}, at ${location.search})`));
          } else {
            requestAnimationFrame(check);
          }
        };
        requestAnimationFrame(check);
      }),
    [button, expected, CHANGE_TIMEOUT_MS] as const,
  );
}

export async function waitForPanels(page: Page): Promise<void> {
  await page.getByRole('heading', { name: 'Overview', level: 1 }).waitFor();
  await page.waitForFunction(
    () =>
      document.querySelectorAll('.panel-frame').length > 0 &&
      document.querySelector('.panel-frame[aria-busy="true"]') === null &&
      [...document.querySelectorAll('.panel-frame [role="img"][aria-label$="chart"]')].every(
        (chart) => chart.querySelector('svg path') !== null,
      ),
    undefined,
    { timeout: CHANGE_TIMEOUT_MS },
  );
}

type ChangeName = 'timeframe Day ↔ Week' | 'previous day arrow' | 'group DTG ↔ DTF';
interface Sample {
  name: ChangeName;
  ms: number;
  loading: boolean;
}

const TITLE = '[role="toolbar"][aria-label="Report filters"] .filter-bar__title';

/**
 * One round: Week, Day, previous day, DTF, DTG. Each change starts from a freshly loaded page with fixed filters (the
 * latest day, or its week), so the new filter is never in the query cache: every change waits for its requests, as a
 * user's first look at a period does, and the rounds do not drift through the history.
 */
async function round(page: Page): Promise<Sample[]> {
  const toolbar = page.getByRole('toolbar', { name: 'Report filters' });
  const timeframes = toolbar.getByRole('group', { name: 'Timeframe' });
  const samples: Sample[] = [];
  const change = async (name: ChangeName, from: string, button: Locator, expected: Expectation | 'title changes') => {
    await page.goto(`/reports/overview?${from}`);
    await waitForPanels(page);
    const handle = await button.elementHandle();
    if (handle === null) throw new Error(`no button for ${name}`);
    const expectation =
      expected === 'title changes' ? { titleNot: (await page.locator(TITLE).first().innerText()).trim() } : expected;
    try {
      samples.push({ name, ...(await timeChange(page, handle, expectation)) });
    } catch (error) {
      throw new Error(`${name}: ${error instanceof Error ? error.message : String(error)}`, { cause: error });
    }
    await handle.dispose();
  };
  const dtg = 'selectedSystemGroup=DTG';
  const week = timeframes.getByRole('button', { name: 'Week', exact: true });
  const day = timeframes.getByRole('button', { name: 'Day', exact: true });
  await change('timeframe Day ↔ Week', dtg, week, 'title changes');
  await change('timeframe Day ↔ Week', `${dtg}&timeframe=week`, day, 'title changes');
  await change(
    'previous day arrow',
    dtg,
    toolbar.getByRole('button', { name: 'Previous', exact: true }),
    'title changes',
  );
  // The panels of the new group: DTF's first card is Total Production, DTG's Total Impressions.
  const group = (name: string) => toolbar.getByRole('button', { name, exact: true });
  await change('group DTG ↔ DTF', dtg, group('DTF'), { panel: 'Total Production' });
  await change('group DTG ↔ DTF', 'selectedSystemGroup=DTF', group('DTG'), { panel: 'Total Impressions' });
  return samples;
}

export async function benchFilterChange(runs = 7): Promise<string[]> {
  const loadAtStart = loadavg();
  return withSignedInPortal({ width: 1920, height: 1080 }, async (page) => {
    await page.goto('/reports/overview?selectedSystemGroup=DTG');
    await waitForPanels(page);
    const panels = await page.locator('.panel-frame').count();

    await round(page); // warm-up: lazy chunks, first queries, JIT
    const samples = new Map<ChangeName, Sample[]>();
    for (let run = 0; run < runs; run += 1) {
      for (const sample of await round(page)) samples.set(sample.name, [...(samples.get(sample.name) ?? []), sample]);
    }
    const load = (values: number[]) => values.map((value) => value.toFixed(1)).join(', ');
    const ms = (value: number) => `${Math.round(value)}`;
    return [
      `Overview, demo fleet (14 days), ${panels} panels at 1920×1080, headless Chromium; load average ${load(loadAtStart)} at the start, ${load(loadavg())} at the end`,
      '',
      '| change | samples | median (ms) | p95 (ms) | max (ms) |',
      '|---|---|---|---|---|',
      ...[...samples].map(([name, list]) => {
        const values = list.map((sample) => sample.ms);
        const cached = list.filter((sample) => !sample.loading).length;
        const count = cached === 0 ? `${list.length}` : `${list.length} (${cached} without a loading state)`;
        return `| ${name} | ${count} | ${ms(percentile(values, 50))} | ${ms(percentile(values, 95))} | ${ms(Math.max(...values))} |`;
      }),
    ];
  });
}
