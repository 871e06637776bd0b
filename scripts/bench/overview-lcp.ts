/**
 * `npm run bench -- lcp [--runs N]`: Largest Contentful Paint of /reports/overview for the signed-in demo admin, in
 * headless Debian Chromium at 1920×1080 on the real portal (scripts/bench/portal-session.ts), N navigations with an
 * empty browser cache (first visit of the day: every script is downloaded) and N with a warm one (assets cached,
 * API calls made again). Also the JavaScript the page loaded: files, bytes transferred (brotli from the portal) and
 * their gzip size, the measure docs/benchmarks.md has used for bundles.
 */
import type { Page } from '@playwright/test';
import { readFileSync } from 'node:fs';
import { loadavg } from 'node:os';
import path from 'node:path';
import { gzipSync } from 'node:zlib';
import { waitForPanels } from './filter-change.ts';
import { percentile } from './latency-stats.ts';
import { builtRoot, withSignedInPortal } from './portal-session.ts';

const OVERVIEW = '/reports/overview?selectedSystemGroup=DTG';

interface PageLoad {
  lcpMs: number;
  lcpElement: string;
  scripts: { path: string; transferred: number }[];
}

/** Navigates to the overview, waits for every panel with data, and reads the final LCP entry and the scripts loaded. */
async function loadOverview(page: Page): Promise<PageLoad> {
  await page.goto(OVERVIEW);
  await waitForPanels(page);
  // LCP candidates keep coming while content paints; the last one before any input is the page's LCP.
  await page.waitForTimeout(500);
  return page.evaluate(
    () =>
      new Promise<PageLoad>((resolve) => {
        new PerformanceObserver((list) => {
          const last = list.getEntries().at(-1) as (PerformanceEntry & { element?: Element | null }) | undefined;
          const element = last?.element;
          const scripts = performance
            .getEntriesByType('resource')
            .filter((entry) => new URL(entry.name).pathname.endsWith('.js'))
            .map((entry) => ({
              path: new URL(entry.name).pathname,
              transferred: (entry as PerformanceResourceTiming).encodedBodySize,
            }));
          resolve({
            lcpMs: last?.startTime ?? Number.NaN,
            lcpElement:
              element === null || element === undefined
                ? 'unknown'
                : `${element.tagName.toLowerCase()}${element.className ? `.${String(element.className).split(' ')[0]}` : ''}`,
            scripts,
          });
        }).observe({ type: 'largest-contentful-paint', buffered: true });
      }),
  );
}

const ms = (value: number) => `${Math.round(value)}`;
const kb = (bytes: number) => (bytes / 1024).toFixed(1);

function row(label: string, loads: readonly PageLoad[]): string {
  const values = loads.map((load) => load.lcpMs);
  const elements = [...new Set(loads.map((load) => load.lcpElement))].join(', ');
  return `| ${label} | ${loads.length} | ${ms(percentile(values, 50))} | ${ms(percentile(values, 95))} | ${ms(Math.max(...values))} | \`${elements}\` |`;
}

export async function benchOverviewLcp(runs = 7): Promise<string[]> {
  const root = builtRoot();
  const loadAtStart = loadavg()[0] ?? 0;
  const { cold, warm } = await withSignedInPortal({ width: 1920, height: 1080 }, async (page) => {
    const cdp = await page.context().newCDPSession(page);
    await loadOverview(page); // warm-up: the portal's first queries and JIT
    const coldLoads: PageLoad[] = [];
    const warmLoads: PageLoad[] = [];
    for (let run = 0; run < runs; run += 1) {
      await cdp.send('Network.clearBrowserCache');
      coldLoads.push(await loadOverview(page));
      warmLoads.push(await loadOverview(page));
    }
    return { cold: coldLoads, warm: warmLoads };
  });
  // The built chunks (config.js, the runtime configuration, is generated per request and tiny).
  const scripts = (cold[0]?.scripts ?? []).filter((script) => script.path.startsWith('/assets/'));
  const gzipBytes = scripts.reduce(
    (sum, script) => sum + gzipSync(readFileSync(path.join(root, 'dist', script.path))).length,
    0,
  );
  const transferred = scripts.reduce((sum, script) => sum + script.transferred, 0);
  return [
    `Overview (DTG, latest day), demo admin at 1920×1080, headless Chromium; 1-minute load average ${loadAtStart.toFixed(1)} at the start, ` +
      `${(loadavg()[0] ?? 0).toFixed(1)} at the end`,
    '',
    '| navigation | runs | LCP median (ms) | p95 (ms) | max (ms) | LCP element |',
    '|---|---|---|---|---|---|',
    row('empty browser cache', cold),
    row('warm browser cache', warm),
    '',
    `JavaScript of the page: ${scripts.length} files, ${kb(transferred)} KB transferred (brotli), ${kb(gzipBytes)} KB gzip.`,
  ];
}
