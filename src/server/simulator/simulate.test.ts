import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { PortalDatabase } from '../db/database.ts';
import { openTestDatabase } from '../db/test-database.ts';
import { planFleet } from './fleet-plan.ts';
import { daysFromTo, localDayOf } from '../../shared/time/local-time.ts';
import { simulatedSystemOf } from './printer-model.ts';
import { provisionFleet } from './provision.ts';
import { simulateHistory, simulatePlannedSystemDay, type SimulationProgress } from './simulate.ts';
import { smallPlan } from './small-plan.ts';

let database: PortalDatabase;
beforeAll(async () => {
  database = await openTestDatabase();
});
afterAll(async () => {
  await database.close();
});

describe('simulateHistory', () => {
  const plan = smallPlan();
  const from = '2026-03-27';
  const to = '2026-03-29';

  it('ingests two systems × three days with nothing rejected, then a rerun finds only duplicates', async () => {
    expect(plan.systems).toHaveLength(2);
    const progress: SimulationProgress[] = [];
    const first = await simulateHistory(database.db, plan, {
      from,
      to,
      batchSize: 200,
      onProgress: (step) => progress.push(step),
    });
    expect(first.rejected).toBe(0);
    expect(first.records).toBeGreaterThan(50);
    expect(first.accepted).toBe(first.records);
    expect(first.duplicates).toBe(0);
    expect(progress.map((step) => step.daysDone)).toEqual([1, 2, 3]);
    expect(progress.at(-1)?.daysTotal).toBe(3);

    const again = await simulateHistory(database.db, plan, { from, to });
    expect(again).toMatchObject({ records: first.records, accepted: 0, duplicates: first.records, rejected: 0 });
  });

  it('keeps system_day impressions equal to the simulated jobs per local day', async () => {
    for (const system of plan.systems) {
      const subject = simulatedSystemOf(plan, system);
      const expected = new Map<string, number>();
      daysFromTo(from, to).forEach((day, index) => {
        for (const record of simulatePlannedSystemDay(plan, system.serialNumber, day, {
          reportSoftware: index === 0,
        })) {
          if (record.kind !== 'job') continue;
          const local = localDayOf(Date.parse(record.startedAt), subject.timeZone);
          expected.set(local, (expected.get(local) ?? 0) + record.impressions);
        }
      });
      const { rows } = await sql<{ day: string; impressions: string }>`
        SELECT to_char(local_day, 'YYYY-MM-DD') AS day, impressions::text AS impressions FROM system_day
        WHERE tenant_id = ${system.tenantId} AND system_id = ${system.id} AND impressions > 0 ORDER BY local_day`.execute(
        database.db,
      );
      const actual = new Map(rows.map((row) => [row.day, Number(row.impressions)]));
      expect(actual, system.serialNumber).toEqual(expected);
      expect([...expected.values()].some((value) => value > 0)).toBe(true);
    }
  });

  it('writes the status seconds of a full local day into system_day, 23 h on the spring DST day in Berlin', async () => {
    const berlin = plan.systems.find((system) => system.siteId === 'berlin');
    if (berlin === undefined) throw new Error('no Berlin system');
    const { rows } = await sql<{ seconds: number }>`
      SELECT (printing_seconds + preparation_seconds + idle_seconds + error_seconds + maintenance_seconds
        + not_reporting_seconds)::float8 AS seconds
      FROM system_day WHERE tenant_id = ${berlin.tenantId} AND system_id = ${berlin.id} AND local_day = '2026-03-29'`.execute(
      database.db,
    );
    expect(rows[0]?.seconds).toBe(23 * 3600);
  });

  it('provisions reference rows idempotently, with shifts and shift targets', async () => {
    const full = planFleet({ seed: 7 });
    await provisionFleet(database.db, full);
    await provisionFleet(database.db, full);
    const count = async (table: 'tenants' | 'systems' | 'sites' | 'shifts' | 'shift_targets') =>
      Number(
        (
          await database.db
            .selectFrom(table)
            .select((eb) => eb.fn.countAll<string>().as('n'))
            .executeTakeFirstOrThrow()
        ).n,
      );
    expect(await count('tenants')).toBe(full.tenants.length);
    expect(await count('systems')).toBe(full.systems.length);
    expect(await count('sites')).toBe(full.sites.length);
    expect(await count('shifts')).toBe(full.sites.flatMap((site) => site.shifts).length);
    expect(await count('shift_targets')).toBe(full.systems.flatMap((system) => system.shiftIds).length);
  });
});
