import { expect, test, type Locator, type Page } from '@playwright/test';
import type { SystemAnalysisItem, SystemsAnalysisResponse } from '../../src/shared/api-types.ts';
import { compareSerials } from '../../src/shared/systems/serial-sort.ts';
import { ACCOUNTS, openSignedInAs } from './pages/login.page.ts';
import { ShellPage } from './pages/shell.page.ts';

/** System status ordering of spec reports §4. */
const STATUS_ORDER = ['Printing', 'Preparation', 'Idle', 'NotReporting', 'Maintenance', 'Error'];

/** The Systems Analysis page: toolbar, table or cards, popups. */
class SystemsAnalysisPage {
  readonly page: Page;

  constructor(page: Page) {
    this.page = page;
  }

  /** Opens the report from the navigation and returns the systems the API answered with. */
  async open(): Promise<Map<string, SystemAnalysisItem>> {
    const answer = this.page.waitForResponse((response) =>
      response.url().includes('/api/system-data/systems-analysis'),
    );
    await new ShellPage(this.page).navigation().getByRole('link', { name: 'Systems Analysis' }).click();
    await expect(this.page.getByRole('heading', { name: 'Systems Analysis', level: 1 })).toBeVisible();
    const body = (await (await answer).json()) as SystemsAnalysisResponse;
    // The panel draws its rows after the answer arrives: wait for them before anyone reads the shown serials.
    await expect(this.page.locator('.systems-analysis__serial').first()).toBeVisible();
    return new Map(body.systems.map((system) => [system.serialNumber, system]));
  }

  table(): Locator {
    return this.page.getByRole('table', { name: 'Systems' });
  }

  header(name: string): Locator {
    return this.table().getByRole('button', { name, exact: true });
  }

  /** Serial numbers of the rows the virtual scroller shows, top to bottom. */
  async shownSerials(): Promise<string[]> {
    return this.table().locator('tbody .systems-analysis__serial').allTextContents();
  }

  viewButton(name: 'Cards' | 'Table'): Locator {
    return this.page.getByRole('toolbar', { name: 'Systems view' }).getByRole('button', { name });
  }

  /** Switches the view and waits until it is stored as the user's preference. */
  async switchView(name: 'Cards' | 'Table'): Promise<void> {
    const saved = this.page.waitForResponse(
      (response) => response.url().includes('/api/users/user-settings') && response.request().method() === 'POST',
    );
    await this.viewButton(name).click();
    expect((await saved).status()).toBe(200);
  }
}

function isOrdered(values: readonly number[], direction: 'asc' | 'desc'): boolean {
  return values.every(
    (value, index) => index === 0 || (direction === 'asc' ? values[index - 1]! <= value : values[index - 1]! >= value),
  );
}

test('Systems Analysis: table by default, sort rules, Sort By Status, view switch', async ({ page }) => {
  await openSignedInAs(page, ACCOUNTS.admin);
  const report = new SystemsAnalysisPage(page);
  const systems = await report.open();
  expect(systems.size).toBeGreaterThan(1);
  await expect(report.table()).toBeVisible();
  await expect(page.getByText(`${systems.size} systems`)).toBeVisible();

  const figure = async (field: 'production' | 'speed') =>
    (await report.shownSerials()).map((serial) => systems.get(serial)![field]);

  // First click: descending; same header: toggles; another header keeps the current order.
  await report.header('Production').click();
  await expect(report.table().locator('th[aria-sort="descending"]')).toHaveCount(1);
  expect(isOrdered(await figure('production'), 'desc')).toBe(true);
  await report.header('Production').click();
  await expect(report.table().locator('th[aria-sort="ascending"]')).toHaveCount(1);
  expect(isOrdered(await figure('production'), 'asc')).toBe(true);
  await report.header('Speed').click();
  await expect(report.table().locator('th[aria-sort="ascending"]')).toContainText('Speed');
  expect(isOrdered(await figure('speed'), 'asc')).toBe(true);

  // The system name header sorts by serial number.
  await report.header('System').click();
  const serials = await report.shownSerials();
  expect(serials).toEqual([...serials].sort(compareSerials));

  await page.getByRole('button', { name: 'Sort By Status' }).click();
  const ranks = (await report.shownSerials()).map((serial) => STATUS_ORDER.indexOf(systems.get(serial)!.printerStatus));
  expect(isOrdered(ranks, 'asc')).toBe(true);

  await report.switchView('Cards');
  await expect(report.table()).toHaveCount(0);
  const first = [...systems.keys()].sort(compareSerials)[0]!;
  await expect(page.getByRole('article', { name: first })).toBeVisible();
  await expect(
    page.getByRole('toolbar', { name: 'Sort systems' }).getByRole('button', { name: 'Status' }),
  ).toHaveAttribute('aria-pressed', 'true');

  // The view is the user's preference: the page opens in it until they switch again.
  await page.reload();
  await expect(page.getByRole('article', { name: first })).toBeVisible();
  await expect(report.table()).toHaveCount(0);
  await report.switchView('Table');
  await expect(report.table()).toBeVisible();
  await page.reload();
  await expect(report.table().locator('tbody tr').first()).toBeVisible();
});

test('Systems Analysis: a nickname edit survives a reload; the software popup shows versions', async ({ page }) => {
  await openSignedInAs(page, ACCOUNTS.admin);
  const report = new SystemsAnalysisPage(page);
  await report.open();
  const serial = (await report.shownSerials())[0]!;
  const nickname = `E2E press ${Date.now() % 100000}`;

  await page.getByRole('button', { name: `Edit nickname: ${serial}` }).click();
  const input = page.getByRole('dialog').getByLabel('Nickname');
  const original = await input.inputValue();
  await input.fill(nickname);
  await page.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByRole('dialog')).toHaveCount(0);
  await expect(report.table().getByText(nickname)).toBeVisible();

  await page.reload();
  await expect(report.table().getByText(nickname)).toBeVisible();

  await page.getByRole('button', { name: `Software Version Info: ${serial}` }).click();
  const popup = page.getByRole('dialog', { name: `Software Version Info: ${serial}` });
  await expect(popup.getByRole('table', { name: 'Component versions' })).toBeVisible();
  await expect(popup.getByText('Global software version')).toBeVisible();
  await popup.getByRole('button', { name: 'Close' }).click();

  // Put the demo fleet back as it was.
  await page.getByRole('button', { name: `Edit nickname: ${serial}` }).click();
  await page.getByRole('dialog').getByLabel('Nickname').fill(original);
  await page.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByRole('dialog')).toHaveCount(0);
});

const VIEWPORTS = [
  { width: 1920, height: 1080 },
  { width: 1366, height: 768 },
  { width: 390, height: 844 },
];

/** Screenshots for people to look at, saved in test-results/screenshots/. */
for (const viewport of VIEWPORTS) {
  test(`Systems Analysis screenshots at ${viewport.width}x${viewport.height}`, async ({ page }) => {
    await page.setViewportSize(viewport);
    const size = `${viewport.width}x${viewport.height}`;
    await openSignedInAs(page, ACCOUNTS.admin);
    const report = new SystemsAnalysisPage(page);
    if (viewport.width <= 900) {
      await page.getByRole('button', { name: 'Open navigation' }).click();
      await page.locator('.nav-drawer').getByRole('link', { name: 'Systems Analysis' }).click();
    } else {
      await report.open();
    }
    await expect(report.table().locator('tbody tr').first()).toBeVisible();
    await page.screenshot({ path: `test-results/screenshots/systems-table-${size}.png` });
    await report.switchView('Cards');
    await expect(page.getByRole('article').first()).toBeVisible();
    await page.screenshot({ path: `test-results/screenshots/systems-cards-${size}.png` });
    const serial = (await page.getByRole('article').first().getAttribute('aria-label')) ?? '';
    await page.getByRole('button', { name: `Software Version Info: ${serial}` }).click();
    await expect(page.getByRole('dialog').getByRole('table', { name: 'Component versions' })).toBeVisible();
    await page.screenshot({ path: `test-results/screenshots/systems-software-${size}.png` });
    // Back to the table, the preference the other tests start from.
    await page.keyboard.press('Escape');
    await expect(page.getByRole('dialog')).toHaveCount(0);
    await report.switchView('Table');
  });
}
