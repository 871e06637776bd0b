import { expect, test } from '@playwright/test';
import { ACCOUNTS, openSignedInAs } from './pages/login.page.ts';

test.use({ viewport: { width: 390, height: 844 } });

test('at 390 px the mobile header (88 px) opens a 300 px drawer with the navigation', async ({ page }) => {
  await openSignedInAs(page, ACCOUNTS.admin);
  // The mobile header loads lazily behind a placeholder of the same class: measure the real one.
  const menuButton = page.getByRole('button', { name: 'Open navigation' });
  await expect(menuButton).toBeVisible();
  const header = page.locator('header.app-header--mobile', { has: menuButton });
  expect((await header.boundingBox())?.height).toBe(88);
  await expect(header.getByText(/^\d+ \/ \d+$/)).toBeVisible();

  await menuButton.click();
  const drawer = page.locator('.nav-drawer');
  await expect(drawer).toBeVisible();
  await expect(drawer.getByRole('link', { name: 'Overview' })).toBeVisible();
  await expect(drawer.getByRole('link', { name: 'Systems Analysis' })).toBeVisible();
  await expect(drawer.getByRole('link', { name: 'Jobs Analysis' })).toBeVisible();
  expect(Math.round((await drawer.boundingBox())?.width ?? 0)).toBe(300);

  await drawer.getByRole('link', { name: 'Systems Analysis' }).click();
  await expect(page).toHaveURL(/\/reports\/systems/);
  await expect(drawer).toBeHidden();
});
