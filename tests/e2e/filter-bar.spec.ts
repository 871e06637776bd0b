import { expect, test, type Locator, type Page } from '@playwright/test';
import { ACCOUNTS, signInAs } from './pages/login.page.ts';
import { ShellPage } from './pages/shell.page.ts';

/** The report filter bar of a report page. */
class FilterBar {
  readonly root: Locator;

  constructor(page: Page) {
    this.root = page.getByRole('toolbar', { name: 'Report filters' });
  }

  button(name: string): Locator {
    return this.root.getByRole('button', { name, exact: true });
  }
}

function queryOf(page: Page): URLSearchParams {
  return new URL(page.url()).searchParams;
}

function addDays(day: string, days: number): string {
  return new Date(Date.parse(`${day}T00:00:00Z`) + days * 86_400_000).toISOString().slice(0, 10);
}

function mondayOf(day: string): string {
  return addDays(day, -((new Date(`${day}T00:00:00Z`).getUTCDay() + 6) % 7));
}

test('the filter bar keeps timeframe and day in the URL, through Back and reload', async ({ page }) => {
  await signInAs(page, ACCOUNTS.admin);
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
