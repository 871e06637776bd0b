import { expect, test } from '@playwright/test';
import { ACCOUNTS, signInAs } from './pages/login.page.ts';

test('a user who has not accepted the terms must tick Agree, which is recorded', async ({ page }) => {
  await signInAs(page, ACCOUNTS.goals);
  const dialog = page.getByRole('dialog', { name: 'Terms and Conditions' });
  await expect(dialog).toBeVisible();
  await expect(page.getByText('Privacy Policy', { exact: true }).last()).toBeVisible();
  await page.screenshot({ path: 'test-results/screenshots/terms-and-cookies-1920x1080.png' });

  // Neither Escape nor a click on the backdrop dismisses it.
  await page.keyboard.press('Escape');
  await page.mouse.click(5, 5);
  await expect(dialog).toBeVisible();

  await dialog.getByRole('checkbox', { name: 'Agree' }).check();
  await expect(dialog).toBeHidden();

  // Recorded on the server: a fresh browser context signing in again sees no modal.
  await page.context().clearCookies();
  await page.evaluate(() => {
    localStorage.clear();
    sessionStorage.clear();
  });
  await signInAs(page, ACCOUNTS.goals);
  await expect(page.getByRole('group', { name: 'Total Impressions' })).toBeVisible();
  await expect(page.getByRole('dialog', { name: 'Terms and Conditions' })).toHaveCount(0);
});

test('a super user skips the agreement prompts', async ({ page }) => {
  await signInAs(page, ACCOUNTS.superUser);
  await expect(page.getByRole('group', { name: 'Total Impressions' })).toBeVisible();
  await expect(page.getByRole('dialog', { name: 'Terms and Conditions' })).toHaveCount(0);
});
