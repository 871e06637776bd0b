import { expect, test } from '@playwright/test';
import { fixtureTotalImpressions, generateFixtureJobs } from '../../src/server/fixtures/fixture-fleet.ts';
import { abbreviateNumber } from '../../src/shared/format/abbreviate-number.ts';
import { ACCOUNTS, LoginPage, signInAs } from './pages/login.page.ts';
import { dayBefore, ShellPage, todayUtc } from './pages/shell.page.ts';

test('an admin signs in through the embedded IdP and sees the shell and the SQL-computed KPI card', async ({
  page,
}) => {
  await signInAs(page, ACCOUNTS.admin);
  const shell = new ShellPage(page);

  const nav = shell.navigation();
  await expect(nav.getByRole('link', { name: 'Overview' })).toBeVisible();
  await expect(nav.getByRole('link', { name: 'Systems Analysis' })).toBeVisible();
  await expect(nav.getByRole('link', { name: 'Jobs Analysis' })).toBeVisible();
  // The tenant is allow-listed, but the admin's default group is DTG: no Live Dashboard.
  await expect(nav.getByRole('link', { name: 'Live Dashboard' })).toHaveCount(0);
  await expect(page.locator('header').getByText(/active systems/)).toBeVisible();
  await expect(page.locator('header').getByText('v1.0.859')).toBeVisible();

  // Today's card shows what the fleet has reported so far today.
  await expect(shell.kpiCard('Total Impressions').getByLabel('value')).toHaveAttribute('title', /^\d+$/);

  // A finished day (from the URL's day) is fully known: SQL's sum equals the fixture's, computed here in JS.
  const day = dayBefore(todayUtc());
  await page.goto(`/reports/overview?day=${day}`);
  const expected = fixtureTotalImpressions(generateFixtureJobs(day), 'DTG', day);
  expect(expected).toBeGreaterThan(0);
  const value = shell.kpiCard('Total Impressions').getByLabel('value');
  await expect(value).toHaveAttribute('title', String(expected));
  await expect(value).toHaveText(abbreviateNumber(expected));
});

test('the avatar menu lists the admin entries in the spec order', async ({ page }) => {
  await signInAs(page, ACCOUNTS.admin);
  const entries = await new ShellPage(page).avatarMenuEntries();
  expect(entries).toEqual([
    'Scheduler',
    'Goals',
    'API management',
    'Account management',
    '---',
    'Help',
    'Terms and conditions',
    'Settings',
    'Logout',
  ]);
});

test('with Apollo selected, the allow-listed tenant gets the Live Dashboard entry', async ({ page }) => {
  await signInAs(page, ACCOUNTS.admin);
  const day = dayBefore(todayUtc());
  await page.goto(`/reports/overview?selectedSystemGroup=Apollo&day=${day}`);
  const shell = new ShellPage(page);
  await expect(shell.navigation().getByRole('link', { name: 'Live Dashboard' })).toBeVisible();
  const expected = fixtureTotalImpressions(generateFixtureJobs(day), 'Apollo', day);
  await expect(shell.kpiCard('Total Impressions').getByLabel('value')).toHaveAttribute('title', String(expected));
});

test('logout returns to the identity provider sign-in page', async ({ page }) => {
  await signInAs(page, ACCOUNTS.admin);
  const menu = await new ShellPage(page).openAvatarMenu();
  await menu.getByRole('menuitem', { name: 'Logout' }).click();
  await new LoginPage(page).expectVisible();
  // Signed out for real: opening a report starts sign-in again.
  await page.goto('/reports/overview');
  await new LoginPage(page).expectVisible();
});
