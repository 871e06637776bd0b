import { sql, type KyselyPlugin } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { PortalDatabase } from '../db/database.ts';
import { openTestDatabase } from '../db/test-database.ts';
import { addDays } from '../../shared/time/local-time.ts';
import { fillDays, historyRange, historyStatus, missingDays } from './backfill.ts';
import { prepareDemoFleet, type DemoFleetOptions } from './demo-fleet.ts';
import { provisionFleet } from './provision.ts';
import { closedAt } from './live-telemetry.ts';
import { lastCompleteDay, simulatePlannedSystemDay } from './simulate.ts';
import { storedFactCount } from '../testing/stored-facts.ts';
import { smallPlan } from './small-plan.ts';

const plan = smallPlan();
/** Noon UTC: Newark's day is still running, so the last complete day is the day before. */
const NOW = new Date('2026-04-15T12:00:00Z');
const DAY_MS = 86_400_000;

// One database for the file (a fresh PGlite takes seconds): each test works on its own days, months apart, and every
// fill goes through fillDays, so the per-day record counts always add up to the ingest log.
let database: PortalDatabase;
beforeAll(async () => {
  database = await openTestDatabase();
});
afterAll(async () => {
  await database.close();
});

function options(overrides: Partial<DemoFleetOptions> = {}): DemoFleetOptions & { lines: () => string[] } {
  let text = '';
  return {
    historyDays: 5,
    recentDays: 2,
    live: 'off',
    liveIntervalMs: 60_000,
    interactive: false,
    output: { write: (chunk: string) => (text += chunk) },
    now: () => NOW,
    lines: () => text.split('\n').filter((line) => line !== ''),
    ...overrides,
  };
}

async function filledDays(from: string, to: string): Promise<string[]> {
  const { rows } = await sql<{ day: string }>`SELECT to_char(local_day, 'YYYY-MM-DD') AS day FROM demo_history_days
    WHERE local_day BETWEEN ${from} AND ${to} ORDER BY local_day`.execute(database.db);
  return rows.map((row) => row.day);
}

/**
 * Every stored record was sent exactly once: the per-day counts add up to the ingest log (less the shift calendars,
 * which the gateways report once, outside the days).
 */
async function recordsConsistent(): Promise<void> {
  const { rows } = await sql<{ days: number }>`SELECT
    (SELECT coalesce(sum(records), 0) FROM demo_history_days)::int AS days`.execute(database.db);
  const ingested = await storedFactCount(database.db);
  expect(rows[0]?.days).toBe(ingested);
  expect(ingested).toBeGreaterThan(0);
}

describe('history range and missing days', () => {
  it('has no status before a history was started', async () => {
    expect(await historyStatus(database.db)).toBeNull();
  });

  it('ends with the last complete day, lists missing days newest first and fills them in the order given', async () => {
    const now = new Date(NOW.getTime() - 90 * DAY_MS);
    const range = historyRange(plan, 4, now);
    expect(range).toEqual({ from: '2026-01-11', to: '2026-01-14' });
    expect(lastCompleteDay(plan, now)).toBe('2026-01-14');
    expect(await missingDays(database.db, range)).toEqual(['2026-01-14', '2026-01-13', '2026-01-12', '2026-01-11']);

    await provisionFleet(database.db, plan);
    const order: string[] = [];
    // Small ingest batches (as in the background) still send every record of the day exactly once.
    await fillDays(database.db, plan, range, ['2026-01-14', '2026-01-12'], {
      batchSize: 100,
      onDay: (day) => order.push(day),
    });
    expect(order).toEqual(['2026-01-14', '2026-01-12']);
    expect(await missingDays(database.db, range)).toEqual(['2026-01-13', '2026-01-11']);
    await recordsConsistent();
  });
});

describe('prepareDemoFleet', () => {
  it('fills the recent days before ready, then the older ones newest first in the background', async () => {
    const first = options();
    const demo = await prepareDemoFleet(database.db, plan, first);
    expect(demo.range).toEqual({ from: '2026-04-10', to: '2026-04-14' });
    // The gateways reported their sites' shift calendars and their targets before the history.
    const calendars = await database.db.selectFrom('shifts').select('id').orderBy('id').execute();
    expect(calendars.map((row) => row.id)).toEqual(
      plan.sites.flatMap((site) => site.shifts.map((shift) => shift.id)).sort(),
    );
    const targets = await database.db.selectFrom('shift_targets').select('system_id').execute();
    expect(targets).toHaveLength(plan.systems.flatMap((system) => system.shiftIds).length);
    expect(demo.recent.days).toBe(2);
    expect(await filledDays('2026-04-01', '2026-04-30')).toEqual(['2026-04-13', '2026-04-14']);
    expect(await historyStatus(database.db)).toEqual({ daysAvailable: 2, daysTotal: 5 });

    const summary = await demo.startBackground();
    expect(summary).toMatchObject({ days: 3, complete: true });
    expect(await filledDays('2026-04-01', '2026-04-30')).toEqual([
      '2026-04-10',
      '2026-04-11',
      '2026-04-12',
      '2026-04-13',
      '2026-04-14',
    ]);
    expect(await historyStatus(database.db)).toEqual({ daysAvailable: 5, daysTotal: 5 });
    await recordsConsistent();
    // Each phase says in words what it starts with; the bars count the days up from there and the background ends
    // with a summary. Records are those of this run: the line at the ready moment never says '0 records'.
    expect(demo).toMatchObject({ daysReady: 2, daysTotal: 5 });
    const progress = first.lines().map((line) => line.match(/ (\d+)\/5 days/)?.[1]);
    expect(progress.filter((value) => value !== undefined)).toEqual(['1', '2', '3', '4', '5']);
    const words = first.lines().filter((line) => line.startsWith('Fleet history:'));
    expect(words).toEqual([
      'Fleet history: filling the newest 2 days of 5 before the start...',
      expect.stringMatching(/^Fleet history: 2 of 5 days ready \([1-9][\d,]* records in \d+\.\d s\)\.$/),
      'Fleet history: 2 of 5 days ready; loading the other 3 days in the background, newest first (a line every 10 %).',
    ]);
    expect(first.lines().join('\n')).not.toMatch(/ 0 records/);
    expect(first.lines().at(-1)).toMatch(/^Fleet history complete: 5 days, [\d,]+ records in \d+\.\d s\.$/);
  });

  it("keeps the recent days' rollups once, after the last of them, and records the days only then", async () => {
    const now = new Date(NOW.getTime() - 200 * DAY_MS);
    const writes: string[] = [];
    const watched = ['INSERT INTO system_hour', 'INSERT INTO demo_history_days'];
    const recording: KyselyPlugin = {
      transformQuery(args) {
        const text = JSON.stringify(args.node);
        writes.push(...watched.filter((statement) => text.includes(statement)));
        return args.node;
      },
      transformResult: (args) => Promise.resolve(args.result),
    };
    const demo = await prepareDemoFleet(
      database.db.withPlugin(recording),
      plan,
      options({ recentDays: 3, now: () => now }),
    );
    expect(demo.recent.days).toBe(3);
    // One tenant: one rollup statement for the three days (not one per day's batch), then the days in one statement.
    expect(writes).toEqual(watched);
    await recordsConsistent();
  });

  it('resumes after a restart: a stopped backfill leaves its missing days for the next start, a complete one does nothing', async () => {
    const start = new Date(NOW.getTime() + 60 * DAY_MS);
    const at = (now: Date) => options({ recentDays: 1, now: () => now });
    const demo = await prepareDemoFleet(database.db, plan, at(start));
    const background = demo.startBackground();
    await demo.stop();
    const stopped = await background;
    expect(stopped.complete).toBe(false);
    const afterStop = await historyStatus(database.db);
    expect(afterStop?.daysAvailable).toBeLessThan(5);
    await recordsConsistent();

    // Second start on the same database: only the missing days, then complete.
    const again = await prepareDemoFleet(database.db, plan, at(start));
    expect(again.recent.days).toBe(0);
    const resumed = await again.startBackground();
    expect(resumed).toMatchObject({ days: 5 - (afterStop?.daysAvailable ?? 0), complete: true });
    await recordsConsistent();

    // Third start: nothing to do, nothing simulated.
    const third = at(start);
    const idle = await prepareDemoFleet(database.db, plan, third);
    expect(idle.recent).toMatchObject({ days: 0, records: 0 });
    expect(await idle.startBackground()).toMatchObject({ days: 0, records: 0, complete: true });
    expect(third.lines()).toEqual([]);

    // Two days later the range moves on: the two new days are filled, the oldest ones leave the range.
    const moved = await prepareDemoFleet(database.db, plan, at(new Date(start.getTime() + 2 * DAY_MS)));
    expect(moved.range.to).toBe(addDays(again.range.to, 2));
    expect(moved.recent.days).toBe(1);
    expect(await moved.startBackground()).toMatchObject({ days: 1, complete: true });
    expect(await historyStatus(database.db)).toEqual({ daysAvailable: 5, daysTotal: 5 });
  });

  it('runs the work beside the recent fill once the tenants exist, and is ready only when both are done', async () => {
    const now = new Date(NOW.getTime() + 90 * DAY_MS);
    const range = historyRange(plan, 5, now);
    const seen: { tenants: number; daysFilled: number }[] = [];
    let besideDone = false;
    const demo = await prepareDemoFleet(
      database.db,
      plan,
      options({
        now: () => now,
        besideRecentFill: async () => {
          const tenants = await database.db.selectFrom('tenants').select('id').execute();
          seen.push({ tenants: tenants.length, daysFilled: (await filledDays(range.from, range.to)).length });
          await new Promise((resolve) => setTimeout(resolve, 300));
          besideDone = true;
        },
      }),
    );
    // Started after provisioning, before the recent days were in (beside the fill, not after it).
    expect(seen).toEqual([{ tenants: expect.any(Number) as number, daysFilled: 0 }]);
    expect(seen[0]?.tenants).toBeGreaterThanOrEqual(new Set(plan.systems.map((system) => system.tenantId)).size);
    expect(besideDone).toBe(true);
    expect(await filledDays(range.from, range.to)).toEqual([addDays(range.to, -1), range.to]);
    await demo.stop();
  });

  // Last in the file: live records belong to no recorded day, so recordsConsistent() no longer holds after these.
  it('sends today so far before ready, then ticks live until stop, which ends the backfill and the loop', async () => {
    const now = new Date(NOW.getTime() + 120 * DAY_MS);
    const ingested = () => storedFactCount(database.db);
    const before = await ingested();
    const demo = await prepareDemoFleet(
      database.db,
      plan,
      options({ live: 'continuous', liveIntervalMs: 5, now: () => now }),
    );
    const todaySoFar = (await ingested()) - before;
    const { rows } = await sql<{ n: number }>`SELECT coalesce(sum(records), 0)::int AS n FROM demo_history_days
      WHERE local_day BETWEEN ${demo.range.from} AND ${demo.range.to}`.execute(database.db);
    // Everything ingested beyond the recorded days is the running day's telemetry, sent before the ready line.
    expect(todaySoFar - (rows[0]?.n ?? 0)).toBeGreaterThan(0);

    const background = demo.startBackground();
    await demo.stop();
    await background;
    const afterStop = await ingested();
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(await ingested()).toBe(afterStop);
  });

  it("live 'once' sends today so far before ready and nothing after it, though the clock moves on", async () => {
    const start = new Date(NOW.getTime() + 180 * DAY_MS);
    const later = new Date(start.getTime() + 2 * 3_600_000);
    let now = start;
    const ingested = () => storedFactCount(database.db);
    const before = await ingested();
    const demo = await prepareDemoFleet(
      database.db,
      plan,
      options({ live: 'once', liveIntervalMs: 5, now: () => now }),
    );
    const { rows } = await sql<{ n: number }>`SELECT coalesce(sum(records), 0)::int AS n FROM demo_history_days
      WHERE local_day BETWEEN ${demo.range.from} AND ${demo.range.to}`.execute(database.db);
    expect((await ingested()) - before - (rows[0]?.n ?? 0)).toBeGreaterThan(0);
    const atReady = await ingested();

    // Two hours on, the printers have closed records a live loop would send; 'once' sends none of them.
    const running = [addDays(demo.range.to, 1), addDays(demo.range.to, 2)];
    const closedSince = plan.systems
      .flatMap((system) => running.flatMap((day) => simulatePlannedSystemDay(plan, system.serialNumber, day)))
      .filter((record) => closedAt(record) > start.getTime() && closedAt(record) <= later.getTime());
    expect(closedSince.length).toBeGreaterThan(0);
    now = later;
    const background = demo.startBackground();
    await new Promise((resolve) => setTimeout(resolve, 50));
    await demo.stop();
    await background;
    // The background fills the older days; beyond them nothing arrived.
    const { rows: filled } = await sql<{ n: number }>`SELECT coalesce(sum(records), 0)::int AS n
      FROM demo_history_days WHERE local_day BETWEEN ${demo.range.from} AND ${demo.range.to}`.execute(database.db);
    expect((await ingested()) - atReady).toBe((filled[0]?.n ?? 0) - (rows[0]?.n ?? 0));
  });

  it('restarted the same day, is ready without simulating today again; the live loop sends the gap at once', async () => {
    // A Friday: the shifts run.
    const start = new Date(NOW.getTime() + 198 * DAY_MS);
    const ingested = () => storedFactCount(database.db);
    // An interval no test waits for: whatever the loop sends after the ready line below is its first tick, at once
    // (and no older days to fill in the background).
    const live = { live: 'continuous', liveIntervalMs: 3_600_000, historyDays: 2, recentDays: 2 } as const;
    const first = await prepareDemoFleet(database.db, plan, options({ ...live, now: () => start }));
    await first.stop();

    // Two hours later, the same day: the printers have closed records since the last run.
    const restart = new Date(start.getTime() + 2 * 3_600_000);
    const running = [addDays(first.range.to, 1), addDays(first.range.to, 2)];
    const closedSince = plan.systems
      .flatMap((system) => running.flatMap((day) => simulatePlannedSystemDay(plan, system.serialNumber, day)))
      .filter((record) => closedAt(record) > start.getTime() && closedAt(record) <= restart.getTime());
    expect(closedSince.length).toBeGreaterThan(0);
    const atStop = await ingested();
    const again = await prepareDemoFleet(database.db, plan, options({ ...live, now: () => restart }));
    expect(again.recent.days).toBe(0);
    expect(await ingested()).toBe(atStop);

    const background = again.startBackground();
    await expect.poll(ingested, { timeout: 10_000 }).toBeGreaterThanOrEqual(atStop + closedSince.length);
    await again.stop();
    await background;
  });
});
