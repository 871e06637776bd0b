import { expect, test } from '@playwright/test';
import { expectNoAxeViolations } from './pages/axe.ts';
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

test('the Live Dashboard on a phone: the cards as wide as the filter bar, every line inside its card', async ({
  page,
}) => {
  await openSignedInAs(page, ACCOUNTS.apolloAdmin, '/reports/tv-dashboard?selectedSystemGroup=Apollo');
  await expect(page.getByTestId('shift-impressions')).toHaveText(/^\d[\d,]*$/);
  await expect(page.locator('.panel-frame[aria-busy="true"]')).toHaveCount(0);
  // Issue #25: the dark cards ended 12 px short of the filter bar's right edge (the gap of a machine filter drawn elsewhere).
  const filterBar = await page.getByRole('toolbar', { name: 'Report filters' }).boundingBox();
  for (const name of ['Shift or period', 'Impressions against target', 'Impressions (XMR)']) {
    const card = await page.getByRole('region', { name, exact: true }).boundingBox();
    expect(Math.round((card?.x ?? 0) + (card?.width ?? 0)), name).toBe(
      Math.round((filterBar?.x ?? 0) + (filterBar?.width ?? 0)),
    );
  }
  // ...and 'Site time (…)' and the percentage were cut off at the bottom of theirs.
  for (const name of ['Shift or period', 'Impressions against target']) {
    const card = page.getByRole('region', { name, exact: true });
    const cardBox = await card.boundingBox();
    for (const line of await card.locator('p').all()) {
      const box = await line.boundingBox();
      expect((box?.y ?? 0) + (box?.height ?? 0), `${name}: ${await line.innerText()}`).toBeLessThanOrEqual(
        (cardBox?.y ?? 0) + (cardBox?.height ?? 0),
      );
    }
  }
  await expect(page.getByText(/^Site time \(.+\)$/)).toBeVisible();
  await page.screenshot({ path: 'test-results/screenshots/tv-dashboard-390x844.png', fullPage: true });
  await expectNoAxeViolations(page, 'Live Dashboard on a phone');
});
