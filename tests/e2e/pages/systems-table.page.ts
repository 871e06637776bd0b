import { expect, type Locator, type Page } from '@playwright/test';

/** One row of the Systems Analysis table as shown. */
export interface ShownSystemRow {
  serial: string;
  status: string;
  lastUpdate: string;
}

/** The Systems Analysis table view (/reports/systems): rows as shown, sortable headers. */
export class SystemsTablePage {
  readonly page: Page;

  constructor(page: Page) {
    this.page = page;
  }

  table(): Locator {
    return this.page.getByRole('table', { name: 'Systems' });
  }

  /** The 'N systems' count above the list. */
  async count(): Promise<number> {
    const count = this.page.locator('.systems-analysis__count');
    await expect(count).toHaveText(/^\d+ systems$/);
    return Number((await count.innerText()).split(' ')[0]);
  }

  /**
   * The rows the table renders, top to bottom. The table is virtualised: only rows in view are rendered, so callers
   * that need every row use a viewport tall enough for all of them and compare the length with count().
   */
  async rows(): Promise<ShownSystemRow[]> {
    // Cells are found by their column's header text, so a column added to the table moves nothing here.
    const headers = (await this.table().locator('thead th').allInnerTexts()).map((text) => text.trim());
    const statusColumn = headers.findIndex((text) => text.startsWith('Status'));
    const lastUpdateColumn = headers.findIndex((text) => text.startsWith('Last Update'));
    expect(statusColumn).toBeGreaterThanOrEqual(0);
    expect(lastUpdateColumn).toBeGreaterThanOrEqual(0);
    const rows = this.table().locator('tbody tr');
    return rows.evaluateAll(
      (elements, columns) =>
        elements.map((row) => {
          const cells = Array.from(row.querySelectorAll('td'));
          return {
            serial: row.querySelector('.systems-analysis__serial')?.textContent?.trim() ?? '',
            status: cells[columns.status]?.textContent?.trim() ?? '',
            lastUpdate: cells[columns.lastUpdate]?.textContent?.trim() ?? '',
          };
        }),
      { status: statusColumn, lastUpdate: lastUpdateColumn },
    );
  }

  /** Sorts by a column from its header button (first click: descending). */
  async sortBy(name: string): Promise<void> {
    await this.table().getByRole('button', { name, exact: true }).click();
  }
}
