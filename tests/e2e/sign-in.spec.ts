import { expect, test } from '@playwright/test';
import { DEMO_TENANTS } from '../../src/server/fixtures/demo-tenants.ts';
import { abbreviateNumber } from '../../src/shared/format/abbreviate-number.ts';
import { ACCOUNTS, LoginPage, openSignedInAs, signInAs } from './pages/login.page.ts';
import { ShellPage } from './pages/shell.page.ts';
import { finishedProductionDay, simulatedImpressions } from './pages/simulated-fleet.ts';

test('an admin signs in through the embedded IdP and sees the shell and the KPI card of the simulated fleet', async ({
  page,
}) => {
  await signInAs(page, ACCOUNTS.admin);
  const shell = new ShellPage(page);

  const nav = shell.navigation();
  await expect(nav.getByRole('link', { name: 'Overview' })).toBeVisible();
  await expect(nav.getByRole('link', { name: 'Systems Analysis' })).toBeVisible();
  await expect(nav.getByRole('link', { name: 'Jobs Analysis' })).toBeVisible();
  // Northwind is not on the Live Dashboard allow-list (the demo's Apollo tenant is).
  await expect(nav.getByRole('link', { name: 'Live Dashboard' })).toHaveCount(0);
  await expect(page.locator('header').getByText(/active systems/)).toBeVisible();
  await expect(page.locator('header').getByText('v1.0.859')).toBeVisible();

  // Today's card shows what the fleet has reported so far today.
  await expect(shell.kpiCard('Total Impressions').getByLabel('value')).toHaveAttribute('title', /^\d+$/);

  // A finished day (from the URL's day) is fully known: the card equals the simulator's jobs, summed here in JS.
  const day = finishedProductionDay(DEMO_TENANTS.main.id, 'DTG');
  await page.goto(`/reports/overview?day=${day}`);
  const expected = simulatedImpressions(DEMO_TENANTS.main.id, 'DTG', day);
  expect(expected).toBeGreaterThan(0);
  const value = shell.kpiCard('Total Impressions').getByLabel('value');
  await expect(value).toHaveAttribute('title', String(expected));
  await expect(value).toHaveText(abbreviateNumber(expected));
});

test('the avatar menu lists the admin entries in the spec order', async ({ page }) => {
  await openSignedInAs(page, ACCOUNTS.admin);
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

test('the Apollo tenant signs in, gets the Live Dashboard entry and its own fleet', async ({ page }) => {
  await signInAs(page, ACCOUNTS.apolloAdmin);
  const day = finishedProductionDay(DEMO_TENANTS.apollo.id, 'Apollo');
  await page.goto(`/reports/overview?day=${day}`);
  const shell = new ShellPage(page);
  await expect(shell.navigation().getByRole('link', { name: 'Live Dashboard' })).toBeVisible();
  const expected = simulatedImpressions(DEMO_TENANTS.apollo.id, 'Apollo', day);
  await expect(shell.kpiCard('Total Impressions').getByLabel('value')).toHaveAttribute('title', String(expected));
});

test('the small shop signs in and sees its own DTG fleet', async ({ page }) => {
  await signInAs(page, ACCOUNTS.smallShopOwner);
  const day = finishedProductionDay(DEMO_TENANTS.small.id, 'DTG');
  await page.goto(`/reports/overview?selectedSystemGroup=DTG&day=${day}`);
  const shell = new ShellPage(page);
  await expect(shell.navigation().getByRole('link', { name: 'Live Dashboard' })).toHaveCount(0);
  const expected = simulatedImpressions(DEMO_TENANTS.small.id, 'DTG', day);
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
