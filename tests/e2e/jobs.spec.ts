import ExcelJS from 'exceljs';
import { expect, test, type Page } from '@playwright/test';
import { DEMO_TENANTS } from '../../src/server/fixtures/demo-tenants.ts';
import { abbreviateNumber } from '../../src/shared/format/abbreviate-number.ts';
import { expectNoAxeViolations } from './pages/axe.ts';
import { FilterBarPage } from './pages/filter-bar.page.ts';
import { ACCOUNTS, openSignedInAs } from './pages/login.page.ts';
import { ShellPage } from './pages/shell.page.ts';
import { finishedProductionDay, simulatedImpressions } from './pages/simulated-fleet.ts';

const JOBS = '/api/job-analysis-report';
const VIEWPORTS = [
  { width: 1920, height: 1080 },
  { width: 1366, height: 768 },
  { width: 390, height: 844 },
];

/**
 * The report has drawn: the ink chart has bars, the downloads and the job summary show their content, and no panel
 * is loading. (Waiting only for no busy panel let a screenshot catch the downloads and the job summary as placeholders.)
 */
async function expectJobsDrawn(page: Page): Promise<void> {
  await expect(page.getByRole('heading', { name: 'Jobs Analysis', level: 1 })).toBeVisible();
  await expect(
    page.getByRole('region', { name: 'Ink Consumption' }).locator('.series-chart svg path').first(),
  ).toBeAttached();
  await expect(page.getByRole('button', { name: 'Download report' })).toBeVisible();
  await expect(page.getByRole('region', { name: 'Job summary' }).getByRole('button').first()).toBeVisible();
  await expect(page.locator('.panel-frame[aria-busy="true"]')).toHaveCount(0);
  await expect(page.getByRole('status', { name: /^Loading / })).toHaveCount(0);
}

const cardValue = (page: Page, label: string) => page.getByRole('group', { name: label }).getByLabel('value');

/**
 * Issue #25: the Job summary's panel is as tall as its group's cards. Nothing is cut off (the summary does not scroll),
 * and at most `maxEmpty` px stay empty under the last card down to the bottom of its grid cell (its 16 px padding
 * included).
 */
async function expectJobSummaryFitted(page: Page, maxEmpty: number): Promise<void> {
  const body = page.getByRole('region', { name: 'Job summary' }).locator('.job-summary');
  // Measured to the bottom of the panel's grid cell: a panel drawn shorter than its cell leaves that gap too.
  const { scrolls, empty } = await body.evaluate((element) => ({
    scrolls: element.scrollHeight > element.clientHeight,
    empty:
      (element.closest('.react-grid-item') ?? element).getBoundingClientRect().bottom -
      (element.lastElementChild?.getBoundingClientRect().bottom ?? 0),
  }));
  expect(scrolls, 'the Job summary scrolls: its content is taller than its panel').toBe(false);
  expect(empty, 'px empty under the Job summary cards').toBeLessThanOrEqual(maxEmpty);
}

test('DTG Jobs Analysis: cards equal the simulated jobs, the job summary filters, the XLSX downloads, axe passes', async ({
  page,
}) => {
  // One flow through the whole report, two axe runs and a download: longer than one page check.
  test.setTimeout(180_000);
  await openSignedInAs(page, ACCOUNTS.admin);

  // A finished day: total impressions equal the simulator's jobs of that day, summed here.
  const day = finishedProductionDay(DEMO_TENANTS.main.id, 'DTG');
  const expected = simulatedImpressions(DEMO_TENANTS.main.id, 'DTG', day);
  expect(expected).toBeGreaterThan(0);
  await page.goto(`/reports/jobs?selectedSystemGroup=DTG&timeframe=day&day=${day}`);
  await expectJobsDrawn(page);
  await expect(cardValue(page, 'Total Impressions')).toHaveAttribute('title', String(expected));
  await expect(cardValue(page, 'Total Impressions')).toHaveText(abbreviateNumber(expected));

  // The default week: every card has a number, the colour multi-select starts at Total.
  await page.goto('/reports/jobs?selectedSystemGroup=DTG');
  await expectJobsDrawn(page);
  await expect(page.getByRole('button', { name: 'Week', exact: true })).toHaveAttribute('aria-pressed', 'true');
  for (const label of ['Total Impressions', 'Total Printing Time', 'Bottles Loaded', 'Ink per Impression']) {
    await expect(cardValue(page, label)).toHaveText(/\d/);
  }
  await expect(page.getByRole('img', { name: 'Ink Consumption: Total' })).toBeVisible();
  await expectNoAxeViolations(page, 'Jobs Analysis (DTG week)');

  // The colour multi-select, open. Until first used it is the panel SDK's stand-in, which draws the closed control as
  // PrimeReact's does: closed again after its first use (PrimeReact's own now), it looks the same to the pixel.
  const inkChart = page.getByRole('region', { name: 'Ink Consumption' });
  const picker = inkChart.locator('.p-multiselect');
  await expect(inkChart.getByRole('combobox', { name: 'Colours' })).toHaveValue('Total');
  await expect(picker).not.toHaveAttribute('data-pc-name', 'multiselect');
  await page.mouse.move(0, 0);
  const standIn = await picker.screenshot({ animations: 'disabled' });
  await inkChart.locator('.p-multiselect-trigger').click();
  await expect(picker).toHaveAttribute('data-pc-name', 'multiselect');
  await expect(page.locator('.p-multiselect-panel')).toBeVisible();
  await page.keyboard.press('Escape');
  await expect(page.locator('.p-multiselect-panel')).toHaveCount(0);
  await page.getByRole('heading', { name: 'Jobs Analysis', level: 1 }).click();
  await page.mouse.move(0, 0);
  expect(
    (await picker.screenshot({ animations: 'disabled' })).equals(standIn),
    'the loaded multi-select looks as its stand-in did',
  ).toBe(true);
  await inkChart.locator('.p-multiselect-trigger').click();
  const colours = page.locator('.p-multiselect-panel');
  // The answer's 'black' as people read it (frames' words), as the system page's ink table names it.
  await expect(colours.getByRole('option', { name: 'Black', exact: true })).toBeVisible();
  await expectNoAxeViolations(page, 'the open colour multi-select', '.p-multiselect-panel');
  await colours.getByRole('option', { name: 'Black', exact: true }).click();
  await page.keyboard.press('Escape');
  await expect(page.getByRole('img', { name: 'Ink Consumption: Total, Black', exact: true })).toBeVisible();

  // Selecting a size asks the per-unit cards for that size only, and presses its pair.
  const summary = page.getByRole('region', { name: 'Job summary' });
  const smallJobs = summary.getByRole('button', { name: /^Small jobs/ });
  await expect(smallJobs).toBeEnabled();
  const perUnit = page.waitForRequest(
    (request) =>
      request.url().includes(`${JOBS}/data-per-unit-cards`) &&
      new URL(request.url()).searchParams.getAll('dtgFilterParameters.sizes').join() === 'Small',
  );
  await smallJobs.click();
  await perUnit;
  await expect(summary.getByRole('button', { pressed: true })).toHaveCount(2);
  await expect(cardValue(page, 'Ink per Impression')).toHaveText(/\d/);

  // The per-job ink download: checked first, then saved under the §7 name; its rows are the checked jobs.
  const check = page.waitForResponse((response) =>
    response.url().includes(`${JOBS}/check-ink-consumption-per-job-file`),
  );
  await page.reload();
  await expectJobsDrawn(page);
  const checked = await check;
  expect(checked.status()).toBe(200);
  const { rows } = (await checked.json()) as { rows: number };
  const button = page.getByRole('button', { name: 'Download report' });
  await expect(button).toBeEnabled();
  await expect(button).toHaveAttribute('title', 'Ready to download');
  const downloading = page.waitForEvent('download');
  await button.click();
  const download = await downloading;
  expect(download.suggestedFilename()).toMatch(/^InkConsumptionPerJob_DTG_\d{4}-\d{2}-\d{2}_\d{4}-\d{2}-\d{2}\.xlsx$/);
  await expect(page.getByRole('status').filter({ hasText: 'Report has been downloaded' })).toBeVisible();
  const workbook = new ExcelJS.Workbook();
  await workbook.xlsx.readFile(await download.path());
  const sheet = workbook.worksheets[0];
  expect((sheet?.actualRowCount ?? 0) - 1).toBe(rows);
});

/** Each group's report, signed in as a user who has it: DTG and DTF on the main tenant, Apollo on its own. */
const SCREENSHOT_ACCOUNTS = [
  { account: ACCOUNTS.admin, groups: ['DTG', 'DTF'] },
  { account: ACCOUNTS.apolloAdmin, groups: ['Apollo'] },
] as const;

for (const viewport of VIEWPORTS) {
  for (const { account, groups } of SCREENSHOT_ACCOUNTS) {
    test(`Jobs Analysis screenshots of ${groups.join(' and ')} at ${viewport.width}x${viewport.height}`, async ({
      page,
    }) => {
      await page.setViewportSize(viewport);
      await openSignedInAs(page, account);
      for (const group of groups) {
        await page.goto(`/reports/jobs?selectedSystemGroup=${group}`);
        await expectJobsDrawn(page);
        await page.screenshot({
          path: `test-results/screenshots/jobs-${group}-${viewport.width}x${viewport.height}.png`,
          fullPage: true,
        });
        // A phone stacks the cards; its Job summary follows their height (fitContent), whichever DTF page is shown:
        // nothing empty under the last card but the panel's 16 px padding (and a few px of rounding).
        const phone = viewport.width < 750;
        await expectJobSummaryFitted(page, phone ? 24 : 80);
        if (phone && group === 'DTF') {
          const summary = page.getByRole('region', { name: 'Job summary' });
          await summary.getByText('By Print Type').click();
          await expect(summary.getByRole('button', { name: 'By Print Type' })).toHaveAttribute('aria-pressed', 'true');
          await expectJobSummaryFitted(page, 24);
          // Cut from the whole page, as below: scrolled to it, the phone's sticky header would cover its top.
          await page.evaluate(() => window.scrollTo(0, 0));
          const pageBox = await summary.boundingBox();
          await page.screenshot({
            path: 'test-results/screenshots/job-summary-DTF-by-print-type-390x844.png',
            fullPage: true,
            ...(pageBox === null ? {} : { clip: pageBox }),
          });
          await summary.getByText('By Size').click();
          await expectJobSummaryFitted(page, 24);
        }
        // Cut from the whole page: scrolled to it, the phone's sticky header would cover its top.
        await page.evaluate(() => window.scrollTo(0, 0));
        const summaryBox = await page.getByRole('region', { name: 'Job summary' }).boundingBox();
        await page.screenshot({
          path: `test-results/screenshots/job-summary-${group}-${viewport.width}x${viewport.height}.png`,
          fullPage: true,
          ...(summaryBox === null ? {} : { clip: summaryBox }),
        });
      }
    });
  }
}

test('DTF Jobs Analysis: its KPIs, the By Print Type page and the events download read back', async ({ page }) => {
  test.setTimeout(180_000);
  const check = page.waitForResponse((response) =>
    response.url().includes(`${JOBS}/check-errors-and-maintenance-file`),
  );
  await openSignedInAs(page, ACCOUNTS.admin, '/reports/jobs?selectedSystemGroup=DTF');
  await expectJobsDrawn(page);
  for (const name of ['Production', 'Printing Time', 'Total Ink', 'Bottles Loaded per Period']) {
    await expect(page.getByRole('region', { name, exact: true }).locator('.series-chart__total')).toHaveText(/\d/);
  }
  await expect(page.getByRole('region', { name: 'Cycle Time', exact: true })).toHaveCount(0);
  await expect(
    page.getByRole('region', { name: 'Production', exact: true }).locator('.series-chart__total'),
  ).toHaveText(/ m$/);

  const summary = page.getByRole('region', { name: 'Job summary' });
  await summary.getByText('By Print Type').click();
  await expect(summary.getByRole('button', { name: 'By Print Type' })).toHaveAttribute('aria-pressed', 'true');
  await expectJobSummaryFitted(page, 80);
  await expectNoAxeViolations(page, 'Jobs Analysis (DTF week, By Print Type)');

  // The errors and maintenance download: its rows are the events the check counted.
  const checked = await check;
  expect(checked.status()).toBe(200);
  const { rows } = (await checked.json()) as { rows: number };
  const button = page.getByRole('button', { name: 'Download events' });
  await expect(button).toHaveAttribute('title', 'Ready to download');
  const downloading = page.waitForEvent('download');
  await button.click();
  const download = await downloading;
  expect(download.suggestedFilename()).toMatch(
    /^Events_Error_Maintenance_DTF_\d{4}-\d{2}-\d{2}_\d{4}-\d{2}-\d{2}\.xlsx$/,
  );
  const workbook = new ExcelJS.Workbook();
  await workbook.xlsx.readFile(await download.path());
  expect((workbook.worksheets[0]?.actualRowCount ?? 0) - 1).toBe(rows);
});

test("Apollo Jobs Analysis: cycle time with the average process time, not DTG's printing time", async ({ page }) => {
  await openSignedInAs(page, ACCOUNTS.apolloAdmin, '/reports/jobs?selectedSystemGroup=Apollo');
  await expectJobsDrawn(page);
  const cycle = page.getByRole('region', { name: 'Cycle Time', exact: true });
  await expect(cycle.locator('.series-chart__total')).toHaveText(/s\/imp$/);
  await expect(cycle.getByText('Average process time:')).toBeVisible();
  await expect(page.getByRole('region', { name: 'Printing Time', exact: true })).toHaveCount(0);
  await expect(page.getByRole('region', { name: 'Job summary' }).getByRole('button', { name: /^Small/ })).toBeVisible();
  await expectNoAxeViolations(page, 'Jobs Analysis (Apollo week)');
});

test('A month chosen on Jobs Analysis stays with Jobs: Overview opens on its own week, Jobs on the month again', async ({
  page,
}) => {
  await openSignedInAs(page, ACCOUNTS.admin, '/reports/overview?selectedSystemGroup=DTG');
  const filters = new FilterBarPage(page);
  const navigation = new ShellPage(page).navigation();
  const pressed = (name: string) => expect(filters.button(name)).toHaveAttribute('aria-pressed', 'true');

  // The user's own choice on Overview: the week (its default is the day).
  await expect(page.getByRole('heading', { name: 'Overview', level: 1 })).toBeVisible();
  await filters.button('Week').click();
  await pressed('Week');
  // The applied change is in the URL (and remembered) once the filters have written it there.
  await expect(page).toHaveURL(/timeframe=week/);
  const overviewWeek = await filters.title().textContent();

  // On Jobs Analysis the user picks the month, which no other report allows.
  await navigation.getByRole('link', { name: 'Jobs Analysis' }).click();
  await expect(page.getByRole('heading', { name: 'Jobs Analysis', level: 1 })).toBeVisible();
  await filters.button('Month').click();
  await pressed('Month');
  await expect(page).toHaveURL(/timeframe=month/);
  const jobsMonth = await filters.title().textContent();
  expect(jobsMonth).not.toBe(overviewWeek);

  // Back on Overview: its own week, not the month and not its default day.
  await navigation.getByRole('link', { name: 'Overview' }).click();
  await expect(page.getByRole('heading', { name: 'Overview', level: 1 })).toBeVisible();
  await pressed('Week');
  await expect(filters.title()).toHaveText(overviewWeek ?? '');
  await expect(filters.button('Month')).toHaveCount(0);
  expect(new URL(page.url()).searchParams.get('timeframe')).toBe('week');

  // Back on Jobs Analysis: the month again.
  await navigation.getByRole('link', { name: 'Jobs Analysis' }).click();
  await expect(page.getByRole('heading', { name: 'Jobs Analysis', level: 1 })).toBeVisible();
  await pressed('Month');
  await expect(filters.title()).toHaveText(jobsMonth ?? '');
});
