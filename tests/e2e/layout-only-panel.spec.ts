import { expect, test } from '@playwright/test';
import type { SystemInkTable } from '../../src/shared/contract/system-page.contract.ts';
import { ACCOUNTS, openSignedInAs } from './pages/login.page.ts';
import { DEMO_SERIAL } from './pages/route-visits.ts';
import { finishedSystemDayWithEvents } from './pages/simulated-fleet.ts';

/**
 * A panel written only in a layout file (issue #26): the service ticket's 'Ink' is layouts/service-ticket.json's `table`
 * over SystemInkTable's `inkByColour` frame, with the columns its options choose; no code of its own.
 */
test("Service ticket: the layout-only ink table shows the answer's colours in the chosen columns", async ({ page }) => {
  test.setTimeout(120_000);
  const day = finishedSystemDayWithEvents(DEMO_SERIAL);
  await openSignedInAs(page, ACCOUNTS.admin);
  const inkCall = page.waitForResponse((response) => response.url().includes('/api/system-page-report/ink-table?'));
  await page.goto(`/reports/systems/service-ticket/${DEMO_SERIAL}?selectedSystemGroup=DTG&timeframe=day&day=${day}`);
  const response = await inkCall;
  expect(response.status()).toBe(200);
  const answer = (await response.json()) as SystemInkTable;
  expect(answer.colorData.length).toBeGreaterThan(0);

  const table = page.getByRole('region', { name: 'Ink', exact: true }).getByRole('table', { name: 'Ink' });
  await expect(table.getByRole('columnheader')).toHaveText(['Colour', 'Consumed (ml)', 'Loaded (ml)', 'Bottles']);
  await expect(table.getByRole('row')).toHaveCount(answer.colorData.length + 1);
  // Whole ml (the layout's decimals: 0), thousands separated; negative or infinite figures 0 (spec reports §5).
  const ml = (value: number) =>
    (Number.isFinite(value) && value > 0 ? value : 0).toLocaleString('en-US', { maximumFractionDigits: 0 });
  // The answer's lower-case ink names are shown capitalised, as the table's other colours are.
  const shown = (name: string) => ({ black: 'Black', white: 'White' })[name] ?? name;
  for (const colour of answer.colorData) {
    const bottles = Number.isFinite(colour.bottlesLoaded) && colour.bottlesLoaded > 0 ? colour.bottlesLoaded : 0;
    const name = `${shown(colour.colorName)} ${ml(colour.consumedMl)} ${ml(colour.loadedMl)} ${bottles}`;
    await expect(table.getByRole('row', { name, exact: true })).toBeVisible();
  }
});
