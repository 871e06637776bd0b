import { sql, type Kysely, type KyselyPlugin } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { PortalDatabase } from '../db/database.ts';
import type { Database } from '../db/schema.ts';
import { openTestDatabase } from '../db/test-database.ts';
import { FLEET_DATA_TABLES, ingestRecordsOf, rowsOf } from '../testing/fleet-tables.ts';
import { fillDays, historyRange, missingDays } from './backfill.ts';
import { planFleet } from './fleet-plan.ts';
import { provisionFleet } from './provision.ts';
import { reportShiftCalendars } from './simulate.ts';

/**
 * The fill before the ready line keeps the rollups once, after its last day (rollupsOnce), instead of in each batch's
 * transaction: the database must be the one the ingest path builds batch by batch, also when a start stopped before
 * those rollups were kept and the next start fills the same days again.
 */

// Two tenants (Berlin, Newark, Shanghai, León) over Berlin's autumn DST night (2026-10-25, 25 h), with overnight jobs.
const plan = planFleet({ seed: 7, tenants: 2, systems: 4 });
const range = historyRange(plan, 4, new Date('2026-10-27T18:00:00Z'));

let perBatch: PortalDatabase;
let once: PortalDatabase;
let resumed: PortalDatabase;
beforeAll(async () => {
  [perBatch, once, resumed] = await Promise.all([openTestDatabase(), openTestDatabase(), openTestDatabase()]);
  for (const { db } of [perBatch, once, resumed]) {
    await provisionFleet(db, plan);
    await reportShiftCalendars(db, plan);
  }
  await fillDays(perBatch.db, plan, range, await missingDays(perBatch.db, range));
});
afterAll(async () => {
  await Promise.all([perBatch.close(), once.close(), resumed.close()]);
});

async function recordedDays(db: Kysely<Database>): Promise<{ day: string; records: number }[]> {
  const { rows } = await sql<{ day: string; records: number }>`SELECT to_char(local_day, 'YYYY-MM-DD') AS day, records
    FROM demo_history_days ORDER BY local_day DESC`.execute(db);
  return rows;
}

async function expectSameFleetData(db: Kysely<Database>): Promise<void> {
  for (const table of FLEET_DATA_TABLES) {
    const expected = await rowsOf(perBatch.db, table);
    expect(expected.length, table).toBeGreaterThan(0);
    expect(await rowsOf(db, table), table).toEqual(expected);
  }
  expect(await ingestRecordsOf(db)).toEqual(await ingestRecordsOf(perBatch.db));
  expect(await recordedDays(db)).toEqual(await recordedDays(perBatch.db));
}

/** Fails every statement that writes system_hour: the fill's final rollups, never its raw-row batches. */
const failingRollups: KyselyPlugin = {
  transformQuery(args) {
    if (JSON.stringify(args.node).includes('INSERT INTO system_hour')) throw new Error('stopped before the rollups');
    return args.node;
  },
  transformResult: (args) => Promise.resolve(args.result),
};

describe('fillDays with rollupsOnce', () => {
  it('stores exactly the raw rows, rollups and recorded days of the fill that keeps them batch by batch', async () => {
    const days = await missingDays(once.db, range);
    expect(days).toHaveLength(4);
    const reported: string[] = [];
    const records = await fillDays(once.db, plan, range, days, {
      rollupsOnce: true,
      onDay: (day) => reported.push(day),
    });
    expect(reported).toEqual(days);
    expect(records).toBeGreaterThan(400);
    await expectSameFleetData(once.db);
  });

  it('records no day before its rollups are kept, and the next start keeps the rollups of the records already stored', async () => {
    const days = await missingDays(resumed.db, range);
    await expect(
      fillDays(resumed.db.withPlugin(failingRollups), plan, range, days, { rollupsOnce: true }),
    ).rejects.toThrow('stopped before the rollups');
    expect(await recordedDays(resumed.db)).toEqual([]);
    const { rows } = await sql<{ jobs: number; hours: number }>`SELECT (SELECT count(*) FROM jobs)::int AS jobs,
      (SELECT count(*) FROM system_hour)::int AS hours`.execute(resumed.db);
    expect(rows[0]?.jobs).toBeGreaterThan(0);
    expect(rows[0]?.hours).toBe(0);

    // The next start finds every day missing and each record already stored (a duplicate).
    expect(await missingDays(resumed.db, range)).toEqual(days);
    await fillDays(resumed.db, plan, range, days, { rollupsOnce: true });
    await expectSameFleetData(resumed.db);
  });
});
