import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { PortalDatabase } from '../database.ts';
import { openTestDatabase } from '../test-database.ts';
import { ingestTelemetry } from '../../ingest/ingest-telemetry.ts';
import { seedTestFleet, TEST_FLEET } from '../../ingest/ingest-test-fleet.ts';
import * as plannedHours from './025-planned-hours.migration.ts';

/**
 * Migration 025 fills OEE's planned rollup (planned_spans, planned_hour, planned_day) in a database whose data was
 * written before it existed: the result equals what the ingest path keeps batch by batch, calendar changes after the
 * data included.
 *
 * Berlin (UTC+1 from 25 October 2026) works an early shift 06:00–14:00 Monday–Friday; New York (UTC−4) a night shift
 * 22:00–06:00 every day. A-100 prints on Monday 26 October 08:00–10:30 Berlin time; A-200 is idle from Sunday 25
 * October 21:00 to Monday 02:00 New York time and then sends one event at 03:15.
 */

const TENANT = TEST_FLEET.a.tenantId;
let database: PortalDatabase;

const shift = (id: string, serial: string, shiftId: string, startsAt: string, endsAt: string, weekdays: number[]) => ({
  kind: 'shift',
  id,
  serial,
  shiftId,
  name: shiftId,
  startsAt,
  endsAt,
  weekdays,
  validFrom: '2026-10-01',
});

const BATCHES: Record<string, unknown>[][] = [
  [
    shift('c1', 'A-100', 'berlin-early', '06:00', '14:00', [1, 2, 3, 4, 5]),
    shift('c2', 'A-200', 'newark-night', '20:00', '04:00', [1, 2, 3, 4, 5, 6, 7]),
  ],
  [
    {
      kind: 'status',
      id: 's1',
      serial: 'A-100',
      status: 'Printing',
      startedAt: '2026-10-26T07:00:00Z',
      endedAt: '2026-10-26T09:30:00Z',
    },
    {
      kind: 'job',
      id: 'j1',
      serial: 'A-100',
      startedAt: '2026-10-26T08:00:00Z',
      endedAt: '2026-10-26T08:40:00Z',
      impressions: 120,
      imageAreaCm2: 300,
      mediaLengthMm: 2500,
    },
    {
      kind: 'status',
      id: 's2',
      serial: 'A-200',
      status: 'Idle',
      startedAt: '2026-10-26T01:00:00Z',
      endedAt: '2026-10-26T06:00:00Z',
    },
  ],
  [
    {
      kind: 'event',
      id: 'e1',
      serial: 'A-200',
      type: 'error',
      code: 'E-1',
      message: 'Head clog',
      startedAt: '2026-10-26T07:15:00Z',
    },
    // The night shift's corrected hours arrive after the data.
    { ...shift('c3', 'A-200', 'newark-night', '22:00', '06:00', [1, 2, 3, 4, 5, 6, 7]), validFrom: '2026-10-02' },
  ],
];

async function snapshot(): Promise<string[]> {
  const { rows } = await sql<{ row: string }>`
    SELECT 'span ' || to_json(p)::text AS row FROM planned_spans p
    UNION ALL SELECT 'hour ' || to_json(h)::text FROM planned_hour h
    UNION ALL SELECT 'day ' || to_json(d)::text FROM planned_day d`.execute(database.db);
  return rows.map((row) => row.row).sort();
}

beforeAll(async () => {
  database = await openTestDatabase();
  await seedTestFleet(database.db);
  for (const batch of BATCHES) {
    const result = await ingestTelemetry(database.db, TENANT, batch, { now: new Date('2026-10-27T00:00:00Z') });
    expect(result.rejected).toEqual([]);
  }
});
afterAll(async () => {
  await database.close();
});

describe('migration 025-planned-hours', () => {
  it('fills the planned rollup of existing data as the ingest path keeps it', async () => {
    const kept = await snapshot();
    await sql`DROP TABLE planned_day, planned_hour, planned_spans`.execute(database.db);
    await database.db.transaction().execute((trx) => sql.raw(plannedHours.up).execute(trx));
    expect(await snapshot()).toEqual(kept);
  });

  it('holds each system’s planned hours up to the end of its data', async () => {
    const { rows } = await sql<{ system_id: string; hour_start: string; planned_seconds: number; run_seconds: number }>`
      SELECT system_id, to_char(hour_start AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI') AS hour_start,
        planned_seconds, run_seconds
      FROM planned_hour ORDER BY system_id, hour_start`.execute(database.db);
    expect(rows.map((row) => [row.system_id, row.hour_start, row.planned_seconds, row.run_seconds])).toEqual([
      // Berlin: its data runs from 07:00 UTC (08:00 local, inside the early shift) to 09:30 UTC.
      ['a-berlin-1', '2026-10-26T07:00', 3600, 3600],
      ['a-berlin-1', '2026-10-26T08:00', 3600, 3600],
      ['a-berlin-1', '2026-10-26T09:00', 1800, 1800],
      // New York: from 01:00 UTC (Sunday 21:00 local) to the event at 07:15 UTC (03:15); the night shift 22:00–06:00.
      ['a-newark-1', '2026-10-26T02:00', 3600, 3600],
      ['a-newark-1', '2026-10-26T03:00', 3600, 3600],
      ['a-newark-1', '2026-10-26T04:00', 3600, 3600],
      ['a-newark-1', '2026-10-26T05:00', 3600, 3600],
      ['a-newark-1', '2026-10-26T06:00', 3600, 0],
      ['a-newark-1', '2026-10-26T07:00', 900, 0],
    ]);
  });
});
