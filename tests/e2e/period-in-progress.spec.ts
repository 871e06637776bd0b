import { expect, test, type Page } from '@playwright/test';
import { DEMO_TENANTS } from '../../src/server/fixtures/demo-tenants.ts';
import { ACCOUNTS, openSignedInAs } from './pages/login.page.ts';
import { FilterBarPage, addDays, mondayOf } from './pages/filter-bar.page.ts';
import {
  expectLegendReading,
  oneOf,
  periodReadingsBetween,
  type ComparedPeriod,
  type PeriodReading,
} from './pages/period-reading.ts';
import { finishedProductionDay, groupSerialsAt, groupTimeZones, newestJobDay } from './pages/simulated-fleet.ts';

/**
 * Issue #24 "No number misleads": the Overview on a period in progress. Its changes compare with the previous same day
 * (the same weekday a week before) or the previous week up to the same local time of each site, and the chart legend
 * and every card's change description say so (docs/kpi-glossary.md "Change and trend"); a finished day reads as before.
 *
 * The e2e portal holds the demo fleet's telemetry up to its start (PORTAL_SIMULATOR_LIVE=once), so the Overview opens
 * on the group's last day with a job, today at the sites that have printed today. The clock is the real one: Northwind's
 * DTG printers stand in Berlin and Newark, six hours apart, so at the hour of the run that day may be in progress at
 * both sites (their times differ: "each site's time"), at Newark only (after midnight in Berlin), or over at
 * both (a Sunday, when no site prints, up to Berlin's first job on Monday). The expected reading is worked out here
 * from each site's clock (period-reading.ts), so the test holds at any hour and in any machine time zone; Newark's
 * printers alone read one clock ('to 14:20').
 */

const TENANT = DEMO_TENANTS.main.id;
const GROUP = 'DTG';
const NEWARK = 'newark';
/** The e2e portal starts fresh for every run (reuseExistingServer: false), and a run ends well within this. */
const RUN_AT_MOST_MS = 3 * 3_600_000;
/** Answers drawn after the page is opened come within a test's time (playwright.config.ts timeout). */
const ANSWERED_WITHIN_MS = 60_000;

async function openDrawn(page: Page, path: string): Promise<void> {
  await openSignedInAs(page, ACCOUNTS.admin, path);
  await expect(page.getByRole('heading', { name: 'Overview', level: 1 })).toBeVisible();
  await expect(page.locator('.panel-frame[aria-busy="true"]')).toHaveCount(0);
}

/**
 * The production chart's legend and the change description of every KPI card with a figure read as one of `readings`.
 * A card without one ('--': OEE on a day without a planned shift so far, e.g. a Sunday) has no change to describe.
 */
async function expectReading(page: Page, readings: PeriodReading[]): Promise<void> {
  const chart = page.getByRole('region', { name: 'Production', exact: true }).first();
  await expectLegendReading(chart.getByRole('list', { name: 'Legend' }), readings);
  const cards = page.locator('.kpi-card');
  await expect(cards.first()).toBeVisible();
  const withoutFigure = cards.filter({
    has: page.getByLabel('value', { exact: true }).getByText('--', { exact: true }),
  });
  await expect(withoutFigure.locator('.kpi-card__description')).toHaveCount(0);
  const descriptions = cards.locator('.kpi-card__description');
  await expect(descriptions).toHaveCount((await cards.count()) - (await withoutFigure.count()));
  const described = oneOf(readings.map((reading) => reading.description));
  for (const description of await descriptions.allInnerTexts()) expect(description).toMatch(described);
}

const readingsFrom = (period: ComparedPeriod, timeZones: string[], openedAt: number) =>
  periodReadingsBetween(period, timeZones, openedAt, openedAt + ANSWERED_WITHIN_MS);

test("the Overview opens on the last day with data, today's so far, and compares it up to each site's time", async ({
  page,
}) => {
  const openedAt = Date.now();
  await openDrawn(page, `/reports/overview?selectedSystemGroup=${GROUP}`);
  const day = await new FilterBarPage(page).selectedDay();
  // The portal holds every job that ended before it started (within the run) and none that ended after the page opened.
  expect(day >= newestJobDay(TENANT, GROUP, openedAt - RUN_AT_MOST_MS)).toBe(true);
  expect(day <= newestJobDay(TENANT, GROUP, openedAt)).toBe(true);
  const period: ComparedPeriod = { timeframe: 'day', firstDay: day, lastDay: day };
  await expectReading(page, readingsFrom(period, groupTimeZones(TENANT, GROUP), openedAt));
  await page.screenshot({
    path: 'test-results/screenshots/overview-DTG-day-in-progress-1920x1080.png',
    fullPage: true,
  });
  // The compact placement (≤ 1400 px) reads the same.
  await page.setViewportSize({ width: 1366, height: 768 });
  const compactOpenedAt = Date.now();
  await page.reload();
  await expect(page.locator('.panel-frame[aria-busy="true"]')).toHaveCount(0);
  await expectReading(page, readingsFrom(period, groupTimeZones(TENANT, GROUP), compactOpenedAt));
  await page.screenshot({ path: 'test-results/screenshots/overview-DTG-day-in-progress-1366x768.png', fullPage: true });

  // Newark's printers alone: one site's clock, read to the minute.
  const newarkOpenedAt = Date.now();
  const newark = groupSerialsAt(TENANT, GROUP, NEWARK).join(',');
  await openDrawn(page, `/reports/overview?selectedSystemGroup=${GROUP}&day=${day}&systems=${newark}`);
  await expectReading(page, readingsFrom(period, groupTimeZones(TENANT, GROUP, NEWARK), newarkOpenedAt));
});

test('this week compares with the previous week up to the same weekday and time', async ({ page }) => {
  await openDrawn(page, `/reports/overview?selectedSystemGroup=${GROUP}`);
  const day = await new FilterBarPage(page).selectedDay();
  const openedAt = Date.now();
  await page.getByRole('toolbar', { name: 'Report filters' }).getByRole('button', { name: 'Week' }).click();
  await expect(page).toHaveURL(/timeframe=week/);
  await expect(page.locator('.panel-frame[aria-busy="true"]')).toHaveCount(0);
  const week: ComparedPeriod = { timeframe: 'week', firstDay: mondayOf(day), lastDay: addDays(mondayOf(day), 6) };
  await expectReading(page, readingsFrom(week, groupTimeZones(TENANT, GROUP), openedAt));
  await page.screenshot({ path: 'test-results/screenshots/overview-DTG-week-in-progress.png', fullPage: true });
});

test('a finished day compares whole with the previous same day', async ({ page }) => {
  const day = finishedProductionDay(TENANT, GROUP);
  await openDrawn(page, `/reports/overview?selectedSystemGroup=${GROUP}&timeframe=day&day=${day}`);
  await expectReading(page, [{ legend: ['Selected day', 'Previous same day'], description: 'From previous same day' }]);
});

test.describe('mobile', () => {
  test.use({ viewport: { width: 390, height: 844 } });

  test("the 'Production Overview' card reads the day as the legend does", async ({ page }) => {
    const openedAt = Date.now();
    await openDrawn(page, `/reports/overview?selectedSystemGroup=${GROUP}`);
    const day = await new FilterBarPage(page).selectedDay();
    const card = page.getByRole('region', { name: 'Production Overview' }).first();
    const period: ComparedPeriod = { timeframe: 'day', firstDay: day, lastDay: day };
    const readings = readingsFrom(period, groupTimeZones(TENANT, GROUP), openedAt);
    await expectLegendReading(card.getByRole('list', { name: 'Legend' }), readings);
    await page.screenshot({
      path: 'test-results/screenshots/overview-DTG-day-in-progress-390x844.png',
      fullPage: true,
    });
  });
});
