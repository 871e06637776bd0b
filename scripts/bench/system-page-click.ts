/**
 * `npm run bench -- system-page-click [--runs N]`: time from clicking "System Page" on a Systems Analysis row to every
 * panel of the System page drawn with its data, on the real portal (scripts/start.ts, fresh data folder, 14 demo days;
 * scripts/bench/portal-session.ts) in headless Debian Chromium at 1920×1080, signed in as the demo admin. The printer
 * is the e2e's demo printer on the newest finished day on which it printed and had events (computed from the
 * simulator, as tests/e2e/system-page.spec.ts does), so each of its panels has data to show. Each run opens Systems
 * Analysis on that day afresh (nothing of the System page in the query cache), then times in the page, from the click
 * (element.click()) to the first animation frame in which the URL is the System page and each panel the layout places
 * at the desktop breakpoint for DTG has left its loading state (`.panel-frame[aria-busy=false]`,
 * src/runtime/PanelFrame.tsx: no query pending, no kind's code pending). Each run also counts the panels that ended
 * ready, empty or failed; every panel showing data is `panel-frame--ready`. One warm-up run is not counted.
 */
import type { ElementHandle, Page } from '@playwright/test';
import { readFileSync } from 'node:fs';
import { loadavg } from 'node:os';
import type { ReportLayout } from '../../src/shared/layout/layout-types.ts';
import { DEMO_SERIAL } from '../../tests/e2e/pages/route-visits.ts';
import { finishedSystemDayWithEvents } from '../../tests/e2e/pages/simulated-fleet.ts';
import { percentile } from './latency-stats.ts';
import { withSignedInPortal } from './portal-session.ts';

const CLICK_TIMEOUT_MS = 30_000;

/** What one click gave: its time and the panels' final states. */
export interface ClickSample {
  ms: number;
  ready: number;
  empty: number;
  failed: number;
}

/** The panels layouts/system-page.json places on desktop for DTG (those limited to other groups are left out). */
export function systemPagePanelCount(layout: Pick<ReportLayout, 'panels' | 'placement'>): number {
  return layout.placement.desktop.filter((item) => layout.panels[item.panel]?.groups?.includes('DTG') ?? true).length;
}

/**
 * Clicks `link` inside the page and resolves with the ms from the click to the first frame at `pathname` with
 * `panels` panel frames in the grid, none of them loading.
 */
async function timeClick(page: Page, link: ElementHandle, pathname: string, panels: number): Promise<ClickSample> {
  return page.evaluate(
    ([element, path, expected, timeoutMs]) =>
      new Promise<ClickSample>((resolve, reject) => {
        const started = performance.now();
        (element as HTMLElement).click();
        const check = () => {
          const now = performance.now();
          const frames = [...document.querySelectorAll('.report-page__grid[data-breakpoint] .panel-frame')];
          const drawn =
            location.pathname === path &&
            frames.length === expected &&
            frames.every((frame) => frame.getAttribute('aria-busy') === 'false');
          if (drawn) {
            const count = (state: string) =>
              frames.filter((frame) => frame.classList.contains(`panel-frame--${state}`));
            resolve({
              ms: now - started,
              ready: count('ready').length,
              empty: count('empty').length,
              failed: count('error').length,
            });
          } else if (now - started > timeoutMs) {
            reject(new Error(`not drawn after ${timeoutMs} ms (${frames.length} of ${expected} panels, at ${path})`));
          } else {
            requestAnimationFrame(check);
          }
        };
        requestAnimationFrame(check);
      }),
    [link, pathname, panels, CLICK_TIMEOUT_MS] as const,
  );
}

/** One run: Systems Analysis of `day` opened afresh, its list drawn, then the timed click on the printer's System Page. */
async function run(page: Page, day: string, panels: number): Promise<ClickSample> {
  await page.goto(`/reports/systems?selectedSystemGroup=DTG&timeframe=day&day=${day}`);
  const link = page.getByRole('link', { name: `System Page: ${DEMO_SERIAL}` });
  await link.waitFor({ timeout: CLICK_TIMEOUT_MS });
  const handle = await link.elementHandle();
  if (handle === null) throw new Error(`no System Page link for ${DEMO_SERIAL}`);
  try {
    return await timeClick(page, handle, `/reports/systems/system-page/${DEMO_SERIAL}`, panels);
  } finally {
    await handle.dispose();
  }
}

export async function benchSystemPageClick(runs = 7): Promise<string[]> {
  const layout = JSON.parse(
    readFileSync(new URL('../../layouts/system-page.json', import.meta.url), 'utf8'),
  ) as ReportLayout;
  const panels = systemPagePanelCount(layout);
  const day = finishedSystemDayWithEvents(DEMO_SERIAL);
  const loadAtStart = loadavg();
  return withSignedInPortal({ width: 1920, height: 1080 }, async (page) => {
    await run(page, day, panels); // warm-up: lazy chunks, first queries, JIT
    const samples: ClickSample[] = [];
    for (let index = 0; index < runs; index += 1) samples.push(await run(page, day, panels));
    const values = samples.map((sample) => sample.ms);
    const load = (averages: number[]) => averages.map((value) => value.toFixed(1)).join(', ');
    const ms = (value: number) => `${Math.round(value)}`;
    const states = (sample: ClickSample) =>
      `${sample.ready} ready${sample.empty > 0 ? `, ${sample.empty} empty` : ''}${sample.failed > 0 ? `, ${sample.failed} failed` : ''}`;
    const outcomes = [...new Set(samples.map(states))].join('; ');
    return [
      `Systems Analysis → System page of ${DEMO_SERIAL}, ${day} (day), demo fleet (14 days), ${panels} panels at 1920×1080, ` +
        `headless Chromium; load average ${load(loadAtStart)} at the start, ${load(loadavg())} at the end`,
      '',
      '| measurement | runs | median (ms) | p95 (ms) | max (ms) | panels at the end |',
      '|---|---|---|---|---|---|',
      `| click on "System Page" → every panel drawn | ${samples.length} | ${ms(percentile(values, 50))} | ` +
        `${ms(percentile(values, 95))} | ${ms(Math.max(...values))} | ${outcomes} |`,
    ];
  });
}
