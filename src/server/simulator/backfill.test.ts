import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { PortalDatabase } from '../db/database.ts';
import { openTestDatabase } from '../db/test-database.ts';
import { storedFactCount } from '../testing/stored-facts.ts';
import { fillDays, historyRange, missingDays } from './backfill.ts';
import { provisionFleet } from './provision.ts';
import { simulatePlannedSystemDay } from './simulate.ts';
import { smallPlan } from './small-plan.ts';

/**
 * fillDays writes one day while it simulates the next: what it records must still be exactly what was ingested, in the
 * order given, when it is stopped between the two and when a write fails.
 */

const plan = smallPlan();
const range = historyRange(plan, 6, new Date('2026-06-20T12:00:00Z'));

let database: PortalDatabase;
beforeAll(async () => {
  database = await openTestDatabase();
  await provisionFleet(database.db, plan);
});
afterAll(async () => {
  await database.close();
});

async function recordedDays(): Promise<{ day: string; records: number }[]> {
  const { rows } = await sql<{ day: string; records: number }>`SELECT to_char(local_day, 'YYYY-MM-DD') AS day, records
    FROM demo_history_days ORDER BY local_day DESC`.execute(database.db);
  return rows;
}

const simulatedRecords = (day: string) =>
  plan.systems.reduce(
    (sum, system) =>
      sum +
      simulatePlannedSystemDay(plan, system.serialNumber, day, {
        reportSoftware: day === range.from || day === range.to,
      }).length,
    0,
  );

describe('fillDays', () => {
  it('stopped while the next day is simulated: the day being written is finished and recorded, no later one', async () => {
    const days = await missingDays(database.db, range);
    const abort = new AbortController();
    const reported: { day: string; records: number }[] = [];
    const total = await fillDays(database.db, plan, range, days, {
      signal: abort.signal,
      onDay: (day, records) => {
        reported.push({ day, records });
        // The next day is simulated meanwhile; stopped now, it is not written.
        abort.abort();
      },
    });
    expect(reported.map((entry) => entry.day)).toEqual(days.slice(0, 1));
    for (const entry of reported) expect(entry.records).toBe(simulatedRecords(entry.day));
    expect(await recordedDays()).toEqual(reported);
    expect(total).toBe(reported.reduce((sum, entry) => sum + entry.records, 0));
    expect(await storedFactCount(database.db)).toBe(total);

    // The rest, in the order given; every record of the range is then stored once.
    const rest = await missingDays(database.db, range);
    const order: string[] = [];
    await fillDays(database.db, plan, range, rest, { onDay: (day) => order.push(day) });
    expect(order).toEqual(rest);
    const recorded = await recordedDays();
    expect(recorded.map((entry) => entry.day)).toEqual(days);
    expect(await storedFactCount(database.db)).toBe(recorded.reduce((sum, entry) => sum + entry.records, 0));
  });

  it('rejects with the write that failed, records no day after it, and leaves no failure unhandled', async () => {
    // Printers that were never provisioned: ingest rejects their records, so the first write fails.
    const unknown = {
      ...plan,
      systems: plan.systems.map((system) => ({ ...system, serialNumber: `${system.serialNumber}-UNKNOWN` })),
    };
    const later = historyRange(unknown, 3, new Date('2026-09-20T12:00:00Z'));
    const before = await recordedDays();
    const reported: string[] = [];
    await expect(
      fillDays(database.db, unknown, later, await missingDays(database.db, later), {
        onDay: (day) => reported.push(day),
      }),
    ).rejects.toThrow(/Ingest rejected \d+ simulated records/);
    expect(reported).toEqual([]);
    expect(await recordedDays()).toEqual(before);
  });
});
