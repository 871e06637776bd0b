/**
 * `npm run bench -- filter-change [--runs N]`: time from a filter change on the Overview to every panel re-rendered with
 * the new data, on the real portal (scripts/start.ts, fresh data folder, 14 demo days) in headless Debian Chromium at
 * 1920×1080, signed in as the demo admin. It first waits until the demo history is complete (`GET /api/health`'s
 * `history`: the start fills 7 days before ready and the rest in the background, on PGlite's one thread), so no timed
 * round overlaps that fill. Each of N rounds (default 7) times: Day → Week and Week → Day, the previous day arrow,
 * DTG → DTF and DTF → DTG. A change is timed in the page, from the click (element.click()) to the first frame in which
 * the new filter is committed (the period title changed, or the first card is the new group's), no panel is loading
 * (`.panel-frame[aria-busy=true]`, src/runtime/PanelFrame.tsx) and every chart holds an SVG path that differs
 * from the one it held at the click (so a chart drew the new option, not the old one; first paint of the new option,
 * ECharts' bar animation runs on after that). Each change starts from a freshly loaded page, so its data is never in the
 * query cache. One warm-up round is not counted. Each change also records its network wait (Resource Timing: click to
 * the end of the last API answer it asked for). The N rounds run twice: clicking at once, as before, and moving the
 * pointer onto the control first and clicking after a dwell (HOVER_DWELL_MS), as a user does — the filter bar prefetches
 * on hover (issue #30). N further rounds (clicking at once) run with the CDP CPU profiler on and give the main thread's
 * time by part (answer check, React, ECharts, …; filter-change-profile.ts), printed as a last table.
 */
import type { CDPSession, ElementHandle, Locator, Page } from '@playwright/test';
import { loadavg } from 'node:os';
import { fileURLToPath } from 'node:url';
import { PROFILE_PARTS, enableProfiling, startProfile, type ProfilePart } from './filter-change-profile.ts';
import { percentile } from './latency-stats.ts';
import { withSignedInPortal } from './portal-session.ts';

const CHANGE_TIMEOUT_MS = 30_000;

/** How long the pointer rests on a control before the click in the hovering rounds: a user's aim and press. */
export const HOVER_DWELL_MS = 150;

/** How long to wait for the demo history's background fill (14 days on PGlite). */
const HISTORY_TIMEOUT_MS = 10 * 60_000;

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
): Promise<{ ms: number; loading: boolean; networkMs: number; requests: number }> {
  return page.evaluate(
    ([element, expectation, timeoutMs]) =>
      new Promise<{ ms: number; loading: boolean; networkMs: number; requests: number }>((resolve, reject) => {
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
        const charts = () => [...document.querySelectorAll('.panel-frame [role="img"][aria-label$="chart"]')];
        // What each chart on screen drew before the click: a chart kept on screen must have drawn anew.
        const drawnBefore = new Map(charts().map((chart) => [chart, chart.querySelector('svg')?.innerHTML]));
        const chartsDrawn = () =>
          charts().every(
            (chart) =>
              chart.querySelector('svg path') !== null &&
              drawnBefore.get(chart) !== chart.querySelector('svg')?.innerHTML,
          );
        // The network wait: from the click to the end of the last API answer the change asked for (Resource Timing).
        const network = () => {
          const calls = performance
            .getEntriesByType('resource')
            .filter((entry) => entry.startTime >= started && new URL(entry.name).pathname.startsWith('/api/'));
          const ends = calls.map((entry) => (entry as PerformanceResourceTiming).responseEnd - started);
          return { networkMs: Math.max(0, ...ends), requests: calls.length };
        };
        const started = performance.now();
        (element as HTMLElement).click();
        const check = () => {
          const now = performance.now();
          if (busy()) sawBusy = true;
          if (!busy() && expectationMet() && chartsDrawn()) {
            observer.disconnect();
            resolve({ ms: now - started, loading: sawBusy, ...network() });
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
  networkMs: number;
  requests: number;
  /** The main thread's time by part, when the round was profiled. */
  parts?: Map<ProfilePart, number>;
}

const TITLE = '[role="toolbar"][aria-label="Report filters"] .filter-bar__title';

/**
 * One round: Week, Day, previous day, DTF, DTG. Each change starts from a freshly loaded page with fixed filters (the
 * latest day, or its week), so the new filter is never in the query cache: every change waits for its requests, as a
 * user's first look at a period does, and the rounds do not drift through the history.
 */
async function round(
  page: Page,
  { profiler, dwellMs = 0 }: { profiler?: { cdp: CDPSession; distRoot: string }; dwellMs?: number } = {},
): Promise<Sample[]> {
  const toolbar = page.getByRole('toolbar', { name: 'Report filters' });
  const timeframes = toolbar.getByRole('group', { name: 'Timeframe' });
  const samples: Sample[] = [];
  const change = async (name: ChangeName, from: string, button: Locator, expected: Expectation | 'title changes') => {
    // The pointer away from the bar, so the new page sees no hover it did not get.
    await page.mouse.move(0, 0);
    await page.goto(`/reports/overview?${from}`);
    await waitForPanels(page);
    if (dwellMs > 0) {
      await button.hover();
      await page.waitForTimeout(dwellMs);
    }
    const handle = await button.elementHandle();
    if (handle === null) throw new Error(`no button for ${name}`);
    const expectation =
      expected === 'title changes' ? { titleNot: (await page.locator(TITLE).first().innerText()).trim() } : expected;
    try {
      const profile = profiler === undefined ? undefined : await startProfile(profiler.cdp, profiler.distRoot);
      const timed = await timeChange(page, handle, expectation);
      samples.push({ name, ...timed, ...(profile === undefined ? {} : { parts: await profile.stop() }) });
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

const DIST_ROOT = fileURLToPath(new URL('../../dist', import.meta.url));

/**
 * Waits until the demo history is complete (`GET /api/health`'s `history`), so no timed round shares PGlite's thread
 * with the background fill; says how long it waited.
 */
async function waitForHistory(page: Page): Promise<string> {
  const started = Date.now();
  for (;;) {
    const health = (await (await page.request.get('/api/health')).json()) as {
      history?: { daysAvailable: number; daysTotal: number };
    };
    const history = health.history;
    if (history === undefined) return 'no demo history';
    if (history.daysAvailable >= history.daysTotal) {
      return `demo history complete (${history.daysAvailable} of ${history.daysTotal} days) after ${((Date.now() - started) / 1000).toFixed(0)} s of waiting`;
    }
    if (Date.now() - started > HISTORY_TIMEOUT_MS) {
      throw new Error(`demo history still at ${history.daysAvailable} of ${history.daysTotal} days`);
    }
    await page.waitForTimeout(1000);
  }
}

const ms = (value: number) => `${Math.round(value)}`;
/** 'median / p95 / max' of some ms. */
const spread = (values: number[]) =>
  `${ms(percentile(values, 50))} / ${ms(percentile(values, 95))} / ${ms(Math.max(...values))}`;

function bySample(samples: Sample[]): Map<ChangeName, Sample[]> {
  const byName = new Map<ChangeName, Sample[]>();
  for (const sample of samples) byName.set(sample.name, [...(byName.get(sample.name) ?? []), sample]);
  return byName;
}

/** The timing table: unprofiled rounds. */
function timingTable(samples: Sample[]): string[] {
  return [
    '| change | samples | median (ms) | p95 (ms) | max (ms) | network wait, median / p95 / max (ms) | API calls |',
    '|---|---|---|---|---|---|---|',
    ...[...bySample(samples)].map(([name, list]) => {
      const values = list.map((sample) => sample.ms);
      const cached = list.filter((sample) => !sample.loading).length;
      const count = cached === 0 ? `${list.length}` : `${list.length} (${cached} from the cache, never busy)`;
      const calls = [...new Set(list.map((sample) => sample.requests))].join(', ');
      const network = spread(list.map((sample) => sample.networkMs));
      return `| ${name} | ${count} | ${ms(percentile(values, 50))} | ${ms(percentile(values, 95))} | ${ms(Math.max(...values))} | ${network} | ${calls} |`;
    }),
  ];
}

/** The breakdown table: profiled rounds, each part's median / p95 / max per change. */
function breakdownTable(samples: Sample[]): string[] {
  return [
    `| change (median / p95 / max, ms) | total (profiled) | network wait | ${PROFILE_PARTS.join(' | ')} |`,
    `|---|---|---|${PROFILE_PARTS.map(() => '---|').join('')}`,
    ...[...bySample(samples)].map(([name, list]) => {
      const parts = PROFILE_PARTS.map((part) => spread(list.map((sample) => sample.parts?.get(part) ?? 0)));
      return `| ${name} | ${spread(list.map((sample) => sample.ms))} | ${spread(list.map((sample) => sample.networkMs))} | ${parts.join(' | ')} |`;
    }),
  ];
}

/**
 * N timed rounds clicking at once, N timed rounds hovering first, then N profiled rounds clicking at once (the CPU
 * profiler slows script, so those rounds give the breakdown, not the timing).
 */
export async function benchFilterChange(runs = 7): Promise<string[]> {
  const loadAtStart = loadavg();
  return withSignedInPortal({ width: 1920, height: 1080 }, async (page) => {
    const history = await waitForHistory(page);
    const loadAfterHistory = loadavg();
    await page.goto('/reports/overview?selectedSystemGroup=DTG');
    await waitForPanels(page);
    const panels = await page.locator('.panel-frame').count();

    await round(page); // warm-up: lazy chunks, first queries, JIT
    await round(page, { dwellMs: HOVER_DWELL_MS }); // and the prefetch's chunk
    const timed: Sample[] = [];
    for (let run = 0; run < runs; run += 1) timed.push(...(await round(page)));
    const hovered: Sample[] = [];
    for (let run = 0; run < runs; run += 1) hovered.push(...(await round(page, { dwellMs: HOVER_DWELL_MS })));
    const loadAfterTiming = loadavg();
    const cdp = await page.context().newCDPSession(page);
    await enableProfiling(cdp);
    const profiled: Sample[] = [];
    for (let run = 0; run < runs; run += 1) {
      profiled.push(...(await round(page, { profiler: { cdp, distRoot: DIST_ROOT } })));
    }
    const load = (values: number[]) => values.map((value) => value.toFixed(1)).join(', ');
    return [
      `Overview, demo fleet (14 days), ${panels} panels at 1920×1080, headless Chromium; ${history} (timed rounds start after it); load average ${load(loadAtStart)} at the start, ${load(loadAfterHistory)} once the history was complete, ${load(loadAfterTiming)} after the timed rounds, ${load(loadavg())} at the end`,
      '',
      `Clicking at once (element.click(), no pointer on the control before; ${runs} rounds):`,
      '',
      ...timingTable(timed),
      '',
      `Hovering first: the pointer on the control (Playwright hover), ${HOVER_DWELL_MS} ms, then the click, timed from the click (${runs} rounds); the filter bar prefetches on hover:`,
      '',
      ...timingTable(hovered),
      '',
      `Breakdown of the main thread's time (${runs} profiled rounds, CPU profile mapped through the source maps; style + layout from Chromium's counters):`,
      '',
      ...breakdownTable(profiled),
    ];
  });
}
