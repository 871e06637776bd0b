import { expect, test } from '@playwright/test';
import { ACCOUNTS, openSignedInAs } from './pages/login.page.ts';
import { ShellPage } from './pages/shell.page.ts';
import { SystemsTablePage } from './pages/systems-table.page.ts';

/**
 * One definition of last update and active systems (docs/kpi-glossary.md): the header's figures agree with the
 * Systems Analysis table for the same moment. The e2e portal streams no live telemetry (playwright.config.ts), so the
 * fleet's data stands still during the run and the header and the table, read a moment apart, describe the same data.
 */

// Tall enough for every row of the group: the table renders only the rows in view.
test.use({ viewport: { width: 1920, height: 2400 } });

for (const group of ['DTG', 'DTF'] as const) {
  test(`${group}: the header's active systems and last update agree with the Systems Analysis table`, async ({
    page,
  }) => {
    await openSignedInAs(page, ACCOUNTS.admin, `/reports/systems?selectedSystemGroup=${group}`);
    const shell = new ShellPage(page);
    const table = new SystemsTablePage(page);

    const header = await shell.activeSystems();
    await expect(shell.lastUpdate()).toHaveText(/^[A-Z][a-z]+ \d{2}, \d{4}, \d{2}:\d{2} (am|pm)$/);
    const headerLastUpdate = await shell.lastUpdate().innerText();
    // The header says which zone its time is in: the viewer's (the browser runs in UTC here).
    await expect(page.locator('header .app-header__last-update')).toHaveAttribute('title', 'In your time zone (UTC)');

    const total = await table.count();
    const rows = await table.rows();
    expect(rows).toHaveLength(total);
    expect(header.total).toBe(total);
    // Active = status not Not Reporting, in the header and in the table alike.
    expect(rows.filter((row) => row.status !== 'Not Reporting')).toHaveLength(header.active);
    // The demo fleet has reporting printers in both groups.
    expect(header.active).toBeGreaterThan(0);

    // The header's last update is the latest row's, in the same zone and format.
    await table.sortBy('Last Update');
    await expect(table.table().locator('th[aria-sort="descending"]')).toHaveCount(1);
    const [latest] = await table.rows();
    expect(latest?.lastUpdate).toBe(headerLastUpdate);
  });
}
