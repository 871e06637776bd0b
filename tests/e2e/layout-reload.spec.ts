import { cpSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { expect, test, type Browser, type BrowserContext, type Locator, type Page } from '@playwright/test';
import { freePort } from '../../src/server/testing/free-port.ts';
import { startPortalProcess, type PortalProcess } from '../../src/server/testing/portal-process.ts';
import type { ReportLayout } from '../../src/shared/layout/layout-types.ts';
import { expectNoAxeViolations } from './pages/axe.ts';
import { ACCOUNTS, signInAs } from './pages/login.page.ts';

/**
 * Layouts served at run time (issue #25): product staff edit a layout while the portal runs and see the change on the
 * next reload, or a precise error. The file runs its own portal (own data folder and port) over a scratch copy of
 * layouts/ (PORTAL_LAYOUTS_DIR) and edits it: a moved card follows on reload; a broken edit keeps the last valid
 * layout on the page, prints the error in the portal's terminal and shows an admin the file and line; a portal started
 * with the broken file exits non-zero with the message and no stack.
 */

const ROOT = fileURLToPath(new URL('../../', import.meta.url));
const MAIN = path.join(ROOT, 'src/server/main.ts');
const DATA_DIR = 'var/e2e-layout-reload';
/** The scratch copy of layouts/, as the portal names it in its messages (relative to its working folder). */
const LAYOUTS_DIR = 'var/e2e-layout-reload-layouts';
const OVERVIEW_FILE = `${LAYOUTS_DIR}/overview.json`;
const OVERVIEW_URL = '/reports/overview?selectedSystemGroup=DTG';

let env: Record<string, string>;
let portal: PortalProcess | undefined;
let context: BrowserContext;
let page: Page;

const card = (target: Page, name: string) => target.getByRole('region', { name, exact: true });
const leftOf = async (locator: Locator) => (await locator.boundingBox())?.x ?? Number.NaN;

/** Whether the availability card is drawn left of the production-rate card on `target` (layouts/overview.json: right). */
async function availabilityFirst(target: Page): Promise<boolean> {
  const availability = card(target, 'Average Availability');
  const rate = card(target, 'Average prod. rate');
  await expect(availability).toBeVisible();
  await expect(rate).toBeVisible();
  return (await leftOf(availability)) < (await leftOf(rate));
}

/** The overview with its total-production and availability cards swapped on desktop, as product staff would move them. */
function withCardsSwapped(text: string): string {
  const layout = JSON.parse(text) as ReportLayout;
  const desktop = layout.placement.desktop;
  const total = desktop.find((item) => item.panel === 'totalProduction');
  const availability = desktop.find((item) => item.panel === 'availability');
  if (total === undefined || availability === undefined) throw new Error('overview.json places both cards on desktop');
  [total.x, availability.x] = [availability.x, total.x];
  return `${JSON.stringify(layout, null, 2)}\n`;
}

async function signedInPage(browser: Browser, email: string): Promise<{ context: BrowserContext; page: Page }> {
  const opened = await browser.newContext({
    baseURL: portal?.url ?? '',
    ignoreHTTPSErrors: true,
    serviceWorkers: 'block',
    timezoneId: 'UTC',
    locale: 'en-US',
    viewport: { width: 1920, height: 1080 },
  });
  const signedIn = await opened.newPage();
  await signInAs(signedIn, email);
  return { context: opened, page: signedIn };
}

test.describe.serial('report layouts edited while the portal runs', () => {
  test.beforeAll(async ({ browser }, testInfo) => {
    testInfo.setTimeout(300_000);
    rmSync(path.join(ROOT, DATA_DIR), { recursive: true, force: true });
    rmSync(path.join(ROOT, LAYOUTS_DIR), { recursive: true, force: true });
    cpSync(path.join(ROOT, 'layouts'), path.join(ROOT, LAYOUTS_DIR), { recursive: true });
    // The env of playwright.config.ts's webServer, on this file's own port, data folder and layouts; no live telemetry
    // at all ('0', not the shared portal's 'once'): the layouts under test do not need today's data.
    env = {
      PORTAL_PORT: String(await freePort()),
      PORTAL_DATA_DIR: DATA_DIR,
      PORTAL_LAYOUTS_DIR: LAYOUTS_DIR,
      PORTAL_ENVIRONMENT: 'automation',
      PORTAL_DEMO_HISTORY_DAYS: '14',
      PORTAL_SIMULATOR_LIVE: '0',
    };
    portal = await startPortalProcess({ entry: MAIN, cwd: ROOT, env, readyTimeoutMs: 240_000 });
    ({ context, page } = await signedInPage(browser, ACCOUNTS.admin));
  });

  test.afterAll(async () => {
    await context?.close();
    await portal?.stop();
    rmSync(path.join(ROOT, DATA_DIR), { recursive: true, force: true });
    rmSync(path.join(ROOT, LAYOUTS_DIR), { recursive: true, force: true });
  });

  test('a card moved in the layout file shows where it was moved on the next reload', async () => {
    await page.goto(OVERVIEW_URL);
    expect(await availabilityFirst(page)).toBe(false);

    const file = path.join(ROOT, OVERVIEW_FILE);
    writeFileSync(file, withCardsSwapped(readFileSync(file, 'utf8')));
    const written = Date.now();
    await expect(async () => {
      await page.reload();
      expect(await availabilityFirst(page)).toBe(true);
    }).toPass({ timeout: 10_000 });
    console.log(`layout-reload: the moved card was on the page ${Date.now() - written} ms after the file was written`);
    await expect(page.getByRole('status', { name: 'Layout problem' })).toHaveCount(0);
  });

  test('a broken edit keeps the last valid layout; the terminal and an admin get the file and line', async () => {
    const file = path.join(ROOT, OVERVIEW_FILE);
    const broken = readFileSync(file, 'utf8').replace('"kind": "kpi-card"', '"kind": "kpi-crad"');
    const line = broken.split('\n').findIndex((text) => text.includes('"kpi-crad"')) + 1;
    writeFileSync(file, broken);
    const error = `${OVERVIEW_FILE}:${line}:7: /panels/totalProduction/kind: unknown panel kind 'kpi-crad' (did you mean 'kpi-card'?)`;
    await expect.poll(() => portal?.output() ?? '', { timeout: 10_000 }).toContain(error);

    await page.reload();
    const notice = page.getByRole('status', { name: 'Layout problem' });
    await expect(notice).toContainText(`${OVERVIEW_FILE}, line ${line}, column 7`);
    await expect(notice).toContainText("unknown panel kind 'kpi-crad'");
    expect(await availabilityFirst(page), 'the last valid layout stays').toBe(true);
    const screenshot = test.info().outputPath('layout-problem-notice.png');
    await page.screenshot({ path: screenshot });
    await test.info().attach('layout problem notice', { path: screenshot, contentType: 'image/png' });
    await expectNoAxeViolations(page, 'the Overview with a layout problem notice');
  });

  test('a user who is not an admin gets the last valid layout without the notice', async ({ browser }) => {
    const readOnly = await signedInPage(browser, ACCOUNTS.readOnly);
    try {
      await readOnly.page.goto(OVERVIEW_URL);
      // As after the reload above: the cards are compared once the grid has placed them at the page's width.
      await expect(async () => expect(await availabilityFirst(readOnly.page)).toBe(true)).toPass({ timeout: 10_000 });
      await expect(readOnly.page.getByRole('status', { name: 'Layout problem' })).toHaveCount(0);
    } finally {
      await readOnly.context.close();
    }
  });

  test('a portal started with the broken file exits non-zero with the message and no stack', async () => {
    await portal?.stop();
    portal = undefined;
    const failure = await startPortalProcess({ entry: MAIN, cwd: ROOT, env, readyTimeoutMs: 120_000 }).then(
      async (started) => {
        await started.stop();
        return null;
      },
      (error: unknown) => (error instanceof Error ? error.message : String(error)),
    );
    expect(failure, 'the portal started with a broken layout').not.toBeNull();
    const [status = '', ...output] = (failure ?? '').split('\n');
    expect(status).toMatch(/^The portal exited with [1-9]\d* before it was ready:$/);
    const text = output.join('\n');
    expect(text).toContain(`Fleet Portal cannot start:\nInvalid report layouts in ${LAYOUTS_DIR}:\n`);
    expect(text).toContain(`${OVERVIEW_FILE}:`);
    expect(text).toContain("unknown panel kind 'kpi-crad' (did you mean 'kpi-card'?)");
    expect(text, 'no stack trace').not.toMatch(/^\s+at /m);
  });
});
