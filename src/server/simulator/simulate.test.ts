import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { PortalDatabase } from '../db/database.ts';
import { openTestDatabase } from '../db/test-database.ts';
import { DEMO_PLAN_SEED, planFleet } from './fleet-plan.ts';
import { daysFromTo, localDayOf } from '../../shared/time/local-time.ts';
import { simulatedSystemOf } from './printer-model.ts';
import { provisionFleet } from './provision.ts';
import {
  reportShiftCalendars,
  simulateHistory,
  simulatePlannedSystemDay,
  type SimulationProgress,
} from './simulate.ts';
import { shiftCalendarRecords } from './shift-calendar-reports.ts';
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
});

describe('the demo fleet through the ingest path', () => {
  // A database of its own: the calendars of the small plan above share tenant and site ids with the demo's.
  let demoDatabase: PortalDatabase;
  beforeAll(async () => {
    demoDatabase = await openTestDatabase();
  });
  afterAll(async () => {
    await demoDatabase.close();
  });

  it('provisions reference rows idempotently; the shift calendars arrive through ingest with the history', async () => {
    const demo = planFleet({ seed: DEMO_PLAN_SEED });
    await provisionFleet(demoDatabase.db, demo);
    await provisionFleet(demoDatabase.db, demo);
    const count = async (table: 'tenants' | 'systems' | 'sites' | 'shifts' | 'shift_targets') =>
      Number(
        (
          await demoDatabase.db
            .selectFrom(table)
            .select((eb) => eb.fn.countAll<string>().as('n'))
            .executeTakeFirstOrThrow()
        ).n,
      );
    expect(await count('tenants')).toBe(demo.tenants.length);
    expect(await count('systems')).toBe(demo.systems.length);
    expect(await count('sites')).toBe(demo.sites.length);
    // Provisioning writes no calendar: it is telemetry.
    expect(await count('shifts')).toBe(0);
    expect(await count('shift_targets')).toBe(0);

    const day = '2026-03-10';
    const history = await simulateHistory(demoDatabase.db, demo, { from: day, to: day });
    expect(history.rejected).toBe(0);
    const { rows: calendarRecords } = await sql<{ kind: string; n: number }>`SELECT kind, count(*)::int AS n
      FROM ingest_records WHERE kind IN ('shift', 'shift_target') GROUP BY kind ORDER BY kind`.execute(demoDatabase.db);
    const reported = demo.systems.map((system) => shiftCalendarRecords(demo, system));
    expect(calendarRecords).toEqual([
      { kind: 'shift', n: reported.flat().filter((record) => record.kind === 'shift').length },
      { kind: 'shift_target', n: reported.flat().filter((record) => record.kind === 'shift_target').length },
    ]);

    // Every demo site has two or three shifts, and every printer a target for each shift it works.
    const { rows: shiftsPerSite } = await sql<{ tenant_id: string; site_id: string; n: number }>`SELECT tenant_id,
      site_id, count(*)::int AS n FROM shifts GROUP BY tenant_id, site_id ORDER BY tenant_id, site_id`.execute(
      demoDatabase.db,
    );
    expect(shiftsPerSite).toEqual(
      demo.sites
        .map((site) => ({ tenant_id: site.tenantId, site_id: site.id, n: site.shifts.length }))
        .sort((a, b) => a.tenant_id.localeCompare(b.tenant_id) || a.site_id.localeCompare(b.site_id)),
    );
    expect(shiftsPerSite.every((site) => site.n >= 2 && site.n <= 3)).toBe(true);
    const targets = await demoDatabase.db
      .selectFrom('shift_targets')
      .select(['system_id', 'shift_id', 'target_impressions'])
      .execute();
    expect(targets.map((row) => `${row.system_id} ${row.shift_id} ${row.target_impressions}`).sort()).toEqual(
      demo.systems
        .flatMap((system) =>
          system.shiftIds.map((shiftId) => `${system.id} ${shiftId} ${system.shiftTargetImpressions}`),
        )
        .sort(),
    );

    // Reported again on every start: only duplicates.
    expect(await reportShiftCalendars(demoDatabase.db, demo)).toMatchObject({
      accepted: 0,
      duplicates: reported.flat().length,
    });
  });
});
