/**
 * `npm run bench -- filter-change [--runs N]`: time from a filter change on the Overview to every panel re-rendered with
 * the new data, on the real portal (scripts/start.ts, fresh data folder, 14 demo days) in headless Debian Chromium at
 * 1920×1080, signed in as the demo admin. It first waits until the demo history is complete (`GET /api/health`'s
 * `history`: the start fills 7 days before ready and the rest in the background, on PGlite's one thread), so no timed
 * round overlaps that fill. Each of N rounds (default 7) times: Day → Week and Week → Day, the previous day arrow,
 * DTG → DTF and DTF → DTG. A change is timed in the page, from the click to the first frame in which the new filter is
 * committed (the period title changed, or the first card is the new group's), no panel is loading
 * (`.panel-frame[aria-busy=true]`, src/runtime/PanelFrame.tsx) and every chart holds an SVG path that differs
 * from the one it held at the click (so a chart drew the new option, not the old one; first paint of the new option).
 * Each change starts from a freshly loaded page, GLANCE_MS after its panels are drawn: only what the page prefetched
 * itself (the previous period once idle, prefetch-when-idle.ts) or what the pointer hinted can be in the query cache. Each change
 * also records its network wait (Resource Timing: click to the end of the last API answer it asked for).
 *
 * The pointer models (issue #30; POINTER_MODELS): _hovering first_ (the pointer rests HOVER_DWELL_MS on the control, then
 * clicks, as a user aiming at it does) is the user-facing figure; _pressing at once_ (the pointer arrives and presses,
 * released after PRESS_MS) gives the prefetch only the press' lead; _clicking at once_ (element.click(), nothing hinted)
 * is the worst case. One warm-up round per model is not counted. N/3 further rounds, clicking at once and hovering first,
 * run with the CDP CPU profiler on and give the main thread's time by part (answer check, React, ECharts, …;
 * filter-change-profile.ts), printed as the last tables.
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

/** How long the pointer holds a control down in the press rounds (a human press: 80–120 ms). */
export const PRESS_MS = 100;

/**
 * How long a change waits after its page has drawn: a user glances at a page before acting on it (the page prefetches
 * the previous period once it has settled and the browser is idle, prefetch-when-idle.ts; a click in the same instant
 * would find that prefetch still on the server).
 */
export const GLANCE_MS = 500;

/** How long to wait for the demo history's background fill (14 days on PGlite). */
const HISTORY_TIMEOUT_MS = 10 * 60_000;

/** What shows once the change is committed: a period title other than the one before, or a panel of the new group. */
interface Expectation {
  titleNot?: string;
  panel?: string;
}

/** What `timeChange` resolves with. */
interface Timed {
  ms: number;
  loading: boolean;
  networkMs: number;
  requests: number;
}

/** The page's pending change timing (armChange), read back by `timeChange`. */
declare global {
  interface Window {
    filterChangeTimed?: Promise<Timed>;
  }
}

/**
 * Arms the timing of a change in the page: from the click on `button` (at once with element.click() when `clickNow`,
 * else the click the bench's pointer makes) to the first animation frame where `expected` shows, no
 * `.panel-frame[aria-busy=true]` is left and every chart (`[role=img]` named '… chart') holds an SVG path other than
 * the one it held at the click; `loading` tells whether a loading state was seen (a filter change is a new query key:
 * use-panel-query.ts).
 */
async function armChange(page: Page, button: ElementHandle, expected: Expectation, clickNow: boolean): Promise<void> {
  await page.evaluate(
    ([element, expectation, timeoutMs, now]) => {
      window.filterChangeTimed = new Promise<Timed>((resolve, reject) => {
        const busy = () => document.querySelector('.panel-frame[aria-busy="true"]') !== null;
        let sawBusy = false;
        const observer = new MutationObserver(() => {
          if (busy()) sawBusy = true;
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
        let drawnBefore = new Map<Element, string | undefined>();
        const chartsDrawn = () =>
          charts().every(
            (chart) =>
              chart.querySelector('svg path') !== null &&
              drawnBefore.get(chart) !== chart.querySelector('svg')?.innerHTML,
          );
        let started = 0;
        // The network wait: from the click to the end of the last API answer the change asked for (Resource Timing).
        const network = () => {
          const calls = performance
            .getEntriesByType('resource')
            .filter((entry) => entry.startTime >= started && new URL(entry.name).pathname.startsWith('/api/'));
          const ends = calls.map((entry) => (entry as PerformanceResourceTiming).responseEnd - started);
          return { networkMs: Math.max(0, ...ends), requests: calls.length };
        };
        const check = () => {
          const at = performance.now();
          if (busy()) sawBusy = true;
          if (!busy() && expectationMet() && chartsDrawn()) {
            observer.disconnect();
            resolve({ ms: at - started, loading: sawBusy, ...network() });
          } else if (at - started > timeoutMs) {
            observer.disconnect();
            reject(new Error(`not done after ${timeoutMs} ms (loading seen: ${sawBusy}, at ${location.search})`));
          } else {
            requestAnimationFrame(check);
          }
        };
        // The clock starts at the click, before the app's own click handler runs (capture on the window).
        const onClick = (event: Event) => {
          if (!(event.target instanceof Node) || !(element as Node).contains(event.target)) return;
          window.removeEventListener('click', onClick, true);
          started = performance.now();
          // What each chart on screen drew before the click: a chart kept on screen must have drawn anew.
          drawnBefore = new Map(charts().map((chart) => [chart, chart.querySelector('svg')?.innerHTML]));
          observer.observe(document.body, {
            subtree: true,
            childList: true,
            attributes: true,
            attributeFilter: ['aria-busy'],
          });
          requestAnimationFrame(check);
        };
        window.addEventListener('click', onClick, true);
        if (now) (element as HTMLElement).click();
      });
      // An unhandled rejection before timeChange reads it would be reported by the page.
      window.filterChangeTimed.catch(() => undefined);
    },
    [button, expected, CHANGE_TIMEOUT_MS, clickNow] as const,
  );
}

/** The armed change's timing (armChange), once it is drawn. */
function changeTimed(page: Page): Promise<Timed> {
  return page.evaluate(async () => {
    const timed = window.filterChangeTimed;
    if (timed === undefined) throw new Error('no change armed');
    return timed;
  });
}

/**
 * How a round's changes are made. `at once`: element.click() with no pointer on the control before (a script; the
 * worst case: nothing was hinted). `hover`: the pointer on the control (Playwright hover) for HOVER_DWELL_MS, then the
 * click, as a user aims and clicks (the user-facing figure). `press`: the pointer arrives and presses at once, released
 * after PRESS_MS (a human press lasts 80–120 ms): the press is the only lead the prefetch gets.
 */
export type PointerModel = 'at once' | 'hover' | 'press';

/** Makes the change `button` clicks the way `pointer` says and times it from the click (profiled from the dwell's end). */
async function timeChange(
  page: Page,
  button: Locator,
  expected: Expectation,
  pointer: PointerModel,
  profiler: Profiler | undefined,
): Promise<Timed & { parts?: Map<ProfilePart, number> }> {
  if (pointer === 'hover') {
    await button.hover();
    await page.waitForTimeout(HOVER_DWELL_MS);
  }
  const handle = await button.elementHandle();
  if (handle === null) throw new Error('no button');
  try {
    const profile = profiler === undefined ? undefined : await startProfile(profiler.cdp, profiler.distRoot);
    await armChange(page, handle, expected, pointer !== 'press');
    if (pointer === 'press') {
      await button.hover();
      await page.mouse.down();
      await page.waitForTimeout(PRESS_MS);
      await page.mouse.up();
    }
    const timed = await changeTimed(page);
    return profile === undefined ? timed : { ...timed, parts: await profile.stop() };
  } finally {
    await handle.dispose();
  }
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
/** The CPU profiler of a round's changes. */
interface Profiler {
  cdp: CDPSession;
  distRoot: string;
}
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
async function round(page: Page, pointer: PointerModel, profiler?: Profiler): Promise<Sample[]> {
  const toolbar = page.getByRole('toolbar', { name: 'Report filters' });
  const timeframes = toolbar.getByRole('group', { name: 'Timeframe' });
  const samples: Sample[] = [];
  const change = async (name: ChangeName, from: string, button: Locator, expected: Expectation | 'title changes') => {
    // The pointer away from the bar, so the new page sees no hover it did not get.
    await page.mouse.move(0, 0);
    await page.goto(`/reports/overview?${from}`);
    await waitForPanels(page);
    await page.waitForTimeout(GLANCE_MS);
    const expectation =
      expected === 'title changes' ? { titleNot: (await page.locator(TITLE).first().innerText()).trim() } : expected;
    try {
      samples.push({ name, ...(await timeChange(page, button, expectation, pointer, profiler)) });
    } catch (error) {
      throw new Error(`${name}: ${error instanceof Error ? error.message : String(error)}`, { cause: error });
    }
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

/**
 * The timing table: unprofiled rounds. 'After the last answer' is each change's time less its network wait: the page's
 * own part, which the server's answer times (PGlite's one connection) do not blur.
 */
function timingTable(samples: Sample[]): string[] {
  return [
    '| change | samples | median (ms) | p95 (ms) | max (ms) | network wait, median / p95 / max (ms) | after the last answer, median / p95 / max (ms) | API calls |',
    '|---|---|---|---|---|---|---|---|',
    ...[...bySample(samples)].map(([name, list]) => {
      const values = list.map((sample) => sample.ms);
      const cached = list.filter((sample) => !sample.loading).length;
      const count = cached === 0 ? `${list.length}` : `${list.length} (${cached} from the cache, never busy)`;
      const calls = [...new Set(list.map((sample) => sample.requests))].join(', ');
      const network = spread(list.map((sample) => sample.networkMs));
      const afterAnswers = spread(list.map((sample) => sample.ms - sample.networkMs));
      return `| ${name} | ${count} | ${ms(percentile(values, 50))} | ${ms(percentile(values, 95))} | ${ms(Math.max(...values))} | ${network} | ${afterAnswers} | ${calls} |`;
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

/** The timed rounds, in the order the output gives them: the user-facing figure first, the worst case last. */
const POINTER_MODELS: readonly { pointer: PointerModel; heading: (runs: number) => string }[] = [
  {
    pointer: 'hover',
    heading: (runs) =>
      `**Hovering first — the user-facing figure**: the pointer rests on the control (Playwright hover) ${HOVER_DWELL_MS} ms, then the click, timed from the click (${runs} rounds); the filter bar prefetches on hover:`,
  },
  {
    pointer: 'press',
    heading: (runs) =>
      `**Pressing at once**: the pointer arrives on the control and presses it at once (mouse down, ${PRESS_MS} ms, mouse up), timed from the click (${runs} rounds); the prefetch has only the press' lead:`,
  },
  {
    pointer: 'at once',
    heading: (runs) =>
      `**Clicking at once — the worst case**: element.click() with no pointer on the control before (nothing hinted; ${runs} rounds):`,
  },
];

/** The rounds profiled for the breakdown: the at-once clicks (network and drawing) and the hovered ones (drawing only). */
const PROFILED_MODELS: readonly PointerModel[] = ['at once', 'hover'];

/** The pointer models `--pointer` names (`at-once` for 'at once'), or all of them. */
function pointerModels(only: string | undefined): typeof POINTER_MODELS {
  if (only === undefined) return POINTER_MODELS;
  const models = POINTER_MODELS.filter(({ pointer }) => pointer === only.replace('-', ' '));
  if (models.length === 0) throw new Error(`--pointer must be hover, press or at-once, not ${only}`);
  return models;
}

/**
 * N timed rounds per pointer model (POINTER_MODELS), then N/3 profiled rounds per profiled model (the CPU profiler
 * slows script, so those rounds give the breakdown, not the timing).
 */
export async function benchFilterChange(runs = 7, onlyPointer?: string): Promise<string[]> {
  const models = pointerModels(onlyPointer);
  const profiledModels = PROFILED_MODELS.filter((pointer) => models.some((model) => model.pointer === pointer));
  const loadAtStart = loadavg();
  return withSignedInPortal({ width: 1920, height: 1080 }, async (page) => {
    const history = await waitForHistory(page);
    const loadAfterHistory = loadavg();
    await page.goto('/reports/overview?selectedSystemGroup=DTG');
    await waitForPanels(page);
    const panels = await page.locator('.panel-frame').count();

    // Warm-up: lazy chunks, first queries, JIT, and the prefetch's chunk.
    for (const { pointer } of models) await round(page, pointer);
    const timed = new Map<PointerModel, Sample[]>();
    for (const { pointer } of models) {
      const samples: Sample[] = [];
      for (let run = 0; run < runs; run += 1) samples.push(...(await round(page, pointer)));
      timed.set(pointer, samples);
    }
    const loadAfterTiming = loadavg();
    const cdp = await page.context().newCDPSession(page);
    await enableProfiling(cdp);
    const profiler = { cdp, distRoot: DIST_ROOT };
    const profiledRuns = Math.max(1, Math.ceil(runs / 3));
    const profiled = new Map<PointerModel, Sample[]>();
    for (const pointer of profiledModels) {
      const samples: Sample[] = [];
      for (let run = 0; run < profiledRuns; run += 1) samples.push(...(await round(page, pointer, profiler)));
      profiled.set(pointer, samples);
    }
    const load = (values: number[]) => values.map((value) => value.toFixed(1)).join(', ');
    return [
      `Overview, demo fleet (14 days), ${panels} panels at 1920×1080, headless Chromium; ${history} (timed rounds start after it); each change ${GLANCE_MS} ms after its page has drawn; load average ${load(loadAtStart)} at the start, ${load(loadAfterHistory)} once the history was complete, ${load(loadAfterTiming)} after the timed rounds, ${load(loadavg())} at the end`,
      ...models.flatMap(({ pointer, heading }) => ['', heading(runs), '', ...timingTable(timed.get(pointer) ?? [])]),
      ...profiledModels.flatMap((pointer) => [
        '',
        `Breakdown of the main thread's time, ${pointer === 'hover' ? 'hovering first' : 'clicking at once'} (${profiledRuns} profiled rounds, CPU profile mapped through the source maps; style + layout from Chromium's counters):`,
        '',
        ...breakdownTable(profiled.get(pointer) ?? []),
      ]),
    ];
  });
}
