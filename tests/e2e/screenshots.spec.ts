import { expect, test } from '@playwright/test';
import { ACCOUNTS, signInAs } from './pages/login.page.ts';

const VIEWPORTS = [
  { width: 1920, height: 1080 },
  { width: 1366, height: 768 },
  { width: 390, height: 844 },
];

/** Screenshots for people to look at, saved as test artifacts in test-results/screenshots/. */
for (const viewport of VIEWPORTS) {
  test(`overview and sign-in screenshots at ${viewport.width}x${viewport.height}`, async ({ page }) => {
    await page.setViewportSize(viewport);
    const size = `${viewport.width}x${viewport.height}`;
    await page.goto('/');
    await expect(page.getByRole('button', { name: 'Sign in' })).toBeVisible();
    await page.screenshot({ path: `test-results/screenshots/sign-in-${size}.png` });

    await signInAs(page, ACCOUNTS.admin);
    await expect(page.getByRole('group', { name: 'Total Impressions' }).getByLabel('value')).toBeVisible();
    await expect(page.getByText('Loading...')).toHaveCount(0);
    await page.screenshot({ path: `test-results/screenshots/overview-${size}.png` });

    if (viewport.width <= 900) {
      await page.getByRole('button', { name: 'Open navigation' }).click();
      const drawer = page.locator('.nav-drawer');
      await expect(drawer).toBeVisible();
      // Wait for the slide-in animation to end before taking the picture.
      await expect.poll(async () => (await drawer.boundingBox())?.x).toBe(0);
      await page.screenshot({ path: `test-results/screenshots/drawer-${size}.png` });
    }
  });
}
