import ExcelJS from 'exceljs';
import { expect, test, type Page } from '@playwright/test';
import type { MachineSettings } from '../../src/shared/contract/system-page.contract.ts';
import { expectNoAxeViolations } from './pages/axe.ts';
import { FilterBarPage } from './pages/filter-bar.page.ts';
import { ACCOUNTS, openSignedInAs } from './pages/login.page.ts';
import { DEMO_SERIAL } from './pages/route-visits.ts';
import {
  finishedSystemDayWithEvents,
  simulatedEvents,
  simulatedOpenErrors,
  simulatedParameters,
  simulatedQualiset,
} from './pages/simulated-fleet.ts';

const VIEWPORTS = [
  { width: 1920, height: 1080 },
  { width: 1366, height: 768 },
  { width: 390, height: 844 },
];

/** Every placed panel has drawn its frame and left its loading state. */
async function expectPanelsDrawn(page: Page): Promise<void> {
  const items = page.locator('.report-page__grid[data-breakpoint] .react-grid-item');
  const drawn = page.locator('.report-page__grid .panel-frame[aria-busy="false"]');
  // Nine queries of one printer on the shared two-core machine: the first load can take longer than a check's 15 s.
  await expect
    .poll(
      async () => {
        const placed = await items.count();
        return placed > 0 && (await drawn.count()) === placed;
      },
      { timeout: 60_000 },
    )
    .toBe(true);
}

// A finished day on which the demo printer printed and had errors or maintenance: its events are the simulator's.
const day = finishedSystemDayWithEvents(DEMO_SERIAL);
const systemsUrl = `/reports/systems?selectedSystemGroup=DTG&timeframe=day&day=${day}`;

test('Systems Analysis → System page: day/hour timeline, the events XLSX, Back returns; axe passes', async ({
  page,
}) => {
  test.setTimeout(180_000);
  await openSignedInAs(page, ACCOUNTS.admin);
  await page.goto(systemsUrl);
  await expect(page.getByRole('heading', { level: 1, name: 'Systems Analysis' })).toBeVisible();

  // The table's System Page action keeps the selected group and date.
  await page.getByRole('link', { name: `System Page: ${DEMO_SERIAL}` }).click();
  await expect(page).toHaveURL(new RegExp(`/reports/systems/system-page/${DEMO_SERIAL}\\?.*day=${day}`));
  await expect(page.getByRole('heading', { level: 1, name: `System Page: ${DEMO_SERIAL}` })).toBeVisible();
  await expectPanelsDrawn(page);

  // Spec reports §2: a back button instead of the filter button, no group toggle; day and week only.
  const toolbar = page.getByRole('toolbar', { name: 'Report filters' });
  await expect(toolbar.getByRole('button', { name: 'Back' })).toBeVisible();
  await expect(toolbar.getByRole('group', { name: 'System group' })).toHaveCount(0);
  await expect(page.getByRole('button', { name: /^Filter/ })).toHaveCount(0);
  await expect(toolbar.getByRole('button', { name: 'Day', exact: true })).toHaveAttribute('aria-pressed', 'true');
  await expect(toolbar.getByRole('button', { name: 'Week', exact: true })).toBeVisible();
  await expect(toolbar.getByRole('button', { name: 'Custom', exact: true })).toHaveCount(0);

  // The day timeline: the whole day, then one hour of twelve five-minute points (spec reports §9).
  const timeline = page.getByRole('region', { name: 'Timeline' });
  await expect(timeline.getByRole('img', { name: /^Statuses of the day: .*Printing/ })).toBeVisible();
  await timeline.getByRole('button', { name: 'Hour' }).click();
  await expect(timeline.getByRole('button', { name: 'Hour' })).toHaveAttribute('aria-pressed', 'true');
  await timeline.getByRole('combobox', { name: 'Hour' }).selectOption('10 AM');
  await expect(timeline.getByRole('listitem')).toHaveCount(5 + 12);
  await expect(timeline.getByRole('listitem').filter({ hasText: /^05/ })).toHaveText(/10:05 AM/);
  await expectNoAxeViolations(page, `System page of ${DEMO_SERIAL}, ${day}`);

  // Qualiset: the tests the simulator ran that day (sent through ingest), each with its result and score.
  const tests = simulatedQualiset(DEMO_SERIAL, day);
  expect(tests.length).toBeGreaterThan(0);
  const qualiset = page.getByRole('region', { name: 'Qualiset', exact: true });
  const passed = tests.filter((result) => result.passed).length;
  await expect(qualiset.getByText(`Passed ${passed} of ${tests.length} (`)).toBeVisible();
  await expect(qualiset.getByRole('row')).toHaveCount(tests.length + 1);
  for (const result of tests) {
    const cells = `${result.testName} ${result.passed ? 'Passed' : 'Failed'} ${result.score ?? '--'}`;
    await expect(qualiset.getByRole('row', { name: new RegExp(` ${cells}$`) })).toBeVisible();
  }

  // The events download: 200, named by the serial's last word and the day (spec reports §7), one row per event the
  // simulator sent that day.
  const events = simulatedEvents(DEMO_SERIAL, day);
  const download = page.getByRole('region', { name: 'Errors and events' });
  await expect(download.getByText(`${events} events in this period`)).toBeVisible();
  const downloading = page.waitForEvent('download');
  await download.getByRole('button', { name: 'Download events' }).click();
  const file = await downloading;
  expect(file.suggestedFilename()).toBe(`${DEMO_SERIAL}_Events_${day}.xlsx`);
  await expect(download.getByRole('status')).toHaveText('Report has been downloaded');
  const workbook = new ExcelJS.Workbook();
  await workbook.xlsx.readFile(await file.path());
  expect((workbook.worksheets[0]?.actualRowCount ?? 0) - 1).toBe(events);

  // The week: seven days of stacked shares (spec reports §9).
  await toolbar.getByRole('button', { name: 'Week', exact: true }).click();
  await expectPanelsDrawn(page);
  await expect(timeline.locator('.status-timeline__week-row')).toHaveCount(7);
  await expect(
    timeline
      .getByRole('img', { name: /Error \d+%, Maintenance \d+%, Idle \d+%, Printing \d+%, Not Reporting \d+%$/ })
      .first(),
  ).toBeVisible();

  // Browser Back: the day again, then Systems Analysis with its date.
  await page.goBack();
  await expect(toolbar.getByRole('button', { name: 'Day', exact: true })).toHaveAttribute('aria-pressed', 'true');
  await page.goBack();
  await expect(page).toHaveURL((url) => url.pathname === '/reports/systems' && url.searchParams.get('day') === day);
  await expect(page.getByRole('heading', { level: 1, name: 'Systems Analysis' })).toBeVisible();
});

test('Parameters → machine config: the device and the parameters the simulator sent that day, search, back button', async ({
  page,
}) => {
  test.setTimeout(120_000);
  await openSignedInAs(page, ACCOUNTS.admin);
  await page.goto(systemsUrl);
  const settingsCall = page.waitForResponse((response) => response.url().includes('/api/system-data/settings?'));
  await page.getByRole('link', { name: `Parameters: ${DEMO_SERIAL}` }).click();
  await expect(page.getByRole('heading', { level: 1, name: `Machine Config: ${DEMO_SERIAL}` })).toBeVisible();
  const response = await settingsCall;
  expect(response.status()).toBe(200);
  expect(new URL(response.url()).searchParams.get('day')).toBe(day);
  const settings = (await response.json()) as MachineSettings;
  await expectPanelsDrawn(page);

  const panel = page.getByRole('region', { name: 'Parameters' });
  await expect(panel.getByText(DEMO_SERIAL, { exact: false }).first()).toBeVisible();
  await expect(panel.getByRole('img', { name: `${settings.device.model} printer` })).toBeVisible();
  await expect(panel.getByRole('searchbox', { name: 'Search' })).toBeVisible();
  // The parameters the simulator sent that day, each with its value, min and max ('--' where absent, spec reports §5),
  // a number outside its range marked.
  const sent = simulatedParameters(DEMO_SERIAL, day);
  expect(sent.length).toBeGreaterThan(0);
  expect(settings.params).toHaveLength(sent.length);
  await expect(panel.getByText(`${sent.length} of ${sent.length} parameters`)).toBeVisible();
  const shown = (value: unknown) => (value === undefined || value === null ? '--' : String(value));
  for (const parameter of sent) {
    const outside =
      typeof parameter.value === 'number' &&
      ((typeof parameter.min === 'number' && parameter.value < parameter.min) ||
        (typeof parameter.max === 'number' && parameter.value > parameter.max));
    const value = `${shown(parameter.value)}${outside ? ' (out of range)' : ''}`;
    await expect(
      panel.getByRole('row', {
        name: `${parameter.name} ${value} ${shown(parameter.min)} ${shown(parameter.max)}`,
        exact: true,
      }),
    ).toBeVisible();
  }
  const first = sent[0];
  if (first !== undefined) {
    await panel.getByRole('searchbox', { name: 'Search' }).fill(first.name.slice(0, 6));
    await expect(panel.getByRole('rowheader', { name: first.name, exact: true })).toBeVisible();
    await expect(panel.getByRole('status')).toHaveText(new RegExp(`^\\d+ of ${sent.length} parameters$`));
  }
  await expectNoAxeViolations(page, `Machine config of ${DEMO_SERIAL}`);

  await page.getByRole('toolbar', { name: 'Report filters' }).getByRole('button', { name: 'Back' }).click();
  await expect(page).toHaveURL((url) => url.pathname === '/reports/systems' && url.searchParams.get('day') === day);
});

test('Open Ticket → service ticket: back arrow and title only, the prefilled ticket, Back returns', async ({
  page,
}) => {
  test.setTimeout(120_000);
  await openSignedInAs(page, ACCOUNTS.admin);
  await page.goto(systemsUrl);
  await page.getByRole('link', { name: `Open Ticket: ${DEMO_SERIAL}` }).click();
  await expect(page).toHaveURL(new RegExp(`/reports/systems/service-ticket/${DEMO_SERIAL}`));
  await expectPanelsDrawn(page);

  // Spec reports §2: the filter bar shows only a back arrow and the title 'Service Ticket'.
  const toolbar = page.getByRole('toolbar', { name: 'Report filters' });
  await expect(toolbar.getByRole('button')).toHaveCount(1);
  await expect(toolbar.getByRole('button', { name: 'Back' })).toBeVisible();
  await expect(toolbar.getByRole('heading', { name: 'Service Ticket' })).toBeVisible();

  const ticket = page.getByRole('textbox', { name: 'Ticket summary' });
  await expect(ticket).toHaveValue(new RegExp(`^Service ticket: ${DEMO_SERIAL} \\(DTG\\)\\nPeriod: ${day}\\n`));
  // The errors still going on at the day's end (the simulator's that ran past midnight), then the day's errors.
  await expect(ticket).toHaveValue(
    new RegExp(`\\nOpen errors at the end of the period \\(${simulatedOpenErrors(DEMO_SERIAL, day)}\\):\\n`),
  );
  await expect(ticket).toHaveValue(new RegExp(`\\nErrors in the period \\(\\d+\\):`));
  await expect(page.getByRole('region', { name: 'Timeline of the day' }).getByRole('img')).toBeVisible();
  await expectNoAxeViolations(page, `Service ticket of ${DEMO_SERIAL}`);

  await page.goBack();
  await expect(page).toHaveURL((url) => url.pathname === '/reports/systems' && url.searchParams.get('day') === day);
});

test('Overview narrowed to one printer → its System page on the same date; Back returns to the Overview with its filters', async ({
  page,
}) => {
  test.setTimeout(180_000);
  await openSignedInAs(page, ACCOUNTS.admin);
  await page.goto(`/reports/overview?selectedSystemGroup=DTG&timeframe=day&day=${day}`);
  await expect(page.getByRole('heading', { level: 1, name: 'Overview' })).toBeVisible();
  const strip = page.getByRole('region', { name: 'Selected printer' });
  await expect(page.getByRole('region', { name: 'Total Impressions' })).toBeVisible();
  await expect(strip).toHaveCount(0);

  // The machine filter narrows the Overview to the demo printer: the strip names it and links to its pages.
  const tree = page.getByRole('complementary', { name: 'Filter' });
  await tree.getByRole('checkbox', { name: 'All', exact: true }).click();
  await tree.getByRole('searchbox', { name: 'Search' }).fill(DEMO_SERIAL);
  await tree.getByRole('checkbox', { name: DEMO_SERIAL, exact: true }).click();
  await expect.poll(() => new URL(page.url()).searchParams.get('systems')).toBe(DEMO_SERIAL);
  await expect(strip.getByText(DEMO_SERIAL, { exact: true })).toBeVisible();
  await expect(strip.getByRole('link', { name: `Parameters: ${DEMO_SERIAL}` })).toBeVisible();
  await expect(strip.getByRole('link', { name: `Open Ticket: ${DEMO_SERIAL}` })).toBeVisible();
  await expectPanelsDrawn(page);
  await expectNoAxeViolations(page, `Overview narrowed to ${DEMO_SERIAL}`);
  const overview = page.url();

  await strip.getByRole('link', { name: `System Page: ${DEMO_SERIAL}` }).click();
  await expect(page).toHaveURL(
    (url) => url.pathname === `/reports/systems/system-page/${DEMO_SERIAL}` && url.searchParams.get('day') === day,
  );
  await expect(page.getByRole('heading', { level: 1, name: `System Page: ${DEMO_SERIAL}` })).toBeVisible();
  await expectPanelsDrawn(page);
  expect(await new FilterBarPage(page).selectedDay()).toBe(day);

  // Browser Back: the Overview again, its date and its one-printer selection kept.
  await page.goBack();
  await expect(page).toHaveURL(overview);
  await expect(page.getByRole('heading', { level: 1, name: 'Overview' })).toBeVisible();
  await expect(strip.getByText(DEMO_SERIAL, { exact: true })).toBeVisible();
  await tree.getByRole('searchbox', { name: 'Search' }).fill(DEMO_SERIAL);
  await expect(tree.getByRole('checkbox', { name: DEMO_SERIAL, exact: true })).toHaveAttribute('aria-checked', 'true');
});

for (const viewport of VIEWPORTS) {
  test(`system pages screenshots at ${viewport.width}x${viewport.height}`, async ({ page }) => {
    test.setTimeout(120_000);
    await page.setViewportSize(viewport);
    await openSignedInAs(page, ACCOUNTS.admin);
    for (const type of ['system-page', 'machine-config', 'service-ticket']) {
      await page.goto(`/reports/systems/${type}/${DEMO_SERIAL}?selectedSystemGroup=DTG&timeframe=day&day=${day}`);
      await expectPanelsDrawn(page);
      await page.screenshot({
        path: `var/screenshots/${type}-${viewport.width}x${viewport.height}.png`,
        fullPage: true,
      });
    }
    // The Overview narrowed to the demo printer: the 'Selected printer' strip above the cards.
    await page.goto(`/reports/overview?selectedSystemGroup=DTG&timeframe=day&day=${day}&systems=${DEMO_SERIAL}`);
    await expect(
      page.getByRole('region', { name: 'Selected printer' }).getByRole('link', { name: `System Page: ${DEMO_SERIAL}` }),
    ).toBeVisible();
    await expectPanelsDrawn(page);
    await page.screenshot({
      path: `var/screenshots/overview-one-printer-${viewport.width}x${viewport.height}.png`,
      fullPage: true,
    });
  });
}
