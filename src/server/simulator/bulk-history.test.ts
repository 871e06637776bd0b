import { sql, type Kysely } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { PortalDatabase } from '../db/database.ts';
import type { Database } from '../db/schema.ts';
import { openTestDatabase } from '../db/test-database.ts';
import { bulkHistory } from './bulk-history.ts';
import { simulateHistory } from './simulate.ts';
import { smallPlan } from './small-plan.ts';

/** Every table the ingest path writes for fleet data: raw rows, rollups, OEE's planned rollup, the systems' last update. */
const TABLES = [
  'jobs',
  'status_intervals',
  'events',
  'ink_loads',
  'software_versions',
  'machine_parameters',
  'qualiset_results',
  'shifts',
  'shift_targets',
  'system_hour',
  'system_day',
  'job_day',
  'system_month',
  'job_month',
  'site_group_day',
  'site_group_hour',
  'planned_hour',
  'planned_day',
  'planned_spans',
  'systems',
] as const;

/** A table's rows as sorted JSON texts (ingest_records' received_at is the wall clock of the write, so it is left out). */
async function rowsOf(db: Kysely<Database>, table: string): Promise<string[]> {
  const { rows } = await sql<{ row: string }>`SELECT to_jsonb(t)::text AS row FROM ${sql.table(table)} t`.execute(db);
  return rows.map((entry) => entry.row).sort();
}

async function ingestRecordsOf(db: Kysely<Database>): Promise<string[]> {
  const { rows } = await sql<{ row: string }>`SELECT (to_jsonb(t) - 'received_at')::text AS row
    FROM ingest_records t`.execute(db);
  return rows.map((entry) => entry.row).sort();
}

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

    for (const table of TABLES) {
      const expected = await rowsOf(perBatch.db, table);
      expect(expected.length, table).toBeGreaterThan(0);
      expect(await rowsOf(bulk.db, table), table).toEqual(expected);
    }
    expect(await ingestRecordsOf(bulk.db)).toEqual(await ingestRecordsOf(perBatch.db));
  });
});
