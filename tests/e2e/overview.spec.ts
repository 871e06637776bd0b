import { expect, test, type Page } from '@playwright/test';
import type { SystemGroup } from '../../src/shared/system-group.ts';
import { DEMO_TENANTS } from '../../src/server/fixtures/demo-tenants.ts';
import { FilterBarPage, addDays, mondayOf } from './pages/filter-bar.page.ts';
import { ACCOUNTS, openSignedInAs } from './pages/login.page.ts';
import { expectLegendReading, periodReadingsBetween } from './pages/period-reading.ts';
import { groupTimeZones } from './pages/simulated-fleet.ts';

/**
 * The Overview of each group on the demo fleet: northwind has DTG and DTF printers, sunrise-apparel Apollo ones.
 * Cards in the spec's order; DTF has no productivity card, and its three cards share the row (no hole). The OEE card
 * (our addition) stands beside the availability chart, above the goals.
 */
const GROUPS: { group: SystemGroup; account: string; cards: string[] }[] = [
  {
    group: 'DTG',
    account: ACCOUNTS.admin,
    cards: ['Total Impressions', 'prod. rate', 'Productivity', 'Availability'],
  },
  { group: 'DTF', account: ACCOUNTS.admin, cards: ['Total Production', 'prod. rate', 'Availability'] },
  {
    group: 'Apollo',
    account: ACCOUNTS.apolloAdmin,
    cards: ['Total Impressions', 'prod. rate', 'Productivity', 'Availability'],
  },
];

/**
 * The placement each window gets (spec reports §2: compact under 1366 × 567 of report area, mobile under 750 px) and
 * whether the machine filter is a panel beside the report (above 1400 px) or a drawer.
 */
const VIEWPORTS = [
  { width: 1920, height: 1080, breakpoint: 'desktop', filterPanel: true },
  { width: 1366, height: 768, breakpoint: 'compact', filterPanel: false },
  { width: 390, height: 844, breakpoint: 'mobile', filterPanel: false },
  { width: 1920, height: 540, breakpoint: 'compact', filterPanel: true },
];

/** Signs in as `account` (the admin by default) straight onto the group's Overview. */
async function openOverview(page: Page, group: SystemGroup, account: string = ACCOUNTS.admin): Promise<void> {
  await openSignedInAs(page, account, `/reports/overview?selectedSystemGroup=${group}`);
  await expect(page.getByRole('heading', { name: 'Overview', level: 1 })).toBeVisible();
}

/** Every panel has left its loading state and the charts have drawn their bars. */
async function expectOverviewDrawn(page: Page): Promise<void> {
  await expect(page.locator('.panel-frame[aria-busy="true"]')).toHaveCount(0);
  for (const name of ['Production chart', 'Speed or utilization chart', 'Availability chart']) {
    await expect(page.getByRole('img', { name }).locator('svg path').first()).toBeAttached();
  }
}

/** The cards stand in one row and, with the 12 px gaps between them, fill the report grid's width: no empty slot. */
async function expectCardsFillTheirRow(page: Page, count: number): Promise<void> {
  const grid = await page.locator('.report-page__grid').boundingBox();
  const boxes = await Promise.all(
    Array.from({ length: count }, (_, index) => page.locator('.kpi-card').nth(index).boundingBox()),
  );
  const cells = boxes.filter((box) => box !== null);
  expect(cells).toHaveLength(count);
  expect(new Set(cells.map((box) => Math.round(box.y))).size).toBe(1);
  const filled = cells.reduce((sum, box) => sum + box.width, 0) + (count - 1) * 12;
  expect(Math.abs(filled - (grid?.width ?? 0))).toBeLessThanOrEqual(2);
}

for (const { group, account, cards } of GROUPS) {
  test(`${group} overview: cards, charts and goals`, async ({ page }) => {
    await openOverview(page, group, account);
    await expectOverviewDrawn(page);

    const shown = page.locator('.kpi-card');
    await expect(shown).toHaveCount(cards.length + 1);
    await expect(page.getByRole('group', { name: 'OEE' })).toBeVisible();
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
    await expectCardsFillTheirRow(page, cards.length);
    await page.screenshot({ path: `test-results/screenshots/overview-${group}-1920x1080.png`, fullPage: true });
  });
}

/** The latest Wednesday before today (yyyy-MM-dd): a working day at every demo site, inside the history loaded first. */
function lastWednesday(): string {
  const day = new Date(Date.now() - 86_400_000);
  while (day.getUTCDay() !== 3) day.setUTCDate(day.getUTCDate() - 1);
  return day.toISOString().slice(0, 10);
}

test('the OEE card shows a percentage with shift availability and performance on a working day', async ({ page }) => {
  await openSignedInAs(page, ACCOUNTS.admin, `/reports/overview?selectedSystemGroup=DTG&day=${lastWednesday()}`);
  await expectOverviewDrawn(page);
  const card = page.getByRole('group', { name: 'OEE' });
  await expect(card.getByLabel('value')).toHaveText(/^\d{1,3}\.\d{2}$/);
  await expect(card.getByText('%', { exact: true }).first()).toBeVisible();
  await expect(card.getByText('Shift Availability')).toBeVisible();
  await expect(card.getByText('Performance')).toBeVisible();
});

test('the speed-or-utilization toggle keeps its choice per group', async ({ page }) => {
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
  await openOverview(page, 'DTG');
  await page.getByRole('toolbar', { name: 'Report filters' }).getByRole('button', { name: 'Week' }).click();
  await expect(page).toHaveURL(/timeframe=week/);
  await expectOverviewDrawn(page);
  await expect(page.getByText('Selected week').first()).toBeVisible();
  await expect(page.getByText('Previous week').first()).toBeVisible();
  await page.screenshot({ path: 'test-results/screenshots/overview-DTG-week-1920x1080.png', fullPage: true });
});

for (const { breakpoint, filterPanel, ...viewport } of VIEWPORTS) {
  test(`overview at ${viewport.width}x${viewport.height}: ${breakpoint} placement`, async ({ page }) => {
    await page.setViewportSize(viewport);
    await openOverview(page, 'DTG');
    await expectOverviewDrawn(page);
    await expect(page.locator('.report-page__grid')).toHaveAttribute('data-breakpoint', breakpoint);
    await expect(page.getByRole('complementary', { name: 'Filter' })).toBeVisible({ visible: filterPanel });
    await expect(page.getByRole('region', { name: 'Production Overview' }).first()).toBeVisible({
      visible: breakpoint === 'mobile',
    });
    await page.screenshot({
      path: `test-results/screenshots/overview-DTG-${viewport.width}x${viewport.height}.png`,
      fullPage: true,
    });
  });
}

test.describe('mobile overview', () => {
  test.use({ viewport: { width: 390, height: 844 } });

  test("a 'Production Overview' card with the period and its legend sits above the production chart", async ({
    page,
  }) => {
    await openOverview(page, 'DTF');
    await expectOverviewDrawn(page);
    // The panel's frame and the panel are both regions named after it: the frame is the first.
    const card = page.getByRole('region', { name: 'Production Overview' }).first();
    await expect(card.getByText(/^Day · \w{3}, \w{3} \d{1,2}, \d{4}$/)).toBeVisible();
    const cardBox = await card.boundingBox();
    const chartBox = await page.getByRole('region', { name: 'Production', exact: true }).first().boundingBox();
    expect((cardBox?.y ?? 0) + (cardBox?.height ?? 0)).toBeLessThan(chartBox?.y ?? 0);
    // DTF has three cards and OEE stacked without the productivity card's hole.
    await expect(page.locator('.kpi-card')).toHaveCount(4);
    await page.screenshot({ path: 'test-results/screenshots/overview-DTF-390x844.png', fullPage: true });
    // Its legend reads the period as the charts do, at each site's clock (period-in-progress.spec.ts reads it closely).
    const week = mondayOf(await new FilterBarPage(page).selectedDay());
    const openedAt = Date.now();
    await page.goto(`/reports/overview?selectedSystemGroup=DTF&timeframe=week&day=${week}`);
    const readings = periodReadingsBetween(
      { timeframe: 'week', firstDay: week, lastDay: addDays(week, 6) },
      groupTimeZones(DEMO_TENANTS.main.id, 'DTF'),
      openedAt,
      openedAt + 60_000,
    );
    await expectLegendReading(card.getByRole('list', { name: 'Legend' }), readings);
    await expect(card.getByText(/^Week · /)).toBeVisible();
  });
});

/**
 * The page's width once the report grid has taken `breakpoint`'s placement after a resize, two frames later: the frame
 * that draws the new placement and one more. A window resized without a reload must fit at once, not after the panels
 * have slid to their new size (react-grid-layout's transitions kept a 1920 px page shrunk to 1366 px 1604 px wide).
 */
async function pageWidthAfterResize(page: Page, breakpoint: string): Promise<number> {
  await expect(page.locator('.report-page__grid')).toHaveAttribute('data-breakpoint', breakpoint);
  return page.evaluate(async () => {
    const nextFrame = () => new Promise((resolve) => requestAnimationFrame(resolve));
    await nextFrame();
    await nextFrame();
    return document.documentElement.scrollWidth;
  });
}

test('a window resized without a reload: the Overview fits the new width at once, shrunk or grown', async ({
  page,
}) => {
  await openOverview(page, 'DTG');
  await expectOverviewDrawn(page);
  const steps = [
    { width: 1366, height: 768, breakpoint: 'compact' },
    { width: 390, height: 844, breakpoint: 'mobile' },
    { width: 1920, height: 1080, breakpoint: 'desktop' },
  ];
  for (const { breakpoint, ...viewport } of steps) {
    await page.setViewportSize(viewport);
    expect(await pageWidthAfterResize(page, breakpoint), `page width in a ${viewport.width} px window`).toBe(
      viewport.width,
    );
    await expectOverviewDrawn(page);
    await page.screenshot({
      path: `test-results/screenshots/overview-DTG-resized-to-${viewport.width}x${viewport.height}.png`,
      fullPage: true,
    });
  }
  // Grown back to the full width, the cards fill their row again: the grid follows the window both ways.
  await expectCardsFillTheirRow(page, GROUPS[0]?.cards.length ?? 0);
});
