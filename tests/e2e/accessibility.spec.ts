import { expect, test, type Page } from '@playwright/test';
import { DEMO_TENANTS } from '../../src/server/fixtures/demo-tenants.ts';
import { expectNoAxeViolations } from './pages/axe.ts';
import { addDays, FilterBarPage } from './pages/filter-bar.page.ts';
import { ACCOUNTS, LoginPage, openSignedInAs } from './pages/login.page.ts';
import { DEMO_SERIAL, ROUTE_VISITS } from './pages/route-visits.ts';
import { ShellPage } from './pages/shell.page.ts';
import { simulatedSerials } from './pages/simulated-fleet.ts';

/**
 * Issue #14: axe-core's WCAG 2.0/2.1/2.2 A and AA rules find nothing on any route (ROUTE_VISITS covers every route of
 * the router) or any main dialog, after a real sign-in. Every new page or dialog gets a check here.
 */

// axe walks the whole page (every node's colours for color-contrast), which takes seconds on a big report page.
test.describe.configure({ timeout: 180_000 });

/** Waits for a page to be ready (not a speed check): a report's first figures can take a while on a busy machine. */
const ready = expect.configure({ timeout: 60_000 });

const DESKTOP = { width: 1920, height: 1080 };
const MOBILE = { width: 390, height: 844 };

/** A report is ready once its first figures or rows are in view and nothing is loading. */
async function waitForReport(page: Page, path: string): Promise<void> {
  if (path.startsWith('/reports/overview')) {
    await ready(page.getByRole('group', { name: 'Total Impressions' }).getByLabel('value')).toBeVisible();
  } else if (path === '/reports/systems') {
    await ready(page.locator('.systems-analysis__serial').first()).toBeVisible();
  }
  await ready(page.getByText(/^Loading/)).toHaveCount(0);
}

test('the sub-report visits name a printer of the admin tenant', () => {
  expect(simulatedSerials(DEMO_TENANTS.main.id)).toContain(DEMO_SERIAL);
});

test('the sign-in page, also after a wrong password', async ({ page }) => {
  await page.goto('/');
  const login = new LoginPage(page);
  await login.expectVisible();
  await expectNoAxeViolations(page, 'the sign-in page');
  await login.signIn(ACCOUNTS.admin, 'not-the-password');
  await expect(page.getByRole('alert')).toBeVisible();
  await expectNoAxeViolations(page, 'the sign-in page with an error');
});

for (const [route, visit] of Object.entries(ROUTE_VISITS)) {
  if (visit.kind === 'redirect') continue;
  for (const url of visit.urls) {
    const viewports = url.startsWith('/reports/overview') || url === '/reports/systems' ? [DESKTOP, MOBILE] : [DESKTOP];
    for (const viewport of viewports) {
      test(`${route} route ${url} at ${viewport.width}x${viewport.height}`, async ({ page }) => {
        await page.setViewportSize(viewport);
        // The Live Dashboard as its users see it: the Apollo tenant has it (PORTAL_LIVE_DASHBOARD_TENANTS), Northwind does not.
        const live = route === 'tvDashboard';
        await openSignedInAs(
          page,
          live ? ACCOUNTS.apolloAdmin : ACCOUNTS.admin,
          live ? `${url}?selectedSystemGroup=Apollo` : url,
        );
        await expect(page.getByRole('heading', { level: 1, name: visit.heading })).toBeVisible();
        await waitForReport(page, url);
        if (route === 'document') {
          await expect(page.frameLocator('iframe').getByRole('heading', { level: 1 })).toBeVisible();
        }
        await expectNoAxeViolations(page, `${url} at ${viewport.width}x${viewport.height}`);
      });
    }
  }
}

test('the help documents opened from the avatar menu', async ({ page }) => {
  await openSignedInAs(page, ACCOUNTS.admin);
  for (const document of ['training', 'training-dtg', 'kpi-glossary-dtf', 'kpi-glossary-dtg']) {
    await page.goto(`/docs/${document}.html`);
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    await expectNoAxeViolations(page, `/docs/${document}.html`);
  }
});

test('the error screen', async ({ page }) => {
  // A runtime configuration the app cannot read stops it at start, which shows the application-wide error screen.
  await page.route('**/config.js', (route) =>
    route.fulfill({ contentType: 'text/javascript', body: 'window.__PORTAL_CONFIG__ = {};' }),
  );
  await page.goto('/');
  await expect(page.getByRole('heading', { name: 'Oops! Something went wrong' })).toBeVisible();
  await expectNoAxeViolations(page, 'the error screen');
});

test('the terms modal and the cookies notice', async ({ page }) => {
  // The demo account without an agreement is agreed by terms.spec.ts; answering its profile as not yet agreed makes the
  // real modal show whatever ran before.
  await page.route('**/api/users/profile-data', async (route) => {
    const response = await route.fetch();
    const profile = (await response.json()) as Record<string, unknown>;
    await route.fulfill({ response, json: { ...profile, userAgreement: false, userAgreementVersion: null } });
  });
  await openSignedInAs(page, ACCOUNTS.admin);
  const dialog = page.getByRole('dialog', { name: 'Terms and Conditions' });
  await expect(dialog).toBeVisible();
  await expect(page.getByRole('region', { name: 'Cookies notice' })).toBeVisible();
  await expect(page.locator('.terms-modal')).toHaveClass(/p-dialog-enter-done/);
  await expectNoAxeViolations(page, 'the terms modal and cookies notice');
});

test('the avatar menu', async ({ page }) => {
  await openSignedInAs(page, ACCOUNTS.admin);
  await new ShellPage(page).openAvatarMenu();
  await expectNoAxeViolations(page, 'the avatar menu');
  // The open Help submenu sits inside the 'Help' menuitem: each item is named by its own visible text.
  const menu = new ShellPage(page).avatarMenu();
  await menu.getByRole('link', { name: 'Help', exact: true }).click();
  await expect(menu.getByRole('link', { name: 'Training', exact: true })).toBeVisible();
  await expectNoAxeViolations(page, 'the avatar menu with Help open');
});

test('the period pickers and the custom range dialog at 1920x1080', async ({ page }) => {
  await openSignedInAs(page, ACCOUNTS.admin);
  const bar = new FilterBarPage(page);
  const last = await bar.selectedDay();
  // The overview offers day, week and custom (spec reports §9 timeframe table); month to year pickers come with Jobs.
  for (const timeframe of ['Day', 'Week']) {
    if (timeframe !== 'Day') await bar.button(timeframe).click();
    await bar.openPicker();
    await expectNoAxeViolations(page, `the ${timeframe} picker`);
    await page.keyboard.press('Escape');
    await expect(bar.picker()).toBeHidden();
  }
  await bar.button('Custom').click();
  const dialog = bar.customRangeDialog();
  await expect(dialog).toHaveClass(/p-dialog-enter-done/);
  await expectNoAxeViolations(page, 'the custom range dialog');
  await bar.chooseDay(dialog.getByRole('group', { name: 'From date' }), addDays(last, -1));
  await bar.chooseDay(dialog.getByRole('group', { name: 'To date' }), addDays(last, -1));
  // 05:00 PM to 03:00 PM on one day: the From time is after the To time, which shows a message.
  await bar.chooseHour('From hour', '05:00');
  await bar.chooseHour('From AM or PM', 'PM');
  await bar.chooseHour('To hour', '03:00');
  await expect(dialog.getByRole('status')).toBeVisible();
  await expectNoAxeViolations(page, 'the custom range dialog with a message');
});

for (const viewport of [{ width: 1366, height: 768 }, MOBILE]) {
  test(`the machine tree drawer at ${viewport.width}x${viewport.height}`, async ({ page }) => {
    await page.setViewportSize(viewport);
    await openSignedInAs(page, ACCOUNTS.admin);
    await page
      .getByRole('toolbar', { name: 'Report filters' })
      .getByRole('button', { name: /^Filter/ })
      .click();
    const drawer = page.locator('.machine-filter-drawer');
    await expect(drawer).toBeVisible();
    await expect(drawer).toHaveClass(/p-sidebar-enter-done/);
    await drawer
      .getByRole('tree', { name: 'Machines' })
      .locator('[role="treeitem"][aria-level="2"]')
      .first()
      .getByRole('button', { name: /^Expand / })
      .click();
    await expectNoAxeViolations(page, `the machine tree drawer at ${viewport.width}x${viewport.height}`);
  });
}

test.describe('on a phone', () => {
  test.use({ viewport: MOBILE });

  test('the navigation drawer and the mobile calendar', async ({ page }) => {
    await openSignedInAs(page, ACCOUNTS.admin);
    await page.getByRole('button', { name: 'Open navigation' }).click();
    const drawer = page.locator('.nav-drawer');
    await expect.poll(async () => (await drawer.boundingBox())?.x).toBe(0);
    await expectNoAxeViolations(page, 'the navigation drawer');
    await page.keyboard.press('Escape');
    await expect(drawer).toBeHidden();

    const bar = new FilterBarPage(page);
    const modal = await bar.openMobileCalendar();
    await expectNoAxeViolations(page, 'the mobile calendar (day)');
    await modal.getByRole('button', { name: 'Week', exact: true }).click();
    await expectNoAxeViolations(page, 'the mobile calendar (week)');
    // The month and year buttons under the pointer (the theme's hover blue was 3.7:1; a pointer left on the Week button
    // is over the month when the week view's sheet grows by a row, e.g. on 1 December with the week starting in November).
    for (const part of ['month', 'year']) {
      const button = modal.locator(`.p-datepicker-${part}`);
      await button.hover();
      // Checked once the theme's colour transition has ended, so axe reads the hover colour itself.
      await button.evaluate((element) => Promise.all(element.getAnimations().map((animation) => animation.finished)));
      await expectNoAxeViolations(page, `the mobile calendar (${part} button hovered)`);
    }
  });
});

test('the Systems Analysis cards, nickname and software version dialogs', async ({ page }) => {
  // Switching to cards is saved as the user's preference: not the admin's, whom systems-analysis.spec.ts expects in the table.
  await openSignedInAs(page, ACCOUNTS.superUser, '/reports/systems');
  await waitForReport(page, '/reports/systems');
  await page.getByRole('button', { name: `Edit nickname: ${DEMO_SERIAL}` }).click();
  const nickname = page.getByRole('dialog', { name: `Nickname of ${DEMO_SERIAL}` });
  await expect(nickname).toHaveClass(/p-dialog-enter-done/);
  await expectNoAxeViolations(page, 'the nickname dialog');
  await page.keyboard.press('Escape');
  await expect(nickname).toBeHidden();

  await page.getByRole('button', { name: `Software Version Info: ${DEMO_SERIAL}` }).click();
  const software = page.getByRole('dialog', { name: new RegExp(`: ${DEMO_SERIAL}$`) });
  await expect(software).toHaveClass(/p-dialog-enter-done/);
  await expectNoAxeViolations(page, 'the software version dialog');
  await page.keyboard.press('Escape');
  await expect(software).toBeHidden();

  await page.getByRole('toolbar', { name: 'Systems view' }).getByRole('button', { name: 'Cards' }).click();
  await expect(page.locator('.systems-analysis__card').first()).toBeVisible();
  await expectNoAxeViolations(page, 'the Systems Analysis cards');
});
