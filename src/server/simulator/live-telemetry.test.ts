import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { PortalDatabase } from '../db/database.ts';
import { openTestDatabase } from '../db/test-database.ts';
import { closedAt, createLiveTelemetry } from './live-telemetry.ts';
import { provisionFleet } from './provision.ts';
import { simulatePlannedSystemDay } from './simulate.ts';
import { smallPlan } from './small-plan.ts';
import { storedFactCount } from '../testing/stored-facts.ts';

const plan = smallPlan();
const HOUR_MS = 3_600_000;
/** 11:00 UTC: midday in Berlin, early morning in Newark — both printers' days are under way. */
const T1 = new Date('2026-05-06T11:00:00Z');

let database: PortalDatabase;
beforeAll(async () => {
  database = await openTestDatabase();
  await provisionFleet(database.db, plan);
});
afterAll(async () => {
  await database.close();
});

const simulated = (days: string[]) =>
  plan.systems.flatMap((system) => days.flatMap((day) => simulatePlannedSystemDay(plan, system.serialNumber, day)));

/**
 * Independently, what a gateway sends in (from, to]: the simulated records of `days` that close in it, and the events
 * that started in it and are still going at its end (sent open).
 */
function expectedBetween(days: string[], from: number, to: number): number {
  const within = (instant: number) => instant > from && instant <= to;
  return simulated(days).filter(
    (record) =>
      within(closedAt(record)) ||
      (record.kind === 'event' && within(Date.parse(record.startedAt)) && closedAt(record) > to),
  ).length;
}

/** The records of `days` known by `to`, each once: a gateway's identities. */
const identitiesBy = (days: string[], to: number) =>
  simulated(days).filter((record) => (record.kind === 'event' ? Date.parse(record.startedAt) : closedAt(record)) <= to)
    .length;

async function stored(): Promise<{ records: number; latestEnd: number }> {
  const { rows } = await sql<{
    latest_end: Date | null;
  }>`SELECT greatest((SELECT max(ended_at) FROM status_intervals), (SELECT max(ended_at) FROM jobs)) AS latest_end`.execute(
    database.db,
  );
  return { records: await storedFactCount(database.db), latestEnd: rows[0]?.latest_end?.getTime() ?? 0 };
}

describe('live telemetry', () => {
  it('sends only records closed by now, each once across ticks, and the rest of a day after it ends', async () => {
    const live = createLiveTelemetry(database.db, plan, { intervalMs: 60_000 });
    // The first tick after a start sends everything closed so far of the days not complete everywhere: 5 May ended
    // in Newark at 04:00 UTC (the backfill's last day), 6 May is running, 7 May has not begun.
    const running = ['2026-05-06', '2026-05-07'];
    const first = await live.tick(T1);
    expect(first).toBe(expectedBetween(running, 0, T1.getTime()));
    expect(first).toBeGreaterThan(0);
    expect((await stored()).latestEnd).toBeLessThanOrEqual(T1.getTime());

    expect(await live.tick(T1)).toBe(0);
    const t2 = new Date(T1.getTime() + 2 * HOUR_MS);
    const second = await live.tick(t2);
    expect(second).toBe(expectedBetween(running, T1.getTime(), t2.getTime()));
    expect(second).toBeGreaterThan(0);
    expect(await stored()).toEqual({ records: identitiesBy(running, t2.getTime()), latestEnd: expect.any(Number) });
    expect((await stored()).latestEnd).toBeLessThanOrEqual(t2.getTime());

    // The next morning both sites have finished 6 May: its last records arrive although the day is now complete.
    const t3 = new Date('2026-05-07T13:00:00Z');
    const third = await live.tick(t3);
    expect(third).toBe(expectedBetween([...running, '2026-05-08'], t2.getTime(), t3.getTime()));
    const may6 = plan.systems.flatMap((system) => simulatePlannedSystemDay(plan, system.serialNumber, '2026-05-06'));
    expect(
      await storedFactCount(
        database.db,
        may6.map((record) => record.id),
      ),
    ).toBe(may6.length);
  });

  it('sends an event open once it has started and again with its end once it has ended: the stored event ends', async () => {
    const day = '2026-05-12';
    const event = simulated([day]).find(
      (record) => record.kind === 'event' && record.endedAt != null && closedAt(record) > Date.parse(record.startedAt),
    );
    if (event?.kind !== 'event' || event.endedAt == null) throw new Error(`no event on ${day}`);
    const storedEvent = () =>
      database.db.selectFrom('events').where('id', '=', event.id).select(['started_at', 'ended_at']).executeTakeFirst();
    const live = createLiveTelemetry(database.db, plan, { intervalMs: 60_000 });
    await live.tick(new Date((Date.parse(event.startedAt) + closedAt(event)) / 2));
    expect(await storedEvent()).toEqual({ started_at: new Date(event.startedAt), ended_at: null });
    await live.tick(new Date(closedAt(event)));
    expect(await storedEvent()).toEqual({ started_at: new Date(event.startedAt), ended_at: new Date(event.endedAt) });
  });

  it('ticks on its interval until stopped, and stop waits for the tick in progress', async () => {
    let ticks = 0;
    const live = createLiveTelemetry(database.db, plan, {
      intervalMs: 5,
      now: () => {
        ticks += 1;
        return new Date(T1.getTime() + 48 * HOUR_MS + ticks * 60_000);
      },
    });
    live.start();
    await expect.poll(() => ticks, { timeout: 20_000 }).toBeGreaterThanOrEqual(3);
    await live.stop();
    const after = ticks;
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(ticks).toBe(after);
  });
});
