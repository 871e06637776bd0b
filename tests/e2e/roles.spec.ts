import { expect, test } from '@playwright/test';
import { ACCOUNTS, openSignedInAs } from './pages/login.page.ts';
import { ShellPage } from './pages/shell.page.ts';

test('a read-only user sees the tenant name and only the entries a read-only role may use', async ({ page }) => {
  await openSignedInAs(page, ACCOUNTS.readOnly);
  const shell = new ShellPage(page);
  await expect(page.locator('header').getByText('Northwind Textiles')).toBeVisible();
  const entries = await shell.avatarMenuEntries();
  expect(entries).toEqual(['---', 'Help', 'Terms and conditions', 'Logout', 'Switch Customer']);
  for (const hidden of ['Scheduler', 'Settings', 'Goals', 'API management', 'Account management']) {
    expect(entries).not.toContain(hidden);
  }
});

test('a read-only user is sent home from the account management route', async ({ page }) => {
  await openSignedInAs(page, ACCOUNTS.readOnly, '/users');
  await expect(page).toHaveURL(/\/reports\/overview/);
  await expect(page.getByRole('heading', { name: 'Account Management' })).toHaveCount(0);
});

test('an admin reaches account management, and the documents open in the viewer', async ({ page }) => {
  await openSignedInAs(page, ACCOUNTS.admin, '/users');
  await expect(page.getByRole('heading', { name: 'Account Management' })).toBeVisible();
  await page.goto('/documents/privacy-policy');
  await expect(page.getByRole('heading', { name: 'Privacy Policy' })).toBeVisible();
  const frame = page.frameLocator('iframe');
  await expect(frame.getByRole('heading', { name: 'Privacy Policy' })).toBeVisible();
  // The documents share one stylesheet; it must reach the frame.
  await expect(frame.locator('body')).toHaveCSS('background-color', 'rgb(243, 245, 248)');
  await page.screenshot({ path: 'test-results/screenshots/document-viewer-1920x1080.png' });
});
