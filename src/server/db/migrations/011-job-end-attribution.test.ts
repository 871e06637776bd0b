import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { PortalDatabase } from '../database.ts';
import { openTestDatabase } from '../test-database.ts';
import { ingestTelemetry } from '../../ingest/ingest-telemetry.ts';
import { seedTestFleet, TEST_FLEET } from '../../ingest/ingest-test-fleet.ts';
import * as jobEndAttribution from './011-job-end-attribution.migration.ts';

/**
 * Migration 011 turns the rollups of a data folder written under the old rule (jobs where they started) into those of the
 * new one (jobs where they ended): whatever the job-derived rollup values were, they are recomputed from the raw jobs,
 * and the result equals what the ingest path keeps.
 */

const TENANT = TEST_FLEET.a.tenantId;
let database: PortalDatabase;

/** Two Berlin and New York days tiled by status, with jobs across the hour, local midnight and the year end. */
function records(): Record<string, unknown>[] {
  const status = (id: string, serial: string, from: string, to: string, name: string) => ({
    kind: 'status',
    id,
    serial,
    status: name,
    startedAt: from,
    endedAt: to,
  });
  const job = (id: string, serial: string, from: string, to: string, impressions: number, extra = {}) => ({
    kind: 'job',
    id,
    serial,
    startedAt: from,
    endedAt: to,
    impressions,
    imageAreaCm2: 500,
    printMode: 2,
    mediaLengthMm: 800,
    darkGarment: true,
    inkUl: { cyan: 40, white: 90 },
    ...extra,
  });
  return [
    status('s1', 'A-100', '2026-12-31T12:00:00Z', '2026-12-31T22:30:00Z', 'Idle'),
    status('s2', 'A-100', '2026-12-31T22:30:00Z', '2027-01-01T00:30:00Z', 'Printing'),
    status('s3', 'A-100', '2027-01-01T00:30:00Z', '2027-01-01T12:00:00Z', 'Idle'),
    status('s4', 'A-200', '2026-12-31T12:00:00Z', '2027-01-01T12:00:00Z', 'Printing'),
    job('j1', 'A-100', '2026-12-31T22:30:00Z', '2026-12-31T23:20:00Z', 7),
    job('j2', 'A-100', '2026-12-31T23:20:00Z', '2027-01-01T00:30:00Z', 11, { imageAreaCm2: 100, printMode: 0 }),
    job('j3', 'A-200', '2027-01-01T04:40:00Z', '2027-01-01T05:10:00Z', 13),
    job('j4', 'A-200', '2026-12-31T13:55:00Z', '2026-12-31T14:05:00Z', 17, { darkGarment: false }),
  ];
}

/** Every rollup row, job_day without the media columns: migration 014 added those later and fills them itself. */
async function snapshot(): Promise<unknown[]> {
  const { rows } = await sql`SELECT 'h' AS t, to_json(h)::text AS row FROM system_hour h
    UNION ALL SELECT 'd', to_json(d)::text FROM system_day d
    UNION ALL SELECT 'j', (SELECT jsonb_object_agg(key, value) FROM jsonb_each(to_jsonb(j)) WHERE key NOT LIKE 'media%')::text
      FROM job_day j
    UNION ALL SELECT 'sd', to_json(sd)::text FROM site_group_day sd
    UNION ALL SELECT 'sh', to_json(sh)::text FROM site_group_hour sh ORDER BY 1, 2`.execute(database.db);
  return rows;
}

beforeAll(async () => {
  database = await openTestDatabase();
  await seedTestFleet(database.db);
  // The records reach the coming New Year: ingest them as a server clock after them would.
  const result = await ingestTelemetry(database.db, TENANT, records(), { now: new Date('2031-01-01T00:00:00Z') });
  expect(result.rejected).toEqual([]);
});
afterAll(async () => {
  await database.close();
});

describe('migration 011-job-end-attribution', () => {
  it('recomputes job-derived rollups from the raw jobs, by the hour and local day of their end', async () => {
    const kept = await snapshot();
    // Rollups as an older build left them: Berlin's 23:30 job of New Year's Eve counted on 31 December (where it
    // started), other job values wrong, site rows stale.
    await sql`UPDATE system_hour SET jobs = jobs + 2, impressions = impressions * 3 + 1, print_seconds = 99,
      ink_white_ul = 5`.execute(database.db);
    await sql`UPDATE system_day SET jobs = 1, impressions = 7, dark_impressions = 7
      WHERE system_id = 'a-berlin-1' AND local_day = '2026-12-31'`.execute(database.db);
    await sql`INSERT INTO job_day (tenant_id, system_id, local_day, jobs_medium, impressions_medium)
      VALUES (${TENANT}, 'a-berlin-1', '2026-12-31', 1, 7)`.execute(database.db);
    await sql`UPDATE site_group_day SET impressions = 0`.execute(database.db);
    await sql`UPDATE site_group_hour SET jobs = 50`.execute(database.db);
    expect(await snapshot()).not.toEqual(kept);

    await database.db.transaction().execute((trx) => sql.raw(jobEndAttribution.up).execute(trx));
    expect(await snapshot()).toEqual(kept);

    const days = await sql<{ system_id: string; local_day: string; impressions: string }>`
      SELECT system_id, local_day::text, impressions FROM system_day WHERE jobs > 0 ORDER BY 1, 2`.execute(database.db);
    // Berlin: 23:30 → 00:20 and 00:20 → 01:30 local both end on 1 January; New York: 23:40 → 00:10 ends on 1 January.
    expect(days.rows.map((row) => [row.system_id, row.local_day, Number(row.impressions)])).toEqual([
      ['a-berlin-1', '2027-01-01', 18],
      ['a-newark-1', '2026-12-31', 17],
      ['a-newark-1', '2027-01-01', 13],
    ]);
  });
});
