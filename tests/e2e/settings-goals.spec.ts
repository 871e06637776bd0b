import { expect, test, type Page } from '@playwright/test';
import { ACCOUNTS, openSignedInAs } from './pages/login.page.ts';

/**
 * Issue #27, Settings and Goals through the real sign-in, API and database: the Overview follows the default view and
 * length unit saved on the Settings page at once, and a goal set on the Goals page (in yards) shows on the Overview's
 * goals panel with its forecast. The admin holds GoalsSetter; the settings are put back at the end.
 */

const SHOTS = 'test-results/settings-goals';
const VIEWPORTS = [
  { width: 1920, height: 1080 },
  { width: 1366, height: 768 },
  { width: 390, height: 844 },
];

/** Clicks a settings toggle button and waits for the debounced save to be answered. */
async function choose(page: Page, toggle: string, option: string): Promise<void> {
  const button = page.getByRole('group', { name: toggle }).getByRole('button', { name: option });
  if ((await button.getAttribute('aria-pressed')) === 'true') return;
  const saved = page.waitForResponse(
    (response) => response.url().endsWith('/api/users/user-settings') && response.request().method() === 'POST',
  );
  await button.click();
  expect((await saved).status()).toBe(200);
}

async function openSettings(page: Page): Promise<void> {
  await openSignedInAs(page, ACCOUNTS.admin, '/settings');
  await expect(page.getByRole('heading', { name: 'Settings', level: 1 })).toBeVisible();
  await expect(page.getByRole('radio', { name: 'English (USA)' })).toBeDisabled();
}

test.afterAll(async ({ browser }) => {
  const page = await browser.newPage();
  await openSettings(page);
  await choose(page, 'Default view', 'DTG');
  await choose(page, 'Length', 'Meter');
  await page.close();
});

test('the Overview follows the default view and length unit saved on the Settings page', async ({ page }) => {
  await openSettings(page);
  await choose(page, 'Default view', 'DTF');
  await choose(page, 'Length', 'Yard');
  await page.getByRole('link', { name: 'Overview', exact: true }).first().click();
  await expect(page.getByRole('heading', { name: 'Overview', level: 1 })).toBeVisible();
  await expect(page.getByRole('group', { name: 'System group' }).getByRole('button', { name: 'DTF' })).toHaveAttribute(
    'aria-pressed',
    'true',
  );
  await expect(page.getByRole('group', { name: 'Weekly goal' })).toContainText(' yd');

  await page.goto('/settings');
  await choose(page, 'Length', 'Meter');
  await page.goto('/reports/overview');
  await expect(page.getByRole('group', { name: 'Weekly goal' })).toContainText(' m');
  await expect(page.getByRole('group', { name: 'Weekly goal' })).not.toContainText(' yd');
});

test('a yearly goal set in yards on the Goals page shows on the Overview goals panel with its forecast', async ({
  page,
}) => {
  await openSettings(page);
  await choose(page, 'Length', 'Yard');
  await page.goto('/goals');
  const card = page.getByRole('article', { name: 'DTF yearly goal' });
  await card.getByLabel('Set new goal').fill('500000');
  await card.getByRole('button', { name: 'Set' }).click();
  await expect(page.getByText('Goal saved')).toBeVisible();
  await expect(card.locator('.goal-card__value')).toHaveText('500,000 yd');
  await expect(card).toContainText('Last update by');

  await page.goto('/reports/overview?selectedSystemGroup=DTF');
  const yearly = page.getByRole('group', { name: 'Yearly goal' });
  await expect(yearly).toContainText('500k yd');
  await expect(yearly).toContainText('Forecast');
});

test('screenshots of the Settings and Goals pages', async ({ page }) => {
  test.setTimeout(180_000);
  await openSettings(page);
  for (const viewport of VIEWPORTS) {
    await page.setViewportSize(viewport);
    const size = `${viewport.width}x${viewport.height}`;
    await page.goto('/settings');
    await expect(page.getByRole('group', { name: 'Length' })).toBeVisible();
    await page.screenshot({ path: `${SHOTS}/settings-${size}.png`, fullPage: true });
    await page.goto('/goals');
    await expect(page.getByRole('article', { name: 'DTG weekly goal' })).toBeVisible();
    await page.screenshot({ path: `${SHOTS}/goals-${size}.png`, fullPage: true });
    await page.goto('/reports/overview?selectedSystemGroup=DTF');
    await expect(page.locator('.panel-frame[aria-busy="true"]')).toHaveCount(0);
    await page.getByRole('group', { name: 'Yearly goal' }).scrollIntoViewIfNeeded();
    await page.screenshot({ path: `${SHOTS}/overview-goals-${size}.png`, fullPage: true });
  }
});
