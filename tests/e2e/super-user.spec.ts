import { expect, test, type Page } from '@playwright/test';
import { DEMO_TENANTS } from '../../src/server/fixtures/demo-tenants.ts';
import { DEMO_PLAN_SEED, planFleet } from '../../src/server/simulator/fleet-plan.ts';
import { expectNoAxeViolations } from './pages/axe.ts';
import { ACCOUNTS, LoginPage } from './pages/login.page.ts';
import { ShellPage } from './pages/shell.page.ts';
import { TenantPickerPage } from './pages/tenant-picker.page.ts';

/**
 * Issue #28 item 2 through the real login: the super user's sign-in passes the tenant picker (/superUser, spec shell
 * §2), the portal then shows the chosen tenant's fleet, and Switch Customer brings the picker back for another tenant.
 */

const SHOTS = 'test-results/screenshots';
const SIZES = [
  { width: 1920, height: 1080 },
  { width: 1366, height: 768 },
  { width: 390, height: 844 },
];

/** The simulated fleet's printers of a tenant (the simulator's deterministic plan, not the database). */
const plan = planFleet({ seed: DEMO_PLAN_SEED });
const printersOf = (tenantId: string) => plan.systems.filter((system) => system.tenantId === tenantId);

async function shootAllSizes(page: Page, name: string) {
  for (const size of SIZES) {
    await page.setViewportSize(size);
    await page.evaluate(() => new Promise((done) => requestAnimationFrame(() => requestAnimationFrame(done))));
    await page.screenshot({ path: `${SHOTS}/${name}-${size.width}x${size.height}.png`, animations: 'disabled' });
  }
  await page.setViewportSize(SIZES[0] ?? { width: 1920, height: 1080 });
}

/** Every tenant search the page sends, as its name pattern. */
function recordSearches(page: Page): string[] {
  const patterns: string[] = [];
  page.on('request', (request) => {
    const url = new URL(request.url());
    if (url.pathname === '/api/super-users/get-super-user-tenants')
      patterns.push(url.searchParams.get('namePattern') ?? '');
  });
  return patterns;
}

test('a super user picks a tenant at sign-in, sees its fleet, and Switch Customer brings the picker back', async ({
  page,
}) => {
  test.setTimeout(180_000);
  await page.setViewportSize({ width: 1920, height: 1080 });
  const searches = recordSearches(page);
  await page.goto('/');
  await new LoginPage(page).signIn(ACCOUNTS.superUser);

  const picker = new TenantPickerPage(page);
  await picker.expectVisible();
  await expect(picker.input()).toHaveAttribute('placeholder', 'Start typing customer name');
  await expect(picker.continueButton()).toBeDisabled();
  await shootAllSizes(page, 'super-user-picker');

  // Under 3 characters nothing is searched; a name that matches nothing says so.
  await picker.input().fill('zz');
  await picker.input().fill('zzz');
  await expect(page.getByRole('status')).toHaveText('There are no users in your account with this name');
  expect(searches).toEqual(['zzz']);

  await picker.input().fill('sun');
  await expect(picker.suggestions()).toHaveText([DEMO_TENANTS.apollo.name]);
  const list = page.getByRole('listbox', { name: 'Customer' });
  expect(await list.evaluate((element) => getComputedStyle(element).maxHeight)).toBe('200px');
  await picker.input().press('ArrowDown');
  await expect(picker.suggestions().first()).toHaveAttribute('aria-selected', 'true');
  await expectNoAxeViolations(page, 'the tenant picker with its suggestions');
  await shootAllSizes(page, 'super-user-picker-suggestions');
  await picker.input().press('Enter');
  await expect(picker.input()).toHaveValue(DEMO_TENANTS.apollo.name);
  await expect(picker.continueButton()).toBeEnabled();
  await picker.continueButton().click();

  // Sunrise's fleet: its Apollo printers, and the Live Dashboard its tenant is allowed.
  await expect(page).toHaveURL(/\/reports\/overview/);
  const shell = new ShellPage(page);
  await expect.poll(async () => (await shell.activeSystems()).total).toBe(printersOf(DEMO_TENANTS.apollo.id).length);
  await expect(shell.navigation().getByRole('link', { name: 'Live Dashboard' })).toBeVisible();
  await expect(page.getByRole('group', { name: 'Total Impressions' })).toBeVisible();
  await shootAllSizes(page, 'super-user-overview-sunrise');

  const menu = await shell.openAvatarMenu();
  await menu.getByRole('menuitem', { name: 'Switch Customer' }).click();
  // The provider's session stands: the picker again, without the password form.
  await picker.pick(DEMO_TENANTS.small.name, 'corner');
  await expect(page).toHaveURL(/\/reports\/overview/);
  const corner = printersOf(DEMO_TENANTS.small.id);
  await expect
    .poll(async () => (await shell.activeSystems()).total)
    .toBe(corner.filter((system) => system.group === 'DTG').length);
  await expect(shell.navigation().getByRole('link', { name: 'Live Dashboard' })).toHaveCount(0);

  await page.goto('/reports/systems?selectedSystemGroup=DTG');
  // The view (cards or table) is the user's remembered choice: another spec signed in as this user may have left Cards.
  await page.getByRole('toolbar', { name: 'Systems view' }).getByRole('button', { name: 'Table' }).click();
  const table = page.getByRole('table', { name: 'Systems' });
  for (const system of corner.filter((printer) => printer.group === 'DTG')) {
    await expect(table.getByText(system.serialNumber, { exact: true })).toBeVisible();
  }
  await expect(table.getByText('DTG-10001', { exact: true })).toHaveCount(0);
});
