/**
 * `npm run bench -- kiosk-heap [--minutes M] [--every S]` (issue #32 "Measured"): the page's heap over a long kiosk run of
 * the Live Dashboard, as a TV on the shop floor runs it — the real portal (scripts/start.ts, 14 demo days) with live
 * telemetry on (the simulator ingests the whole demo fleet every 5 s), headless Debian Chromium at 1920×1080 signed in
 * as the Sunrise (Apollo) admin, kiosk mode on one printer, nobody touching it for M minutes (default 120): token
 * renewals, stream reopenings, shift changes and every push happen as they would.
 *
 * Every S minutes (default 10) the page is garbage-collected through the DevTools protocol and its JS heap, DOM nodes
 * and event listeners are read (Performance.getMetrics), beside what the screen says (Live or not, stale line shown).
 * A sample line goes to stderr as it is taken, so a run cut short still tells its curve.
 */
import type { CDPSession, Page } from '@playwright/test';
import { withSignedInPortal } from './portal-session.ts';
import { printerOnShift, SUNRISE_ADMIN } from './tv-bench-fleet.ts';

interface KioskSample {
  minute: number;
  heapMb: number;
  nodes: number;
  listeners: number;
  live: boolean;
  stale: boolean;
  navigations: number;
}

async function sample(page: Page, cdp: CDPSession, startedAt: number, serial: string): Promise<KioskSample> {
  await cdp.send('HeapProfiler.collectGarbage');
  const { metrics } = await cdp.send('Performance.getMetrics');
  const metric = (name: string) => metrics.find((entry) => entry.name === name)?.value ?? Number.NaN;
  const screen = await page.evaluate(
    (system) => ({
      live: document.querySelector('.tv-dashboard__live')?.textContent?.includes(`${system} · Live`) ?? false,
      stale: document.querySelector('.stale-data-line') !== null,
      navigations: performance.getEntriesByType('navigation').length,
    }),
    serial,
  );
  return {
    minute: (Date.now() - startedAt) / 60_000,
    heapMb: metric('JSHeapUsedSize') / 1_048_576,
    nodes: metric('Nodes'),
    listeners: metric('JSEventListeners'),
    ...screen,
  };
}

function describe(entry: KioskSample): string {
  return (
    `| ${entry.minute.toFixed(0)} | ${entry.heapMb.toFixed(1)} | ${entry.nodes} | ${entry.listeners} | ` +
    `${entry.live ? 'Live' : 'not live'}${entry.stale ? ', stale line' : ''} |`
  );
}

export async function benchKioskHeap(minutes = 120, everyMinutes = 10): Promise<string[]> {
  if (!(minutes > 0) || !(everyMinutes > 0)) throw new Error('--minutes and --every must be positive');
  const { serial, site, shift } = printerOnShift(new Date(), 0);
  const samples: KioskSample[] = [];
  let reloads = 0;
  await withSignedInPortal(
    { width: 1920, height: 1080 },
    async (page) => {
      page.on('framenavigated', (frame) => {
        if (frame === page.mainFrame()) reloads += 1;
      });
      await page.goto(`/reports/tv-dashboard?selectedSystemGroup=Apollo&systems=${serial}&kiosk`);
      await page
        .locator('.tv-dashboard__live')
        .filter({ hasText: `${serial} · Live` })
        .waitFor();
      reloads = 0;
      const cdp = await page.context().newCDPSession(page);
      await cdp.send('Performance.enable');
      const startedAt = Date.now();
      for (let next = 0; next <= minutes; next += everyMinutes) {
        const wait = startedAt + next * 60_000 - Date.now();
        if (wait > 0) await page.waitForTimeout(wait);
        const taken = await sample(page, cdp, startedAt, serial);
        samples.push(taken);
        process.stderr.write(`kiosk-heap: ${describe(taken)}\n`);
      }
    },
    { email: SUNRISE_ADMIN, env: { PORTAL_SIMULATOR_LIVE: '1' } },
  );
  const first = samples[0];
  const last = samples.at(-1);
  if (first === undefined || last === undefined) throw new Error('no sample taken');
  const peak = Math.max(...samples.map((entry) => entry.heapMb));
  return [
    `Live Dashboard kiosk, ${serial} (${site}, ${shift} shift at the start), Sunrise admin, 1920×1080, headless Chromium, ` +
      `live telemetry every 5 s, ${minutes} minutes untouched; heap after a forced GC every ${everyMinutes} minutes`,
    '',
    '| minute | JS heap (MB) | DOM nodes | listeners | screen |',
    '|---|---|---|---|---|',
    ...samples.map(describe),
    '',
    `Heap ${first.heapMb.toFixed(1)} → ${last.heapMb.toFixed(1)} MB (peak ${peak.toFixed(1)}), DOM nodes ${first.nodes} → ` +
      `${last.nodes}, page navigations after the first: ${reloads}.`,
  ];
}
