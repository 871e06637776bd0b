import { rmSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import {
  expect,
  request,
  test,
  type APIRequestContext,
  type BrowserContext,
  type Page,
  type TestInfo,
} from '@playwright/test';
import { E2E_INGEST_TOKEN } from '../../playwright.config.ts';
import { DEMO_TENANTS } from '../../src/server/fixtures/demo-tenants.ts';
import { DEMO_PLAN_SEED, planFleet } from '../../src/server/simulator/fleet-plan.ts';
import { startPortalProcess, type PortalProcess } from '../../src/server/testing/portal-process.ts';
import { startTcpProxy, type TcpProxy } from '../../src/server/testing/tcp-proxy.ts';
import type { TvXmrImpressions } from '../../src/shared/contract/tv-dashboard.contract.ts';
import { compareSerials } from '../../src/shared/systems/serial-sort.ts';
import { expectNoAxeViolations } from './pages/axe.ts';
import { addDays, FilterBarPage } from './pages/filter-bar.page.ts';
import { ACCOUNTS, signInAs } from './pages/login.page.ts';
import { freePort } from '../../src/server/testing/free-port.ts';

/**
 * Outages (issue #32): the Live Dashboard in kiosk mode on a TV whose link to the portal fails. Chromium reaches the
 * portal only through a loopback TCP proxy (src/server/testing/tcp-proxy.ts) that the test switches: a silent drop
 * (`pause`: nothing flows, sockets stay open), a hard drop (`refuse`: connections reset and refused), and the portal
 * process itself stopped and restarted on the same data folder and port. The page must say how old its data is
 * ('Data as of HH:mm — reconnecting', role=status), never fall to the error screen, and recover by itself: a job ingested
 * meanwhile (directly at the portal, not through the proxy) reaches the screen soon after the link or the portal is back.
 *
 * The file runs its own portal (own data folder and port, PORTAL_PUBLIC_URL = the proxy's URL so the sign-in's redirects
 * go through the proxy too) and one browser page for all cases, signed in once through the IdP's form. Every recovery
 * time is printed as `outage: …` lines, stamped in the page's clock by a DOM recorder, so a bench mode can reuse them.
 */

const ROOT = fileURLToPath(new URL('../../', import.meta.url));
const MAIN = path.join(ROOT, 'src/server/main.ts');
const DATA_DIR = process.env['E2E_OUTAGE_DATA_DIR'] ?? 'var/e2e-outage';
/** How long the hard drop and the portal's stop last (the issue's 75 s: longer than the stream's back-off reaches). */
const OUTAGE_MS = 75_000;

const plan = planFleet({ seed: DEMO_PLAN_SEED });
/** A Sunrise (Apollo) printer in Shanghai, whose shifts cover every hour Monday to Friday (as in tv-dashboard.spec.ts). */
const SERIAL =
  plan.systems
    .filter((system) => system.tenantId === DEMO_TENANTS.apollo.id && system.siteId === 'shanghai')
    .map((system) => system.serialNumber)
    .sort(compareSerials)[0] ?? '';
const KIOSK_URL = `/reports/tv-dashboard?selectedSystemGroup=Apollo&systems=${SERIAL}&kiosk`;

const STALE_TEXT = /Data as of \d\d:\d\d — reconnecting/;
const ERROR_HEADING = 'Oops! Something went wrong';

/** One change the page showed, stamped with the page's Date.now() (the same clock as the test's on this machine). */
interface PageChange {
  t: number;
  key: 'document' | 'stale' | 'impressions' | 'live' | 'errorScreen';
  value: string | number | boolean | null;
}

/**
 * Runs in every document of the page (also after a reload): reports each change of the stale line, the shift's
 * impressions, the live status line and the error screen, with the time it happened, through the `reportPageChange`
 * binding. The test's assertions use Playwright's own waiting; these stamps only time what the assertions saw.
 */
function pageRecorder(): void {
  const stalePattern = /Data as of \d\d:\d\d — reconnecting/;
  const report = (key: string, value: unknown) => {
    const binding = (window as unknown as { reportPageChange?: (change: unknown) => void }).reportPageChange;
    binding?.({ t: Date.now(), key, value });
  };
  let last: Record<string, unknown> = {};
  const check = () => {
    const stale =
      [...document.querySelectorAll('[role="status"]')]
        .map((element) => element.textContent ?? '')
        .find((text) => stalePattern.test(text)) ?? null;
    const state: Record<string, unknown> = {
      stale,
      impressions: document.querySelector('[data-testid="shift-impressions"]')?.textContent ?? null,
      live: document.querySelector('.tv-dashboard__live')?.textContent ?? null,
      errorScreen: [...document.querySelectorAll('h1')].some((heading) =>
        (heading.textContent ?? '').includes('Oops! Something went wrong'),
      ),
    };
    for (const [key, value] of Object.entries(state)) if (value !== last[key]) report(key, value);
    last = state;
  };
  report('document', performance.timeOrigin);
  new MutationObserver(check).observe(document, { subtree: true, childList: true, characterData: true });
}

const seconds = (ms: number) => `${(ms / 1000).toFixed(1)} s`;

let proxy: TcpProxy;
let portal: PortalProcess;
let portalPort: number;
let portalEnv: Record<string, string>;
let direct: APIRequestContext;
let context: BrowserContext;
let page: Page;
/** Everything the page reported (pageRecorder), in order. */
const changes: PageChange[] = [];
/** The dashboard's latest answer, for the shift a job must end in. */
let shown: TvXmrImpressions | null = null;
const pageErrors: string[] = [];

const staleLine = () => page.getByRole('status').filter({ hasText: STALE_TEXT });
const liveStatus = () => page.locator('.tv-dashboard__live');
const impressions = () => page.getByTestId('shift-impressions');
const errorHeading = () => page.getByRole('heading', { name: ERROR_HEADING });
const numberShown = async () => Number((await impressions().innerText()).replace(/,/g, ''));

/** The first change of `key` at or after `since` whose value passes `test`, waiting briefly for the binding's message. */
async function changeAfter(
  key: PageChange['key'],
  since: number,
  matches: (value: PageChange['value']) => boolean,
): Promise<PageChange> {
  const find = () => changes.find((change) => change.key === key && change.t >= since && matches(change.value));
  await expect.poll(() => find() !== undefined, { timeout: 2_000, message: `no '${key}' change recorded` }).toBe(true);
  return find() as PageChange;
}

function errorScreenSince(since: number): PageChange[] {
  return changes.filter((change) => change.key === 'errorScreen' && change.value === true && change.t >= since);
}

function reloadsSince(since: number): number {
  return changes.filter((change) => change.key === 'document' && change.t >= since).length;
}

async function startPortal(): Promise<PortalProcess> {
  return startPortalProcess({ entry: MAIN, cwd: ROOT, env: portalEnv, readyTimeoutMs: 240_000 });
}

async function expectDashboardDrawn(): Promise<void> {
  await expect(liveStatus()).toHaveText(`${SERIAL} · Live`);
  await expect(page.locator('.panel-frame[aria-busy="true"]')).toHaveCount(0);
  await expect(impressions()).toHaveText(/^\d[\d,]*$/);
}

/**
 * Ingests one job of the shown printer directly at the portal (not through the proxy), ending inside the shift the
 * dashboard shows (the running one, or between shifts and at weekends the last that ended), and returns the figure the
 * screen must then show.
 */
async function postJob(name: string, jobImpressions: number, before: number): Promise<string> {
  expect(shown?.currentShiftEndDate, 'the dashboard shows a shift').toBeTruthy();
  const endedAt = Math.min(Date.now() - 30_000, Date.parse(shown?.currentShiftEndDate ?? '') - 60_000);
  const response = await direct.post('/api/ingest/telemetry', {
    headers: { authorization: `Bearer ${E2E_INGEST_TOKEN}` },
    data: {
      records: [
        {
          kind: 'job',
          id: `e2e-outage-${name}-${Date.now()}`,
          serial: SERIAL,
          startedAt: new Date(endedAt - 120_000).toISOString(),
          endedAt: new Date(endedAt).toISOString(),
          impressions: jobImpressions,
        },
      ],
    },
  });
  expect(response.status()).toBe(200);
  expect(await response.json()).toMatchObject({ accepted: 1 });
  return (before + jobImpressions).toLocaleString('en-US');
}

/**
 * The longest the live stream may take to come back after the API answers again: its back-off grows to 30 s (+25 %
 * jitter) in a long outage; the stale line and the figures do not wait for it (the health probe refetches).
 */
const STREAM_BACK_MS = 45_000;

/** The API calls of a report tab (case c), sent / answered / failed, with their time: printed when the case fails. */
const apiTraffic: string[] = [];

function recordApiTraffic(tab: Page): void {
  const note = (what: string, url: string) => {
    const { pathname, search } = new URL(url);
    if (pathname.startsWith('/api/')) apiTraffic.push(`${new Date().toISOString()} ${what} ${pathname}${search}`);
  };
  tab.on('request', (sent) => note('sent', sent.url()));
  tab.on('requestfinished', (answered) => note('answered', answered.url()));
  tab.on('requestfailed', (failed) => note(`failed (${failed.failure()?.errorText ?? '?'})`, failed.url()));
}

/** Waits until the page is back to live and fresh: no stale line, and the live line says Live. */
async function expectFresh(timeout: number): Promise<void> {
  await expect(staleLine()).toHaveCount(0, { timeout });
  await expect(liveStatus()).toHaveText(`${SERIAL} · Live`, { timeout: STREAM_BACK_MS });
}

/** Waits for the live line to say Live again after `since` (the stream reopened) and prints how long it took. */
async function printStreamBack(label: string, since: number, sinceWhat: string): Promise<void> {
  await expect(liveStatus()).toHaveText(`${SERIAL} · Live`, { timeout: STREAM_BACK_MS });
  const live = await changeAfter('live', since, (value) => value === `${SERIAL} · Live`);
  console.log(`outage: ${label}: live stream back ${seconds(live.t - since)} after ${sinceWhat}`);
}

test.describe('outages between a kiosk Live Dashboard and the portal', () => {
  test.beforeAll(async ({ browser }, testInfo) => {
    testInfo.setTimeout(300_000);
    expect(SERIAL).not.toBe('');
    rmSync(DATA_DIR, { recursive: true, force: true });
    portalPort = await freePort();
    proxy = await startTcpProxy({ target: { host: '127.0.0.1', port: portalPort } });
    const publicUrl = `https://localhost:${proxy.port}`;
    // The env of playwright.config.ts's webServer, on this file's own port and data folder, published at the proxy; no
    // live telemetry ('0', not the shared portal's 'once'): the test ingests the job the kiosk must show itself.
    portalEnv = {
      PORTAL_PORT: String(portalPort),
      PORTAL_DATA_DIR: DATA_DIR,
      PORTAL_PUBLIC_URL: publicUrl,
      PORTAL_ENVIRONMENT: 'automation',
      PORTAL_DEMO_HISTORY_DAYS: '14',
      PORTAL_SIMULATOR_LIVE: '0',
      PORTAL_INGEST_TOKENS: `sunrise-apparel=${E2E_INGEST_TOKEN}`,
    };
    const started = Date.now();
    portal = await startPortal();
    console.log(
      `outage: portal ready after ${seconds(Date.now() - started)} (port ${portalPort}, proxy ${proxy.port})`,
    );
    direct = await request.newContext({ baseURL: `https://localhost:${portalPort}`, ignoreHTTPSErrors: true });

    context = await browser.newContext({
      baseURL: publicUrl,
      ignoreHTTPSErrors: true,
      serviceWorkers: 'block',
      timezoneId: 'UTC',
      locale: 'en-US',
      viewport: { width: 1920, height: 1080 },
    });
    await context.exposeBinding('reportPageChange', (source, change: PageChange) => {
      // Only the dashboard's page: axe opens a blank page of its own in the context to finish its run.
      if (source.page === page) changes.push(change);
    });
    await context.addInitScript(pageRecorder);
    page = await context.newPage();
    page.on('pageerror', (error) => pageErrors.push(`${new Date().toISOString()} ${error.message}`));
    page.on('response', (response) => {
      if (new URL(response.url()).pathname !== '/api/tv-dashboard/xmrImpressions' || !response.ok()) return;
      void response
        .json()
        .then((answer: TvXmrImpressions) => (shown = answer))
        .catch(() => undefined);
    });

    // As a person sets up a TV: sign in through the IdP's form, then open the bookmarked kiosk URL.
    await signInAs(page, ACCOUNTS.apolloAdmin);
    await page.goto(KIOSK_URL);
    await expectDashboardDrawn();
    await expect.poll(() => shown !== null).toBe(true);
  });

  // eslint-disable-next-line no-empty-pattern -- Playwright reads the fixtures a hook uses from its first parameter.
  test.afterEach(async ({}, testInfo: TestInfo) => {
    if (testInfo.status === testInfo.expectedStatus) return;
    const screenshot = testInfo.outputPath('outage-failure.png');
    await page.screenshot({ path: screenshot }).catch(() => undefined);
    await testInfo.attach('screenshot', { path: screenshot, contentType: 'image/png' }).catch(() => undefined);
    const base = changes[0]?.t ?? 0;
    const log = changes.map((change) => `${seconds(change.t - base)} ${change.key}=${JSON.stringify(change.value)}`);
    await testInfo.attach('page-changes.txt', { body: log.join('\n'), contentType: 'text/plain' });
    await testInfo.attach('page-errors.txt', { body: pageErrors.join('\n'), contentType: 'text/plain' });
    await testInfo.attach('portal-output.txt', { body: portal.output().slice(-20_000), contentType: 'text/plain' });
    console.log(`outage: page changes of the failed case:\n${log.slice(-60).join('\n')}`);
    if (apiTraffic.length > 0) {
      await testInfo.attach('report-tab-api.txt', { body: apiTraffic.join('\n'), contentType: 'text/plain' });
      console.log(`outage: the report tab's API calls:\n${apiTraffic.slice(-60).join('\n')}`);
    }
  });

  test.afterAll(async () => {
    await context?.close();
    await direct?.dispose();
    await proxy?.close();
    await portal?.stop();
  });

  test('a. a silent drop shows the stale line within 35 s; the link back clears it within 5 s', async () => {
    test.setTimeout(120_000);
    await expectFresh(5_000);
    // The link goes silent right after bytes reached the browser (on an idle kiosk page: the stream's 15 s heartbeat),
    // the worst moment for a watchdog that counts silence: the whole of its budget passes before it can notice.
    await Promise.race([
      proxy.nextData('toClient'),
      new Promise((_, reject) => setTimeout(() => reject(new Error('no bytes reached the browser in 20 s')), 20_000)),
    ]);
    await proxy.setMode('pause');
    const pausedAt = Date.now();
    try {
      await expect(staleLine()).toBeVisible({ timeout: 35_000 });
    } catch (error) {
      // Over the bound: still say when (or whether) the line came, for the report.
      await expect(staleLine())
        .toBeVisible({ timeout: 15_000 })
        .catch(() => undefined);
      const late = changes.find((change) => change.key === 'stale' && change.t >= pausedAt && change.value !== null);
      console.log(
        `outage: silent drop: stale line ${late === undefined ? 'not shown within 50 s' : `after ${seconds(late.t - pausedAt)}, over the 35 s bound`}`,
      );
      // A failed case must not leave the link down (the worker's next portal and proxy are fresh anyway).
      await proxy.setMode('pass');
      throw error;
    }
    const shownAt = await changeAfter('stale', pausedAt, (value) => value !== null);
    console.log(`outage: silent drop: stale line after ${seconds(shownAt.t - pausedAt)} ("${String(shownAt.value)}")`);

    await proxy.setMode('pass');
    const backAt = Date.now();
    await expect(staleLine()).toHaveCount(0, { timeout: 5_000 });
    const clearedAt = await changeAfter('stale', backAt, (value) => value === null);
    console.log(`outage: silent drop: recovery after link return ${seconds(clearedAt.t - backAt)}`);
    await printStreamBack('silent drop', backAt, 'link return');
    expect(errorScreenSince(pausedAt), 'the error screen appeared').toEqual([]);
  });

  test('d. the stale state passes axe', async () => {
    test.setTimeout(120_000);
    await expectFresh(15_000);
    // A hard drop reaches the stale state sooner than a silent one; the state audited is the same.
    await proxy.setMode('refuse');
    try {
      await expect(staleLine()).toBeVisible({ timeout: 35_000 });
      const screenshot = test.info().outputPath('stale-kiosk-1920x1080.png');
      await page.screenshot({ path: screenshot });
      await test.info().attach('stale state', { path: screenshot, contentType: 'image/png' });
      await expectNoAxeViolations(page, 'the Live Dashboard in kiosk mode, stale');
      // The line pushes the dashboard down and the chart shrinks: the whole dashboard, its time axis too, stays on the TV.
      const chart = await page.locator('.panel-frame').filter({ hasText: 'Impressions (XMR)' }).boundingBox();
      expect(chart, 'the XMR chart is drawn').not.toBeNull();
      expect(
        Math.round((chart?.y ?? 0) + (chart?.height ?? 0)),
        'the XMR chart ends inside 1080 px',
      ).toBeLessThanOrEqual(1080);
      expect(await page.evaluate(() => document.documentElement.scrollHeight), 'the kiosk page does not scroll').toBe(
        1080,
      );
    } finally {
      await proxy.setMode('pass');
    }
    await expectFresh(15_000);
  });

  test('b. a 75 s hard drop: reconnecting, never the error screen; a job ingested meanwhile is on screen ≤ 10 s after the link returns', async () => {
    test.setTimeout(180_000);
    await expectFresh(15_000);
    const before = await numberShown();
    const droppedAt = Date.now();
    await proxy.setMode('refuse');
    let expected = '';
    try {
      await expect(liveStatus()).toHaveText(/Reconnecting/, { timeout: 10_000 });
      await expect(staleLine()).toBeVisible({ timeout: 35_000 });
      const shownAt = await changeAfter('stale', droppedAt, (value) => value !== null);
      console.log(`outage: hard drop: stale line after ${seconds(shownAt.t - droppedAt)} ("${String(shownAt.value)}")`);
      expected = await postJob('hard-drop', 302, before);
      // The rest of the outage, watching that the page never falls to the error screen.
      while (Date.now() - droppedAt < OUTAGE_MS) {
        await expect(errorHeading()).toHaveCount(0, { timeout: 100 });
        await expect(staleLine()).toBeVisible({ timeout: 100 });
        await page.waitForTimeout(Math.min(1_000, OUTAGE_MS - (Date.now() - droppedAt)));
      }
      await expect(impressions(), 'the job cannot be on screen while the link is down').toHaveText(
        before.toLocaleString('en-US'),
      );
    } finally {
      await proxy.setMode('pass');
    }
    const backAt = Date.now();
    await expect(impressions()).toHaveText(expected, { timeout: 10_000 });
    const onScreen = await changeAfter('impressions', backAt, (value) => value === expected);
    console.log(`outage: hard drop: recovery after link return ${seconds(onScreen.t - backAt)} (the job on screen)`);
    await expect(staleLine()).toHaveCount(0, { timeout: 5_000 });
    const clearedAt = await changeAfter('stale', backAt, (value) => value === null);
    console.log(`outage: hard drop: stale line gone ${seconds(clearedAt.t - backAt)} after link return`);
    await printStreamBack('hard drop', backAt, 'link return');
    expect(errorScreenSince(droppedAt), 'the error screen appeared').toEqual([]);
    await expect(errorHeading()).toHaveCount(0);
  });

  test('c. the portal stopped for 75 s and restarted: the page recovers by itself; a job posted after the restart is on screen ≤ 20 s after the portal is healthy', async () => {
    test.setTimeout(360_000);
    await expectFresh(15_000);
    const before = await numberShown();
    const documentBefore = await page.evaluate(() => performance.timeOrigin);
    // Beside the TV, a report in a normal tab, left open over the restart (the issue's 'same rule on every report').
    const report = await context.newPage();
    recordApiTraffic(report);
    await report.goto('/reports/overview');
    const reportBar = new FilterBarPage(report);
    const dayBefore = await reportBar.selectedDay();
    // Drawn: its code is in hand and every panel has its answer (before its panels exist, none is busy either).
    await expect(report.locator('.panel-frame').first()).toBeVisible();
    await expect(report.locator('.panel-frame[aria-busy="true"]')).toHaveCount(0);
    const reportDocument = await report.evaluate(() => performance.timeOrigin);
    const reportStale = () => report.getByRole('status').filter({ hasText: STALE_TEXT });

    const stoppedAt = Date.now();
    await portal.stop();
    console.log(`outage: portal stopped (SIGTERM) in ${seconds(Date.now() - stoppedAt)}`);
    // The manager steps back two days while the portal is away: the page says its data is old instead of failing. Two:
    // the day before may already be in the cache (the report prefetches its neighbours when idle, issue #30) and is then
    // drawn at once, asking nothing; the day before that is never prefetched before the day before is shown.
    await reportBar.button('Previous').click();
    await reportBar.button('Previous').click();
    await expect(reportStale()).toBeVisible({ timeout: 30_000 });
    await expect(report.locator('.report-page__grid--stale')).toHaveCount(1);
    // The stale line is the issue's behaviour while the API fails; soft, so the recovery below is still measured.
    await expect.soft(staleLine()).toBeVisible({ timeout: 35_000 });
    const shownAt = changes.find((change) => change.key === 'stale' && change.t >= stoppedAt && change.value !== null);
    if (shownAt !== undefined)
      console.log(
        `outage: portal stopped: stale line after ${seconds(shownAt.t - stoppedAt)} ("${String(shownAt.value)}")`,
      );
    await page.waitForTimeout(Math.max(0, OUTAGE_MS - (Date.now() - stoppedAt)));

    const restartAt = Date.now();
    portal = await startPortal();
    const healthyAt = Date.now();
    console.log(`outage: portal restart took ${seconds(healthyAt - restartAt)} (same data folder and port)`);
    const health = await direct.get('/api/health');
    expect(health.status()).toBe(200);
    const expected = await postJob('restart', 303, before);

    await expect(impressions()).toHaveText(expected, { timeout: Math.max(1, 20_000 - (Date.now() - healthyAt)) });
    const onScreen = await changeAfter('impressions', healthyAt, (value) => value === expected);
    console.log(
      `outage: portal restart: recovery after healthy ${seconds(onScreen.t - healthyAt)} (the job on screen)`,
    );
    await expect(staleLine()).toHaveCount(0, { timeout: 5_000 });
    const clearedAt = changes.find(
      (change) => change.key === 'stale' && change.t >= healthyAt && change.value === null,
    );
    if (clearedAt !== undefined)
      console.log(`outage: portal restart: stale line gone ${seconds(clearedAt.t - healthyAt)} after healthy`);
    await printStreamBack('portal restart', healthyAt, 'healthy');

    // The normal tab recovered too, without a reload: fresh, on the day chosen during the outage, no panel in error.
    await expect(reportStale()).toHaveCount(0, { timeout: 20_000 });
    expect(await reportBar.selectedDay()).toBe(addDays(dayBefore, -2));
    await expect(report.locator('.panel-frame[aria-busy="true"]')).toHaveCount(0, { timeout: 20_000 });
    await expect(report.locator('.panel-frame__message--error')).toHaveCount(0);
    await expect(report.getByRole('heading', { name: ERROR_HEADING })).toHaveCount(0);
    expect(await report.evaluate(() => performance.timeOrigin), 'the report tab reloaded').toBe(reportDocument);
    await report.close();

    // Observations, not requirements of the case: did the page reload itself, did it pass through the error screen?
    const reloaded = (await page.evaluate(() => performance.timeOrigin)) !== documentBefore;
    const errorScreens = errorScreenSince(stoppedAt);
    console.log(
      `outage: portal restart: page reloaded itself: ${reloaded ? `yes (${reloadsSince(stoppedAt)} times)` : 'no'}; ` +
        `error screen shown: ${errorScreens.length === 0 ? 'no' : `yes, at ${errorScreens.map((change) => seconds(change.t - stoppedAt)).join(', ')} after the stop`}`,
    );
    test.info().annotations.push({ type: 'page reloaded itself', description: String(reloaded) });
    test.info().annotations.push({ type: 'error screen shown', description: String(errorScreens.length > 0) });
  });
});
