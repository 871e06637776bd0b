import sharp from 'sharp';
import { expect, test, type Page } from '@playwright/test';
import { ACCOUNTS, signInAs } from './pages/login.page.ts';
import { ShellPage } from './pages/shell.page.ts';

/**
 * Issue #28: the header's avatar shows the signed-in user's uploaded picture. The small shop's owner (an admin, their
 * tenant's root user) uploads a picture for themselves in Account Management; the header shows it at once, and again
 * after a reload (it is stored and served at /api/users/{id}/avatar). Screenshots of the header at three sizes.
 */

const SHOTS = 'test-results/screenshots';
const SIZES = [
  { width: 1920, height: 1080 },
  { width: 1366, height: 768 },
  { width: 390, height: 844 },
];

/** A 256 × 256 PNG: a teal disc on amber, so the picture is easy to tell from the initials. */
async function portrait(): Promise<Buffer> {
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="256" height="256">
    <rect width="256" height="256" fill="#f2a93b"/><circle cx="128" cy="110" r="70" fill="#1f7a8c"/>
    <rect x="48" y="190" width="160" height="66" rx="30" fill="#1f7a8c"/></svg>`;
  return sharp(Buffer.from(svg)).png().toBuffer();
}

/** The avatar button's picture once it has loaded and decoded (naturalWidth > 0). */
async function expectPicture(page: Page) {
  const image = new ShellPage(page).avatarButton().locator('img.avatar-button__image');
  await expect(image).toBeVisible();
  await expect.poll(() => image.evaluate((element: HTMLImageElement) => element.naturalWidth)).toBe(128);
  await expect(new ShellPage(page).avatarButton().locator('.avatar-button__initials')).toHaveCount(0);
}

test('the header shows the picture the user uploads for themselves', async ({ page }) => {
  test.setTimeout(120_000);
  await signInAs(page, ACCOUNTS.smallShopOwner);
  const shell = new ShellPage(page);
  await expect(shell.avatarButton().locator('.avatar-button__initials')).toHaveText('CC');

  const menu = await shell.openAvatarMenu();
  await menu.getByRole('menuitem', { name: 'Account management' }).click();
  await page.getByRole('button', { name: 'Edit Cory Corner' }).click();
  const form = page.getByRole('dialog', { name: 'Edit user' });
  await form.getByLabel('Choose a picture').setInputFiles({
    name: 'cory.png',
    mimeType: 'image/png',
    buffer: await portrait(),
  });
  await expect(form.locator('img')).toBeVisible();
  await form.getByRole('button', { name: 'Save' }).click();
  await expect(form).toBeHidden();
  await expectPicture(page);

  await page.reload();
  await expectPicture(page);
  for (const size of SIZES) {
    await page.setViewportSize(size);
    // The shell swaps its header on a media-query change: two frames, so the picture shows the header of the new size.
    await page.evaluate(() => new Promise((done) => requestAnimationFrame(() => requestAnimationFrame(done))));
    await expectPicture(page);
    await page.locator('header').screenshot({ path: `${SHOTS}/header-avatar-${size.width}x${size.height}.png` });
    await page.screenshot({ path: `${SHOTS}/header-avatar-page-${size.width}x${size.height}.png` });
  }
});
