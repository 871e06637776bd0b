import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createKysely, startPglite } from './database.ts';
import { analyzeStaleTables, scheduleStatistics, staleTables } from './planner-statistics.ts';

// PGlite only (PostgreSQL's own autovacuum does this there): an in-memory PGlite in its worker, as the portal runs it.
describe('planner statistics on PGlite (autovacuum’s ANALYZE rule)', () => {
  let db: ReturnType<typeof createKysely>;

  /** The planner's row count of `table` (-1: never analysed). */
  const plannedRows = async (table: string): Promise<number> => {
    const { rows } = await sql<{ n: number }>`SELECT reltuples AS n FROM pg_class WHERE relname = ${table}`.execute(db);
    return Number(rows[0]?.n);
  };

  /** PostgreSQL reports a backend's change counters at most once a second; this makes the next statement report them. */
  const reportCounters = async () => {
    await sql`SELECT pg_stat_force_next_flush()`.execute(db);
    await sql`SELECT 1`.execute(db);
  };

  beforeAll(async () => {
    db = createKysely(await startPglite(null, () => undefined));
    await sql`CREATE TABLE stats_probe (n int)`.execute(db);
  }, 120_000);

  afterAll(async () => {
    await db?.destroy();
  });

  it('finds a filled table that was never analysed, analyses it, and then finds it fresh', async () => {
    await sql`INSERT INTO stats_probe SELECT generate_series(1, 5000)`.execute(db);
    await reportCounters();
    expect(await plannedRows('stats_probe')).toBe(-1);
    expect(await staleTables(db)).toContain('stats_probe');

    expect(await analyzeStaleTables(db)).toContain('stats_probe');
    expect(await plannedRows('stats_probe')).toBe(5000);
    expect(await staleTables(db)).not.toContain('stats_probe');
  });

  it('analyses again once more than 50 + 10 % of the rows changed, not before', async () => {
    await sql`UPDATE stats_probe SET n = -n WHERE n <= 500`.execute(db);
    await reportCounters();
    expect(await staleTables(db)).not.toContain('stats_probe');
    await sql`INSERT INTO stats_probe SELECT generate_series(5001, 5100)`.execute(db);
    await reportCounters();
    expect(await staleTables(db)).toContain('stats_probe');
  });

  it('runs a pass at once when scheduled, and stops', async () => {
    const failures: unknown[] = [];
    const stop = scheduleStatistics(db, 60_000, (error) => failures.push(error));
    try {
      while ((await plannedRows('stats_probe')) !== 5100) {
        await new Promise((resolve) => setTimeout(resolve, 20));
      }
    } finally {
      stop();
    }
    expect(failures).toEqual([]);
    expect(await staleTables(db)).not.toContain('stats_probe');
  });
});
