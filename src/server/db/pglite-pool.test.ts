import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createKysely } from './database.ts';
import { PgliteDatabaseError, PglitePool } from './pglite-pool.ts';

describe('PglitePool (PGlite in a worker thread)', () => {
  let pool: PglitePool;

  beforeAll(async () => {
    pool = new PglitePool(null);
    await pool.ready();
    await pool.query('CREATE TABLE steps (seq serial PRIMARY KEY, tx text NOT NULL, step int NOT NULL)');
  });

  afterAll(async () => {
    await pool.end();
  });

  it('lends its single connection to one transaction at a time, so concurrent transactions never interleave', async () => {
    const db = createKysely(pool);
    const run = (tx: string) =>
      db.transaction().execute(async (trx) => {
        for (let step = 0; step < 5; step += 1) {
          await sql`INSERT INTO steps (tx, step) VALUES (${tx}, ${step})`.execute(trx);
          await new Promise((resolve) => setImmediate(resolve));
        }
      });
    await Promise.all([run('a'), run('b'), run('c')]);

    const { rows } = await pool.query<{ tx: string }>('SELECT tx FROM steps ORDER BY seq');
    const order = rows.map((row) => row.tx).join('');
    expect(order).toHaveLength(15);
    expect(order).toMatch(/^(a{5}|b{5}|c{5}){3}$/);
  });

  it('queues connect() until the lent client is released', async () => {
    const first = await pool.connect();
    let secondArrived = false;
    const second = pool.connect().then((client) => {
      secondArrived = true;
      return client;
    });
    await first.query('SELECT 1');
    expect(secondArrived).toBe(false);
    first.release();
    (await second).release();
    expect(secondArrived).toBe(true);
  });

  it('turns PostgreSQL errors into errors carrying the SQLSTATE code', async () => {
    const failure = await pool.query('SELECT * FROM missing_table').catch((error: unknown) => error);
    expect(failure).toBeInstanceOf(PgliteDatabaseError);
    expect((failure as PgliteDatabaseError).code).toBe('42P01');
    expect((failure as PgliteDatabaseError).message).toBe('relation "missing_table" does not exist');
  });

  it('starts PostgreSQL with durable commits (fsync on, WAL opened with O_DSYNC)', async () => {
    const { rows } = await pool.query<{ fsync: string; method: string }>(
      "SELECT current_setting('fsync') AS fsync, current_setting('wal_sync_method') AS method",
    );
    expect(rows[0]).toEqual({ fsync: 'on', method: 'open_datasync' });
  });

  it('rejects use of a client after release', async () => {
    const client = await pool.connect();
    client.release();
    await expect(client.query('SELECT 1')).rejects.toThrow('used after release()');
  });

  it('dumps its data folder, and a new in-memory pool started from that dump has the same rows', async () => {
    const folder = mkdtempSync(path.join(tmpdir(), 'pglite-dump-'));
    let copy: PglitePool | undefined;
    try {
      await pool.query('CREATE TABLE dumped (label text)');
      await pool.query("INSERT INTO dumped VALUES ('kept')");
      await pool.dumpDataDir(path.join(folder, 'steps.tar'));
      copy = new PglitePool(null, path.join(folder, 'steps.tar'));
      await copy.ready();
      const { rows } = await copy.query<{ label: string }>('SELECT label FROM dumped');
      expect(rows).toEqual([{ label: 'kept' }]);
    } finally {
      await copy?.end();
      rmSync(folder, { recursive: true, force: true });
    }
  });
});
