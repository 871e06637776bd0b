import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { PortalDatabase } from '../db/database.ts';
import { openTestDatabase } from '../db/test-database.ts';
import { FLEET_DATA_TABLES, ingestRecordsOf, rowsOf } from '../testing/fleet-tables.ts';
import { bulkHistory } from './bulk-history.ts';
import { simulateHistory } from './simulate.ts';
import { smallPlan } from './small-plan.ts';

let perBatch: PortalDatabase;
let bulk: PortalDatabase;
beforeAll(async () => {
  [perBatch, bulk] = await Promise.all([openTestDatabase(), openTestDatabase()]);
});
afterAll(async () => {
  await Promise.all([perBatch.close(), bulk.close()]);
});

describe('bulkHistory', () => {
  // Berlin's autumn DST night (2026-10-25, 25 h) and overnight jobs across the flushes every second day.
  const plan = smallPlan();
  const range = { from: '2026-10-23', to: '2026-10-27' };

  it('stores exactly the raw rows and rollups of the same plan sent batch by batch through the ingest path', async () => {
    const reference = await simulateHistory(perBatch.db, plan, { ...range, batchSize: 300 });
    const built = await bulkHistory(bulk.db, plan, { ...range, batchSize: 700, flushDays: 2 });
    expect(built).toMatchObject({ records: reference.records, accepted: reference.accepted, rejected: 0 });
    expect(reference.records).toBeGreaterThan(200);

    for (const table of FLEET_DATA_TABLES) {
      const expected = await rowsOf(perBatch.db, table);
      expect(expected.length, table).toBeGreaterThan(0);
      expect(await rowsOf(bulk.db, table), table).toEqual(expected);
    }
    expect(await ingestRecordsOf(bulk.db)).toEqual(await ingestRecordsOf(perBatch.db));
  });
});
