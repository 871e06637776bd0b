import { expect, test, type Page } from '@playwright/test';
import { ACCOUNTS, openSignedInAs } from './pages/login.page.ts';
import { utcToday } from './pages/filter-bar.page.ts';

/**
 * Issue #24 "No number misleads": the Overview on today, a day in progress. Its changes compare with the
 * previous same day (the same weekday a week before) up to the same local time of each site, and the chart legend and
 * the cards' change descriptions say so (docs/kpi-glossary.md "Change and trend"). Northwind's printers stand in Berlin
 * and Newark, so the time is each site's own; a finished day reads as before.
 */

/** How far both periods are read: one time of the sites' clocks, or each site's own when they differ. */
const UNTIL = String.raw`(\d{2}:\d{2}|each site's current time)`;

/** The latest Wednesday before today (yyyy-MM-dd): a day that is over at every demo site. */
function lastWednesday(): string {
  const day = new Date(Date.now() - 86_400_000);
  while (day.getUTCDay() !== 3) day.setUTCDate(day.getUTCDate() - 1);
  return day.toISOString().slice(0, 10);
}

async function openDrawn(page: Page, path: string): Promise<void> {
  await openSignedInAs(page, ACCOUNTS.admin, path);
  await expect(page.getByRole('heading', { name: 'Overview', level: 1 })).toBeVisible();
  await expect(page.locator('.panel-frame[aria-busy="true"]')).toHaveCount(0);
}

const productionLegend = (page: Page) =>
  page.getByRole('region', { name: 'Production', exact: true }).first().getByRole('list', { name: 'Legend' });

test("today's Overview compares with the previous same day up to the same time, in the legend and the cards", async ({
  page,
}) => {
  await openDrawn(page, `/reports/overview?selectedSystemGroup=DTG&timeframe=day&day=${utcToday()}`);
  await expect(productionLegend(page).getByRole('listitem')).toHaveText([
    'Selected day, so far',
    new RegExp(`^Previous same day, to ${UNTIL}$`),
  ]);
  const descriptions = page.locator('.kpi-card__description');
  await expect(descriptions.first()).toBeVisible();
  for (const description of await descriptions.allTextContents()) {
    expect(description).toMatch(new RegExp(`^From previous same day, both to ${UNTIL}$`));
  }
  await expect(page.getByText('from previous day', { exact: false })).toHaveCount(0);
  await page.screenshot({ path: 'test-results/screenshots/overview-DTG-today-in-progress.png', fullPage: true });
});

test('this week compares with the previous week up to the same weekday and time', async ({ page }) => {
  await openDrawn(page, `/reports/overview?selectedSystemGroup=DTG&timeframe=day&day=${utcToday()}`);
  await page.getByRole('toolbar', { name: 'Report filters' }).getByRole('button', { name: 'Week' }).click();
  await expect(page).toHaveURL(/timeframe=week/);
  await expect(productionLegend(page).getByRole('listitem')).toHaveText([
    'Selected week, so far',
    /^Previous week, to (\w{3} \d{2}:\d{2}|each site's current time)$/,
  ]);
});

test('a finished day compares whole with the previous same day', async ({ page }) => {
  await openDrawn(page, `/reports/overview?selectedSystemGroup=DTG&timeframe=day&day=${lastWednesday()}`);
  await expect(productionLegend(page).getByRole('listitem')).toHaveText(['Selected day', 'Previous same day']);
  const descriptions = page.locator('.kpi-card__description');
  await expect(descriptions.first()).toBeVisible();
  await expect(descriptions).toHaveText(Array(await descriptions.count()).fill('From previous same day'));
});
