import fs from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { sql, type Kysely } from 'kysely';
import { afterAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../config.ts';
import { openDatabase } from './database.ts';
import type { Database } from './schema.ts';

const work = fs.mkdtempSync(path.join(tmpdir(), 'fleet-deferred-upkeep-'));
afterAll(() => fs.rmSync(work, { recursive: true, force: true }));

/** Whether the scratch table has planner statistics (an autovacuum pass ANALYZEs a table that never had any). */
async function analysed(db: Kysely<Database>): Promise<boolean> {
  const { rows } = await sql<{ n: number }>`
    SELECT count(*)::int AS n FROM pg_stats WHERE tablename = 'upkeep_scratch'`.execute(db);
  return (rows[0]?.n ?? 0) > 0;
}

describe('PGlite upkeep held back until the portal is ready (deferUpkeep)', () => {
  it('runs no autovacuum pass before startUpkeep(), and the first one at once after it', async () => {
    const config = loadConfig({ PORTAL_DATA_DIR: path.join(work, 'data') });
    const options = { log: () => undefined, deferUpkeep: true };
    // A table no pass has seen yet, in a database opened again: a pass at open would ANALYZE it at once.
    const first = await openDatabase(config, options);
    await sql`CREATE TABLE upkeep_scratch AS SELECT n FROM generate_series(1, 5000) AS n`.execute(first.db);
    await first.close();

    const database = await openDatabase(config, options);
    try {
      const { db } = database;
      // Without deferUpkeep the pass at open analyses it within this time, even on a loaded machine.
      await new Promise((resolve) => setTimeout(resolve, 5000));
      expect(await analysed(db)).toBe(false);

      database.startUpkeep?.();
      database.startUpkeep?.();
      const deadline = Date.now() + 30_000;
      while (!(await analysed(db)) && Date.now() < deadline) {
        await new Promise((resolve) => setTimeout(resolve, 100));
      }
      expect(await analysed(db)).toBe(true);
    } finally {
      await database.close();
    }
  });
});
