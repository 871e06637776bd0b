import { expect, test, type Page } from '@playwright/test';
import type { SystemGroup } from '../../src/shared/system-group.ts';
import { ACCOUNTS, signInAs } from './pages/login.page.ts';

/**
 * The Overview of each group on the demo fleet: northwind has DTG and DTF printers, sunrise-apparel Apollo ones.
 * Productivity (DTG and Apollo only) is the last card, so DTF's three cards leave no hole in the row.
 */
const GROUPS: { group: SystemGroup; account: string; cards: string[] }[] = [
  {
    group: 'DTG',
    account: ACCOUNTS.admin,
    cards: ['Total Impressions', 'prod. rate', 'Availability', 'Productivity'],
  },
  { group: 'DTF', account: ACCOUNTS.admin, cards: ['Total Production', 'prod. rate', 'Availability'] },
  {
    group: 'Apollo',
    account: ACCOUNTS.apolloAdmin,
    cards: ['Total Impressions', 'prod. rate', 'Availability', 'Productivity'],
  },
];

const VIEWPORTS = [
  { width: 1920, height: 1080 },
  { width: 1366, height: 768 },
  { width: 390, height: 844 },
];

async function openOverview(page: Page, group: SystemGroup): Promise<void> {
  await page.goto(`/reports/overview?selectedSystemGroup=${group}`);
  await expect(page.getByRole('heading', { name: 'Overview', level: 1 })).toBeVisible();
}

/** Every panel has left its loading state and the charts have drawn their bars. */
async function expectOverviewDrawn(page: Page): Promise<void> {
  await expect(page.locator('.panel-frame[aria-busy="true"]')).toHaveCount(0);
  for (const name of ['Production chart', 'Speed or utilization chart', 'Availability chart']) {
    await expect(page.getByRole('img', { name }).locator('svg path').first()).toBeAttached();
  }
}

for (const { group, account, cards } of GROUPS) {
  test(`${group} overview: cards, charts and goals`, async ({ page }) => {
    await signInAs(page, account);
    await openOverview(page, group);
    await expectOverviewDrawn(page);

    const shown = page.locator('.kpi-card');
    await expect(shown).toHaveCount(cards.length);
    for (const [index, label] of cards.entries()) {
      await expect(shown.nth(index).getByRole('heading')).toContainText(label);
      await expect(shown.nth(index).getByLabel('value')).not.toHaveText('');
    }
    await expect(page.getByRole('group', { name: 'Weekly goal' }).getByRole('meter')).toHaveAttribute(
      'aria-valuemax',
      '7',
    );
    await expect(page.getByRole('group', { name: 'Yearly goal' }).getByRole('meter')).toHaveAttribute(
      'aria-valuemax',
      '12',
    );
    await expect(page.getByText('Selected day').first()).toBeVisible();
    await page.screenshot({ path: `test-results/screenshots/overview-${group}-1920x1080.png`, fullPage: true });
  });
}

test('the speed-or-utilization toggle keeps its choice per group', async ({ page }) => {
  await signInAs(page, ACCOUNTS.admin);
  await openOverview(page, 'DTG');
  const toggle = page.getByRole('group', { name: 'Chart' });
  await expect(toggle.getByRole('button', { name: 'Speed' })).toHaveAttribute('aria-pressed', 'true');
  await toggle.getByRole('button', { name: 'Utilization' }).click();
  await expect(toggle.getByRole('button', { name: 'Utilization' })).toHaveAttribute('aria-pressed', 'true');
  await expect(page.getByRole('img', { name: 'Speed or utilization chart' }).getByText('100%')).toBeAttached();

  await page.getByRole('toolbar', { name: 'Report filters' }).getByRole('button', { name: 'DTF' }).click();
  await expect(page).toHaveURL(/selectedSystemGroup=DTF/);
  await expect(toggle.getByRole('button', { name: 'Speed' })).toHaveAttribute('aria-pressed', 'true');

  await page.getByRole('toolbar', { name: 'Report filters' }).getByRole('button', { name: 'DTG' }).click();
  await expect(page).toHaveURL(/selectedSystemGroup=DTG/);
  await expect(toggle.getByRole('button', { name: 'Utilization' })).toHaveAttribute('aria-pressed', 'true');
});

test('a week shows daily bars against the previous week', async ({ page }) => {
  await signInAs(page, ACCOUNTS.admin);
  await openOverview(page, 'DTG');
  await page.getByRole('toolbar', { name: 'Report filters' }).getByRole('button', { name: 'Week' }).click();
  await expect(page).toHaveURL(/timeframe=week/);
  await expectOverviewDrawn(page);
  await expect(page.getByText('Selected week').first()).toBeVisible();
  await expect(page.getByText('Previous week').first()).toBeVisible();
  await page.screenshot({ path: 'test-results/screenshots/overview-DTG-week-1920x1080.png', fullPage: true });
});

for (const viewport of VIEWPORTS) {
  test(`overview screenshot at ${viewport.width}x${viewport.height}`, async ({ page }) => {
    await page.setViewportSize(viewport);
    await signInAs(page, ACCOUNTS.admin);
    await openOverview(page, 'DTG');
    await expectOverviewDrawn(page);
    await page.screenshot({
      path: `test-results/screenshots/overview-DTG-${viewport.width}x${viewport.height}.png`,
      fullPage: true,
    });
  });
}
