import { sql } from 'kysely';
import { describe, expect, it } from 'vitest';
import { useTestFleetDatabase } from '../testing/test-fleet-database.ts';
import { ingestTelemetry } from './ingest-telemetry.ts';
import { rebuildRollups } from './rebuild-rollups.ts';
import { TEST_FLEET } from './ingest-test-fleet.ts';
import { mulberry32 } from '../simulator/rng.ts';
import { expectRollupsFromRaw, readRollup } from '../testing/raw-rollups.ts';
import { INK_COLOURS, MAX_STATUS_INTERVAL_HOURS, PRINT_MODES, STATUSES } from './measures.ts';

/** The generated windows reach past today (a year end): ingest as a server clock after them would. */
const AFTER_THE_DATA = { now: new Date('2031-01-01T00:00:00Z') };

/**
 * Property: whatever arrives, in whatever batches, order and with whatever retries, system_hour, system_day,
 * job_day and the site rollups (site_group_day, site_group_hour) equal a from-scratch computation over the raw records
 * — written here in plain TypeScript, not SQL, from the glossary's words (docs/kpi-glossary.md): a job is counted, whole,
 * in the hour and the site-local day that contain its end; status time is split at the period boundaries.
 * The windows span a Europe/Berlin DST change (2026-03-29, 23 h; 2026-10-25, 25 h; both Sundays, so the following
 * Monday starts a week) and the 2026/2027 year end, in Berlin and New York local days; fixed boundary jobs cross the hour,
 * local midnight, Sunday→Monday, the DST changes and the year end in every seed.
 */

const HOUR = 3_600_000;
const TENANT = TEST_FLEET.a.tenantId;
const SYSTEMS = TEST_FLEET.a.systems;
const WINDOWS = [
  Date.parse('2026-03-27T18:00:00Z'),
  Date.parse('2026-10-24T18:00:00Z'),
  Date.parse('2026-12-30T18:00:00Z'),
];

/**
 * Jobs across the boundaries of issue 10, [serial, startedAt, endedAt]: the top of an hour, Berlin's Sunday→Monday
 * midnight after the spring DST day, the autumn DST night (the repeated 02:00), the Berlin and New York year ends.
 */
const BOUNDARY_JOBS: [string, string, string][] = [
  ['A-100', '2026-03-27T10:40:00Z', '2026-03-27T11:20:00Z'],
  ['A-100', '2026-03-29T21:30:00Z', '2026-03-29T22:45:00Z'],
  ['A-100', '2026-10-25T00:30:00Z', '2026-10-25T01:10:00Z'],
  ['A-100', '2026-12-31T22:50:00Z', '2026-12-31T23:05:00Z'],
  ['A-200', '2027-01-01T04:15:00Z', '2027-01-01T05:30:00Z'],
  ['A-200', '2026-03-30T03:50:00Z', '2026-03-30T04:10:00Z'],
];
const WINDOW_LENGTH = 60 * HOUR;

interface Generated {
  records: Record<string, unknown>[];
}

/** An ISO timestamp at a whole second, sometimes written with a +02:00 offset (same instant). */
function stamp(ms: number, next: () => number): string {
  const iso = new Date(ms).toISOString().replace('.000Z', 'Z');
  if (next() < 0.3) {
    const shifted = new Date(ms + 2 * HOUR).toISOString().replace('.000Z', '');
    return `${shifted}+02:00`;
  }
  return iso;
}

function generate(seed: number): Generated {
  const next = mulberry32(seed);
  const pick = <T>(items: readonly T[]): T => items[Math.floor(next() * items.length)] as T;
  const second = (max: number) => Math.floor(next() * max) * 1000;
  const records: Record<string, unknown>[] = [];
  const count = 40 + Math.floor(next() * 60);
  for (let n = 0; n < count; n += 1) {
    const system = pick(SYSTEMS);
    const start = pick(WINDOWS) + second(WINDOW_LENGTH / 1000);
    const id = `s${seed}-r${n}`;
    const roll = next();
    if (roll < 0.45) {
      // Zero-length, up to and exactly at the longest interval ingest accepts (the rollup SQL relies on that limit).
      const lengthRoll = next();
      const end =
        start +
        (lengthRoll < 0.1
          ? 0
          : lengthRoll < 0.2
            ? MAX_STATUS_INTERVAL_HOURS * HOUR
            : second(MAX_STATUS_INTERVAL_HOURS * 3600));
      records.push({
        kind: 'status',
        id,
        serial: system.serial,
        status: pick(STATUSES).name,
        startedAt: stamp(start, next),
        endedAt: stamp(end, next),
        code: next() < 0.5 ? null : 'C1',
      });
    } else if (roll < 0.85) {
      const area = pick([0, 466.9, 467, 700, 935, 935.5, 1400, next() * 1500]);
      const inkUl = Object.fromEntries(
        INK_COLOURS.filter(() => next() < 0.6).map((colour) => [colour, Math.floor(next() * 50_000)]),
      );
      records.push({
        kind: 'job',
        id,
        serial: system.serial,
        startedAt: stamp(start, next),
        endedAt: stamp(start + second(3 * 3600), next),
        impressions: Math.floor(next() * 200),
        imageAreaCm2: area,
        printMode: pick([...PRINT_MODES, null]),
        mediaLengthMm: Math.floor(next() * 5000),
        mediaWidthMm: pick([null, 400, 600, Math.floor(next() * 1600)]),
        darkGarment: next() < 0.4,
        inkUl,
        rejected: next() < 0.1,
      });
    } else {
      records.push({
        kind: 'ink_load',
        id,
        serial: system.serial,
        loadedAt: stamp(start, next),
        colour: pick(INK_COLOURS),
        volumeUl: 1 + Math.floor(next() * 1_000_000),
      });
    }
  }
  BOUNDARY_JOBS.forEach(([serial, startedAt, endedAt], index) => {
    records.push({
      kind: 'job',
      id: `s${seed}-boundary${index}`,
      serial,
      startedAt,
      endedAt,
      impressions: 10 + index,
      imageAreaCm2: 300,
      printMode: 0,
      mediaLengthMm: 1000 + index,
      darkGarment: index % 2 === 0,
      inkUl: { cyan: 100 * (index + 1) },
    });
  });
  return { records };
}

/** Splits the records into batches in random order, with some records retried in later batches. */
function batches(records: Record<string, unknown>[], seed: number): Record<string, unknown>[][] {
  const next = mulberry32(seed * 7919);
  const shuffled = [...records].sort(() => next() - 0.5);
  const result: Record<string, unknown>[][] = [];
  let sent: Record<string, unknown>[] = [];
  while (shuffled.length > 0) {
    const batch = shuffled.splice(0, 1 + Math.floor(next() * 25));
    const retried = sent.filter(() => next() < 0.1);
    result.push([...batch, ...retried]);
    sent = [...sent, ...batch];
  }
  return result;
}

const database = useTestFleetDatabase();

async function snapshot(): Promise<unknown[]> {
  const { rows } = await sql`SELECT 'h' AS t, to_json(h)::text AS row FROM system_hour h
    UNION ALL SELECT 'd', to_json(d)::text FROM system_day d
    UNION ALL SELECT 'j', to_json(j)::text FROM job_day j
    UNION ALL SELECT 'sd', to_json(sd)::text FROM site_group_day sd
    UNION ALL SELECT 'sh', to_json(sh)::text FROM site_group_hour sh
    UNION ALL SELECT 'sm', to_json(sm)::text FROM system_month sm
    UNION ALL SELECT 'jm', to_json(jm)::text FROM job_month jm ORDER BY 1, 2`.execute(database.db);
  return rows;
}

describe('rollups', () => {
  it.each([1, 2, 3, 4, 5])('equal a from-scratch recomputation from the raw records (seed %i)', async (seed) => {
    await sql`TRUNCATE jobs, status_intervals, ink_loads, events, ingest_records, system_hour, system_day, job_day,
      site_group_day, site_group_hour, system_month, job_month`.execute(database.db);
    const { records } = generate(seed);
    let accepted = 0;
    for (const batch of batches(records, seed)) {
      const result = await ingestTelemetry(database.db, TENANT, batch, AFTER_THE_DATA);
      expect(result.rejected).toEqual([]);
      accepted += result.accepted;
    }
    expect(accepted).toBe(records.length);

    const expected = await expectRollupsFromRaw(database.db, records);

    // A full rebuild from the raw rows gives the same rows as the incremental path.
    const incremental = await snapshot();
    await rebuildRollups(database.db, TENANT);
    expect(await snapshot()).toEqual(incremental);
    // The generated data really covers both Berlin DST-change days (23 h and 25 h long).
    expect(expected.days.has('a-berlin-1|2026-03-29')).toBe(true);
    expect(expected.days.has('a-berlin-1|2026-10-25')).toBe(true);
  });

  it('counts a job that crosses a boundary in the hour, day, week and year it ended in', async () => {
    await sql`TRUNCATE jobs, status_intervals, ink_loads, events, ingest_records, system_hour, system_day, job_day,
      site_group_day, site_group_hour, system_month, job_month`.execute(database.db);
    const records = generate(1).records.filter((record) => String(record['id']).includes('boundary'));
    expect((await ingestTelemetry(database.db, TENANT, records, AFTER_THE_DATA)).rejected).toEqual([]);
    const days = await readRollup(database.db, 'system_day', 'local_day::text', ['impressions']);
    // Sunday 29 March 23:30 → Monday 00:45 in Berlin: Monday 30 March, the first day of the next week.
    expect(days.get('a-berlin-1|2026-03-30')?.['impressions']).toBe(11);
    expect(days.get('a-berlin-1|2026-03-29')?.['impressions'] ?? 0).toBe(0);
    // 31 December 23:50 → 1 January 00:05 in Berlin; 23:15 → 00:30 in New York: both count in 2027.
    expect(days.get('a-berlin-1|2027-01-01')?.['impressions']).toBe(13);
    expect(days.get('a-newark-1|2027-01-01')?.['impressions']).toBe(14);
    expect(days.get('a-berlin-1|2026-12-31')?.['impressions'] ?? 0).toBe(0);
    // 23:50 → 00:10 in New York on the night after the Berlin DST Sunday.
    expect(days.get('a-newark-1|2026-03-30')?.['impressions']).toBe(15);
    const hours = await readRollup(database.db, 'system_hour', `to_char(hour_start AT TIME ZONE 'UTC', 'HH24')`, [
      'impressions',
    ]);
    // 10:40 → 11:20 UTC: the 11:00 hour, not the 10:00 one.
    expect(hours.get('a-berlin-1|11')?.['impressions']).toBe(10);
    expect(hours.get('a-berlin-1|10')?.['impressions'] ?? 0).toBe(0);
  });
});
