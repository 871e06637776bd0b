import { expect, test, type Locator, type Page } from '@playwright/test';
import { expectNoAxeViolations } from './pages/axe.ts';
import { ACCOUNTS, signInAs } from './pages/login.page.ts';
import { ShellPage } from './pages/shell.page.ts';

/**
 * Issue #28, Account Management through the real login and the real portal (spec shell §2 "Account Management page",
 * §4 "User modal"): the admin opens the page from the avatar menu, creates a user restricted to one site, finds them
 * in the table, edits, duplicates and deletes; screenshots of the list and the modal at three sizes, axe on both.
 */

const SHOTS = 'test-results/screenshots';
const SIZES = [
  { width: 1920, height: 1080 },
  { width: 1366, height: 768 },
  { width: 390, height: 844 },
];

async function shoot(page: Page, name: string, size: { width: number; height: number }) {
  await page.setViewportSize(size);
  // The shell swaps its header on a media-query change: two frames, so the picture shows the header of the new size.
  await page.evaluate(() => new Promise((done) => requestAnimationFrame(() => requestAnimationFrame(done))));
  await page.screenshot({ path: `${SHOTS}/${name}-${size.width}x${size.height}.png`, animations: 'disabled' });
}

const userRow = (page: Page, name: string): Locator => page.getByRole('row').filter({ hasText: name });

test('an admin creates a user with one site, edits, duplicates and deletes them', async ({ page }) => {
  test.setTimeout(180_000);
  await signInAs(page, ACCOUNTS.admin);
  const menu = await new ShellPage(page).openAvatarMenu();
  await menu.getByRole('menuitem', { name: 'Account management' }).click();
  await expect(page).toHaveURL(/\/users(\?|$)/);
  await expect(page.getByRole('heading', { name: 'Account Management' })).toBeVisible();
  const root = userRow(page, 'Avery');
  await expect(root.getByRole('img', { name: 'Root User' })).toBeVisible();
  await expect(root.getByRole('cell', { name: 'All' })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Add user' })).toBeVisible();
  await expectNoAxeViolations(page, 'Account Management');

  // Search: one character lists everybody; two keep the matching first or last names.
  const search = page.getByRole('searchbox', { name: 'Search users' });
  const everybody = await page.getByRole('row').count();
  await search.fill('a');
  await expect(page.getByRole('row')).toHaveCount(everybody);
  await search.fill('AVE');
  await expect(page.getByRole('row')).toHaveCount(2);
  await expect(root).toBeVisible();
  await search.fill('');
  await expect(page.getByRole('row')).toHaveCount(everybody);

  // Create: the modal refuses bad input with the spec's messages, then saves a user restricted to one site.
  await page.getByRole('button', { name: 'Add user' }).click();
  const form = page.getByRole('dialog', { name: 'New user' });
  await expect(form.getByRole('button', { name: 'Save' })).toBeDisabled();
  await form.getByLabel('First name').fill('Nina2');
  await form.getByLabel('E-mail').fill('nina@');
  await expect(form.getByText('Must be letters only')).toBeVisible();
  await expect(form.getByText('Not a valid email address')).toBeVisible();
  await shoot(page, 'accounts-modal-errors', { width: 1366, height: 768 });
  await form.getByLabel('First name').fill('Nina');
  await form.getByLabel('Last name').fill('Berg');
  await form.getByLabel('E-mail').fill('nina.berg@northwind.demo');
  await expect(form.getByRole('switch', { name: 'Set goals' })).toBeDisabled();
  const tree = form.getByRole('tree');
  await tree
    .getByRole('button', { name: /^Expand / })
    .first()
    .click();
  const site = tree.getByRole('treeitem').nth(1);
  const siteName = (await site.locator('.p-treenode-label').first().innerText()).trim();
  await site.locator('.p-checkbox').first().click();
  await expect(form.getByRole('switch', { name: 'Set goals' })).toBeEnabled();
  await form.getByRole('switch', { name: 'Set goals' }).click();
  await form.getByRole('switch', { name: 'Create reports' }).click();
  for (const size of SIZES) await shoot(page, 'accounts-modal', size);
  await page.setViewportSize(SIZES[0]!);
  await expectNoAxeViolations(page, 'the user modal', '.user-form');
  const saved = page.waitForRequest((request) => request.method() === 'POST' && request.url().endsWith('/api/users'));
  await form.getByRole('button', { name: 'Save' }).click();
  const payload = (await saved).postDataJSON() as { siteIds: string[]; customerIds: string[]; permissions: string[] }[];
  expect(payload[0]?.siteIds).toHaveLength(1);
  expect(payload[0]?.customerIds).toEqual([]);
  expect(payload[0]?.permissions).toEqual(['goals-setter', 'email-scheduler']);
  const done = page.getByRole('dialog', { name: 'User created' });
  await expect(done.getByText(/Nina Berg can sign in once they set a password/)).toBeVisible();
  await expect(page.getByText('User saved')).toBeVisible();
  await shoot(page, 'accounts-created', { width: 1366, height: 768 });
  await done.getByText('Close', { exact: true }).click();
  await expect(done).toBeHidden();

  const nina = userRow(page, 'Nina');
  await expect(nina.getByRole('cell', { name: '1 site' })).toBeVisible();
  await expect(nina.getByRole('img', { name: 'Sets goals' })).toBeVisible();
  for (const size of SIZES) await shoot(page, 'accounts', size);
  await page.setViewportSize(SIZES[0]!);

  // Edit: the e-mail is read-only, the site stays checked, the new last name is listed.
  await nina.getByRole('button', { name: 'Edit Nina Berg' }).click();
  const edit = page.getByRole('dialog', { name: 'Edit user' });
  await expect(edit.getByLabel('E-mail')).toHaveAttribute('readonly', '');
  await edit
    .getByRole('tree')
    .getByRole('button', { name: /^Expand / })
    .first()
    .click();
  const editedSite = edit.getByRole('treeitem').nth(1);
  await expect(editedSite.locator('.p-treenode-label').first()).toHaveText(siteName);
  await expect(editedSite).toHaveAttribute('aria-checked', 'true');
  await edit.getByLabel('Last name').fill('Berg Holm');
  await edit.getByRole('button', { name: 'Save' }).click();
  await expect(edit).toBeHidden();
  await expect(userRow(page, 'Berg Holm')).toBeVisible();

  // Duplicate: a new user with the same roles and site; the e-mail must be another.
  await userRow(page, 'Berg Holm').getByRole('button', { name: 'More actions for Nina Berg Holm' }).click();
  await page.getByRole('menuitem', { name: 'Duplicate' }).click();
  const copy = page.getByRole('dialog', { name: 'New user' });
  await expect(copy.getByLabel('First name')).toHaveValue('Nina');
  await copy.getByLabel('First name').fill('Nora');
  await copy.getByLabel('E-mail').fill('nora.berg@northwind.demo');
  await copy.getByRole('button', { name: 'Save' }).click();
  await page.getByRole('dialog', { name: 'User created' }).getByText('Close', { exact: true }).click();
  const nora = userRow(page, 'Nora');
  await expect(nora.getByRole('cell', { name: '1 site' })).toBeVisible();

  // Delete, after the confirmation.
  await nora.getByRole('button', { name: 'Delete Nora Berg Holm' }).click();
  const confirm = page.getByRole('dialog', { name: 'Delete user' });
  await expect(confirm).toBeVisible();
  await shoot(page, 'accounts-delete', { width: 1366, height: 768 });
  await confirm.getByRole('button', { name: 'Yes' }).click();
  await expect(page.getByText('User deleted')).toBeVisible();
  await expect(nora).toHaveCount(0);
  await page.reload();
  await expect(userRow(page, 'Berg Holm')).toBeVisible();
  await expect(userRow(page, 'Nora')).toHaveCount(0);
});
