import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createKysely } from './database.ts';
import { startPglite } from './pglite-open.ts';
import { autovacuumWork, runAutovacuum, scheduleAutovacuum } from './pglite-autovacuum.ts';

// PGlite only (PostgreSQL's own autovacuum does this there): an in-memory PGlite in its worker, as the portal runs it.
describe('autovacuum on PGlite (PostgreSQL’s rules, run by the portal)', () => {
  let db: ReturnType<typeof createKysely>;

  /** The planner's row count of the probe table (-1: never analysed) and its pages known all-visible. */
  const catalogue = async () => {
    const { rows } = await sql<{ planned: number; visible: number; pages: number }>`
      SELECT reltuples AS planned, relallvisible AS visible, relpages AS pages FROM pg_class
      WHERE relname = 'autovacuum_probe'`.execute(db);
    const row = rows[0];
    return { planned: Number(row?.planned), visible: Number(row?.visible), pages: Number(row?.pages) };
  };

  /** PostgreSQL reports a backend's change counters at most once a second; this makes the next statement report them. */
  const reportCounters = async () => {
    await sql`SELECT pg_stat_force_next_flush()`.execute(db);
    await sql`SELECT 1`.execute(db);
  };

  const work = async () => {
    const found = await autovacuumWork(db);
    return {
      vacuum: found.vacuum.includes('autovacuum_probe'),
      analyze: found.analyze.includes('autovacuum_probe'),
    };
  };

  beforeAll(async () => {
    db = createKysely(await startPglite(null, () => undefined));
    await sql`CREATE TABLE autovacuum_probe (n int PRIMARY KEY)`.execute(db);
  }, 120_000);

  afterAll(async () => {
    await db?.destroy();
  });

  it('vacuums and analyses a filled table that never was, and then finds nothing to do', async () => {
    await sql`INSERT INTO autovacuum_probe SELECT generate_series(1, 5000)`.execute(db);
    await reportCounters();
    expect(await catalogue()).toMatchObject({ planned: -1, visible: 0 });
    expect(await work()).toEqual({ vacuum: true, analyze: true });

    await runAutovacuum(db);
    const after = await catalogue();
    expect(after.planned).toBe(5000);
    // Every page is known all-visible: an index-only scan needs no visit to the table.
    expect(after.visible).toBe(after.pages);
    expect(await work()).toEqual({ vacuum: false, analyze: false });
  });

  it('analyses once more than 50 + 10 % of the rows changed, and vacuums once more than 50 + 20 % are dead', async () => {
    await sql`UPDATE autovacuum_probe SET n = -n WHERE n <= 500`.execute(db);
    await reportCounters();
    expect(await work()).toEqual({ vacuum: false, analyze: false });
    await sql`UPDATE autovacuum_probe SET n = -n WHERE n BETWEEN 501 AND 600`.execute(db);
    await reportCounters();
    expect(await work()).toEqual({ vacuum: false, analyze: true });
    await sql`DELETE FROM autovacuum_probe WHERE n BETWEEN 601 AND 1100`.execute(db);
    await reportCounters();
    expect(await work()).toEqual({ vacuum: true, analyze: true });
  });

  it('analyses a table whose row count only an index build set (rows, but no column statistics)', async () => {
    await sql`CREATE TABLE indexed_later (n int)`.execute(db);
    await sql`INSERT INTO indexed_later SELECT generate_series(1, 3000)`.execute(db);
    await sql`CREATE INDEX indexed_later_n ON indexed_later (n)`.execute(db);
    const { rows } = await sql<{ planned: number }>`SELECT reltuples AS planned FROM pg_class
      WHERE relname = 'indexed_later'`.execute(db);
    expect(Number(rows[0]?.planned)).toBe(3000);
    expect((await autovacuumWork(db)).analyze).toContain('indexed_later');
    await runAutovacuum(db);
    expect((await autovacuumWork(db)).analyze).not.toContain('indexed_later');
  });

  it('vacuums an insert-only table after the inserts its own options allow, as autovacuum does (migration 033)', async () => {
    await sql`CREATE TABLE insert_only (n int PRIMARY KEY)`.execute(db);
    await sql`INSERT INTO insert_only SELECT generate_series(1, 20000)`.execute(db);
    // Counted before the VACUUM, which sets the count of inserts since the last one to zero.
    await reportCounters();
    await sql`VACUUM (ANALYZE) insert_only`.execute(db);
    await sql`INSERT INTO insert_only SELECT generate_series(20001, 21500)`.execute(db);
    await reportCounters();
    const vacuums = async () => (await autovacuumWork(db)).vacuum.includes('insert_only');
    // 1,500 inserted rows: under the default 1,000 + 20 % of 20,000, and the new pages are under 20 % of the table's.
    expect(await vacuums()).toBe(false);
    await sql`ALTER TABLE insert_only SET (autovacuum_vacuum_insert_threshold = 1000,
      autovacuum_vacuum_insert_scale_factor = 0)`.execute(db);
    expect(await vacuums()).toBe(true);
    await sql`ALTER TABLE insert_only SET (autovacuum_vacuum_insert_threshold = 2000)`.execute(db);
    expect(await vacuums()).toBe(false);
    await sql`DROP TABLE insert_only`.execute(db);
  });

  it('runs a pass at once when scheduled, and stops', async () => {
    const failures: unknown[] = [];
    const stop = scheduleAutovacuum(db, 60_000, (error) => failures.push(error));
    try {
      while ((await catalogue()).planned !== 4500) await new Promise((resolve) => setTimeout(resolve, 20));
    } finally {
      stop();
    }
    expect(failures).toEqual([]);
    expect(await work()).toEqual({ vacuum: false, analyze: false });
  });
});
