import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { SystemGroup } from '../../../shared/system-group.ts';
import { createApiTestHarness, type ApiTestHarness, type TestIdentity } from '../../testing/api-test-harness.ts';
import { apolloAdmin, seedApolloFleet } from '../../testing/apollo-test-fleet.ts';
import { reportAdmin, seedReportFleet } from '../../testing/report-test-fleet.ts';

/**
 * Issue #25: the ink-per-job XLSX has the columns of its group only. Print mode and media (film) length describe DTF's
 * film jobs; a DTG or Apollo file without them had a blank Print mode and a Media length of 0 in every row.
 */

const DAY = '2026-03-27';
const TIME_COLUMNS = ['Start time', 'Start UTC offset', 'End time', 'End UTC offset'];
const JOB_COLUMNS = ['System', 'Site', 'Model', 'Image', 'Size'];
const INK_COLUMNS = ['Cyan', 'Magenta', 'Yellow', 'Black', 'White', 'FOF', 'Softener'].map((ink) => `${ink} (ml)`);

let h: ApiTestHarness;

beforeAll(async () => {
  h = await createApiTestHarness({ clock: () => new Date('2027-06-01T00:00:00Z') });
  await seedReportFleet(h.database.db, DAY, DAY);
  await seedApolloFleet(h.database.db, DAY, DAY);
}, 300_000);

afterAll(async () => {
  await h.close();
});

/** The header and the rows of the group's ink-per-job file of DAY. */
async function inkPerJobFile(group: SystemGroup, identity: TestIdentity) {
  const response = await h.app.inject({
    method: 'POST',
    url: `/api/job-analysis-report/ink-consumption-per-job-file?custom=${DAY}/${DAY}&systemGroupType=${group}`,
    headers: { authorization: await h.bearer(identity) },
    payload: { systems: [] },
  });
  expect(response.statusCode, response.body).toBe(200);
  const workbook = new ExcelJS.Workbook();
  await workbook.xlsx.load(new Uint8Array(response.rawPayload).buffer);
  const sheet = workbook.worksheets[0];
  const header = (sheet?.getRow(1).values as unknown[]).slice(1);
  const rows = (sheet?.getSheetValues() ?? []).slice(2).map((row) => (row as unknown[]).slice(1));
  return { header, rows };
}

describe('ink consumption per job: the columns of the group', () => {
  it.each([
    ['DTG', reportAdmin],
    ['Apollo', apolloAdmin],
  ] as const)('%s: no print mode and no media length', async (group, identity) => {
    const { header, rows } = await inkPerJobFile(group, identity);
    expect(header).toEqual([...TIME_COLUMNS, ...JOB_COLUMNS, 'Impressions', ...INK_COLUMNS]);
    expect(rows.length).toBeGreaterThan(0);
    for (const row of rows) expect(row).toHaveLength(header.length);
  });

  it("DTF: each job's print mode and film length", async () => {
    const { header, rows } = await inkPerJobFile('DTF', reportAdmin);
    expect(header).toEqual([
      ...TIME_COLUMNS,
      ...JOB_COLUMNS,
      'Print mode',
      'Impressions',
      'Media length (m)',
      ...INK_COLUMNS,
    ]);
    expect(rows.length).toBeGreaterThan(0);
    const printModes = rows.map((row) => row[header.indexOf('Print mode')]);
    expect(
      printModes.every((mode) => ['Production', 'ProdSolid', 'Quality', 'QualitySolid'].includes(String(mode))),
    ).toBe(true);
    expect(rows.every((row) => Number(row[header.indexOf('Media length (m)')]) > 0)).toBe(true);
  });
});
