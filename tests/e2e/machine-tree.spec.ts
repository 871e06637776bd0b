import { expect, test, type Locator, type Page } from '@playwright/test';
import { ACCOUNTS, openSignedInAs } from './pages/login.page.ts';

function queryOf(page: Page): URLSearchParams {
  return new URL(page.url()).searchParams;
}

/** The machine tree of the overview: the panel beside the report, or the drawer at ≤ 1400 px. */
class MachineTreePage {
  readonly page: Page;
  readonly filterButton: Locator;

  constructor(page: Page) {
    this.page = page;
    this.filterButton = page.getByRole('toolbar', { name: 'Report filters' }).getByRole('button', { name: /^Filter/ });
  }

  panel(): Locator {
    return this.page.getByRole('complementary', { name: 'Filter' });
  }

  drawer(): Locator {
    return this.page.locator('.machine-filter-drawer');
  }

  checkbox(scope: Locator, name: string): Locator {
    return scope.getByRole('checkbox', { name, exact: true });
  }

  /** Folding is not part of the URL: a reload folds the models again, so find the printer by searching for it. */
  async search(scope: Locator, text: string): Promise<void> {
    await scope.getByRole('searchbox', { name: 'Search' }).fill(text);
  }

  /** The first printer row of the tree, after unfolding the first model. */
  async firstSystem(scope: Locator): Promise<Locator> {
    const tree = scope.getByRole('tree', { name: 'Machines' });
    await tree
      .locator('[role="treeitem"][aria-level="2"]')
      .first()
      .getByRole('button', { name: /^Expand / })
      .click();
    return tree.locator('[role="treeitem"][aria-level="3"]').first().getByRole('checkbox');
  }
}

test('the machine tree keeps sites, models and systems in the URL, through reload and Back/Forward', async ({
  page,
}) => {
  await openSignedInAs(page, ACCOUNTS.admin);
  const tree = new MachineTreePage(page);
  const panel = tree.panel();
  await expect(panel).toBeVisible();
  await expect(tree.checkbox(panel, 'All')).toHaveAttribute('aria-checked', 'true');
  await expect(tree.filterButton).toHaveAccessibleName('Filter');
  const opened = page.url();

  await tree.checkbox(panel, 'All').click();
  await expect(page).toHaveURL(/[?&]systems=(&|$)/);
  const system = await tree.firstSystem(panel);
  const serial = (await system.textContent()) ?? '';
  await system.click();
  await expect.poll(() => queryOf(page).get('systems')).toBe(serial);
  expect(queryOf(page).get('sites')).not.toBe('');
  expect(queryOf(page).get('models')).not.toBe('');
  await expect(tree.filterButton).toHaveAccessibleName('Filter (partial selection)');
  await expect(page.getByRole('group', { name: /Total/ }).getByLabel('value')).toBeVisible();
  await page.screenshot({ path: 'test-results/screenshots/machine-tree-panel-1920x1080.png' });

  await page.reload();
  await tree.search(panel, serial);
  await expect(tree.checkbox(panel, serial)).toHaveAttribute('aria-checked', 'true');
  await expect(tree.checkbox(panel, 'All')).toHaveAttribute('aria-checked', 'mixed');
  expect(queryOf(page).get('systems')).toBe(serial);

  await page.goBack();
  await expect.poll(() => queryOf(page).get('systems')).toBe('');
  await expect(tree.checkbox(panel, 'All')).toHaveAttribute('aria-checked', 'false');
  await page.goBack();
  await expect(page).toHaveURL(opened);
  await expect(tree.checkbox(panel, 'All')).toHaveAttribute('aria-checked', 'true');
  await page.goForward();
  await page.goForward();
  await tree.search(panel, serial);
  await expect(tree.checkbox(panel, serial)).toHaveAttribute('aria-checked', 'true');
  await expect(tree.checkbox(panel, 'All')).toHaveAttribute('aria-checked', 'mixed');
});

for (const viewport of [
  { width: 1366, height: 768 },
  { width: 390, height: 844 },
]) {
  test(`at ${viewport.width}x${viewport.height} the tree is the bottom drawer 'Filter'`, async ({ page }) => {
    await page.setViewportSize(viewport);
    await openSignedInAs(page, ACCOUNTS.admin);
    const tree = new MachineTreePage(page);
    await expect(tree.filterButton).toBeEnabled();
    await expect(tree.panel()).toHaveCount(0);
    await tree.filterButton.click();
    const drawer = tree.drawer();
    await expect(drawer).toBeVisible();
    await expect(drawer.getByText('Filter', { exact: true })).toBeVisible();
    await expect(tree.checkbox(drawer, 'All')).toHaveAttribute('aria-checked', 'true');
    const box = await drawer.boundingBox();
    // Bottom drawer: it ends at the bottom of the viewport once its slide-in has finished.
    await expect
      .poll(async () => Math.round(((await drawer.boundingBox()) ?? { y: 0, height: 0 }).y + (box?.height ?? 0)))
      .toBe(viewport.height);
    await page.screenshot({
      path: `test-results/screenshots/machine-tree-drawer-${viewport.width}x${viewport.height}.png`,
    });
    await drawer.getByRole('button', { name: 'Close' }).click();
    await expect(drawer).toHaveCount(0);
  });
}
