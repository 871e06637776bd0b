import { expect, test, type Page } from '@playwright/test';
import { ACCOUNTS, openSignedInAs } from './pages/login.page.ts';
import { FilterBarPage as FilterBar, addDays, mondayOf } from './pages/filter-bar.page.ts';
import { ShellPage } from './pages/shell.page.ts';

function queryOf(page: Page): URLSearchParams {
  return new URL(page.url()).searchParams;
}

test('the filter bar keeps timeframe and day in the URL, through Back and reload', async ({ page }) => {
  await openSignedInAs(page, ACCOUNTS.admin);
  const bar = new FilterBar(page);
  await expect(bar.button('Day')).toHaveAttribute('aria-pressed', 'true');
  // The filters are ready once the bar shows the selected day.
  await expect(bar.root.getByText(/^[A-Z][a-z]+ \d{1,2}, \d{4}$/)).toBeVisible();

  await bar.button('Week').click();
  await expect(page).toHaveURL(/[?&]timeframe=week/);
  const monday = queryOf(page).get('day') ?? '';
  expect(new Date(`${monday}T00:00:00Z`).getUTCDay()).toBe(1);
  await expect(bar.button('Week')).toHaveAttribute('aria-pressed', 'true');

  // One week back; a week that starts before the fixture's first day keeps that first day (spec reports §4).
  await bar.button('Previous').click();
  await expect(page).not.toHaveURL(new RegExp(`[?&]day=${monday}`));
  const previousDay = queryOf(page).get('day') ?? '';
  expect(mondayOf(previousDay)).toBe(addDays(monday, -7));
  await expect(bar.button('Next')).toBeEnabled();

  await page.goBack();
  await expect(page).toHaveURL(new RegExp(`[?&]day=${monday}`));
  expect(queryOf(page).get('timeframe')).toBe('week');
  await expect(bar.button('Week')).toHaveAttribute('aria-pressed', 'true');
  await expect(bar.button('Today')).toBeDisabled();

  // Back to the report as first opened: the default filters again.
  await page.goBack();
  await expect(page).not.toHaveURL(/[?&]timeframe=/);
  await expect(bar.button('Day')).toHaveAttribute('aria-pressed', 'true');

  await page.goForward();
  await expect(page).toHaveURL(new RegExp(`[?&]day=${monday}`));
  await expect(bar.button('Week')).toHaveAttribute('aria-pressed', 'true');
  await page.goForward();
  await expect(page).toHaveURL(new RegExp(`[?&]day=${previousDay}`));
  await expect(bar.button('Today')).toBeEnabled();

  await page.reload();
  await expect(bar.button('Week')).toHaveAttribute('aria-pressed', 'true');
  await expect(page).toHaveURL(new RegExp(`[?&]day=${previousDay}`));
  expect(queryOf(page).get('timeframe')).toBe('week');
  await expect(new ShellPage(page).kpiCard('Total Impressions').getByLabel('value')).toHaveAttribute('title', /^\d+$/);
});

test('the day, week and custom range pickers set the URL, through reload and Back/Forward', async ({ page }) => {
  await openSignedInAs(page, ACCOUNTS.admin);
  const bar = new FilterBar(page);
  const last = await bar.selectedDay();

  const day = addDays(last, -3);
  await bar.chooseInPicker(day);
  await expect(page).toHaveURL(new RegExp(`[?&]day=${day}`));
  await expect(bar.button('Today')).toBeEnabled();

  await bar.button('Week').click();
  await expect(page).toHaveURL(/[?&]timeframe=week/);
  const weekDay = addDays(last, -7);
  await bar.chooseInPicker(weekDay);
  await expect.poll(() => mondayOf(queryOf(page).get('day') ?? '')).toBe(mondayOf(weekDay));
  const weekUrl = page.url();

  const from = addDays(last, -5);
  const to = addDays(last, -2);
  // One history entry per applied filter change; opening the dialog and choosing in it add none.
  const entries = await page.evaluate(() => history.length);
  const customTitle = await bar.applyCustomRange(from, to, '05:00');
  expect(await page.evaluate(() => history.length)).toBe(entries + 1);
  await expect(page).toHaveURL(/[?&]timeframe=custom/);
  expect(queryOf(page).get('from')).toBe(`${from}T05:00`);
  expect(queryOf(page).get('to')).toBe(`${to}T23:00`);
  await expect(bar.button('Today')).toHaveCount(0);

  await page.reload();
  await expect(bar.title()).toHaveText(customTitle);
  await expect(bar.button('Custom')).toHaveAttribute('aria-pressed', 'true');

  await page.goBack();
  await expect(page).toHaveURL(weekUrl);
  await expect(bar.button('Week')).toHaveAttribute('aria-pressed', 'true');
  expect(queryOf(page).has('from')).toBe(false);

  await page.goForward();
  await expect(bar.title()).toHaveText(customTitle);
  await expect(bar.button('Custom')).toHaveAttribute('aria-pressed', 'true');
});

test('Back while the filter data is still loading after a reload lands on the earlier filters', async ({ page }) => {
  await openSignedInAs(page, ACCOUNTS.admin);
  const bar = new FilterBar(page);
  const last = await bar.selectedDay();
  await bar.button('Week').click();
  await expect(page).toHaveURL(/[?&]timeframe=week/);
  const weekUrl = page.url();
  const customTitle = await bar.applyCustomRange(addDays(last, -5), addDays(last, -2), '05:00');
  const customUrl = page.url();

  // Hold the filter data of the reloaded page until the user has gone back: the order a slow network or a busy
  // machine produced by chance (the page then wrote its stale custom range back over the week).
  let release: () => void = () => undefined;
  const held = new Promise<void>((resolve) => (release = resolve));
  await page.route('**/api/reports/date-filters**', async (route) => {
    await held;
    await route.continue();
  });
  await page.reload();
  await expect(page.getByText('Loading report...')).toBeVisible();
  await page.goBack();
  await expect(page).toHaveURL(weekUrl);
  release();

  await expect(bar.button('Week')).toHaveAttribute('aria-pressed', 'true');
  await expect(bar.root.getByRole('button', { name: /^\w{3} \d{1,2} – / })).toBeVisible();
  expect(page.url()).toBe(weekUrl);
  await page.goForward();
  await expect(page).toHaveURL(customUrl);
  await expect(bar.title()).toHaveText(customTitle);
});

test.describe('on a phone', () => {
  test.use({ viewport: { width: 390, height: 844 } });

  test('the calendar modal applies on Done and restores on close', async ({ page }) => {
    await openSignedInAs(page, ACCOUNTS.admin);
    const bar = new FilterBar(page);
    const last = await bar.selectedDay();
    await expect(bar.root.getByRole('group', { name: 'Timeframe' })).toHaveCount(0);

    let modal = await bar.openMobileCalendar();
    await modal.getByRole('button', { name: 'Week', exact: true }).click();
    const weekDay = addDays(last, -7);
    await bar.chooseDay(modal, weekDay);
    await expect(page).not.toHaveURL(/[?&]timeframe=/);
    await modal.getByRole('button', { name: 'Done' }).click();
    await expect(modal).toBeHidden();
    await expect(page).toHaveURL(/[?&]timeframe=week/);
    await expect.poll(() => mondayOf(queryOf(page).get('day') ?? '')).toBe(mondayOf(weekDay));
    const applied = page.url();
    const appliedTitle = (await bar.title().textContent()) ?? '';

    modal = await bar.openMobileCalendar();
    await modal.getByRole('button', { name: 'Day', exact: true }).click();
    await bar.chooseDay(modal, last);
    await modal.getByRole('button', { name: 'Close' }).click();
    await expect(modal).toBeHidden();
    expect(page.url()).toBe(applied);
    await expect(bar.title()).toHaveText(appliedTitle);
  });
});

const VIEWPORTS = [
  { width: 1920, height: 1080 },
  { width: 1366, height: 768 },
  { width: 390, height: 844 },
];

/** Screenshots of the open pickers and the custom range dialog, for people to look at (test-results/screenshots/). */
for (const viewport of VIEWPORTS) {
  test(`picker screenshots at ${viewport.width}x${viewport.height}`, async ({ page }) => {
    const size = `${viewport.width}x${viewport.height}`;
    const shot = (name: string) => page.screenshot({ path: `test-results/screenshots/${name}-${size}.png` });
    await page.setViewportSize(viewport);
    await openSignedInAs(page, ACCOUNTS.admin);
    const bar = new FilterBar(page);
    const last = await bar.selectedDay();
    const dialog = bar.customRangeDialog();

    if (viewport.width < 750) {
      const modal = await bar.openMobileCalendar();
      await shot('picker-mobile-day');
      await modal.getByRole('button', { name: 'Week', exact: true }).click();
      await shot('picker-mobile-week');
      await modal.getByRole('button', { name: 'Custom', exact: true }).click();
    } else {
      await bar.openPicker();
      await shot('picker-day');
      await page.keyboard.press('Escape');
      await bar.button('Week').click();
      await bar.openPicker();
      await shot('picker-week');
      await page.keyboard.press('Escape');
      await bar.button('Custom').click();
    }
    await expect(dialog).toBeVisible();
    await bar.chooseDay(dialog.getByRole('group', { name: 'From date' }), addDays(last, -1));
    await bar.chooseDay(dialog.getByRole('group', { name: 'To date' }), addDays(last, -1));
    await bar.chooseHour('From hour', '05:00');
    await bar.chooseHour('From AM or PM', 'PM');
    await bar.chooseHour('To hour', '03:00');
    await expect(dialog.getByRole('status')).toBeVisible();
    await expect(dialog).toHaveClass(/p-dialog-enter-done/);
    await shot('custom-range');
  });
}
