import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createKysely, scheduleCheckpoints } from './database.ts';
import { startPglite } from './pglite-open.ts';

describe('PGlite write-ahead log', () => {
  let dataDir: string;
  let db: ReturnType<typeof createKysely>;

  beforeAll(async () => {
    dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'pglite-wal-'));
    db = createKysely(await startPglite(path.join(dataDir, 'pgdata'), () => undefined));
  }, 120_000);

  afterAll(async () => {
    await db?.destroy();
    fs.rmSync(dataDir, { recursive: true, force: true });
  });

  const segments = () =>
    fs.readdirSync(path.join(dataDir, 'pgdata', 'pg_wal')).filter((name) => /^[0-9A-F]{24}$/.test(name)).length;
  const redo = async () =>
    (await sql<{ redo: string }>`SELECT redo_lsn::text AS redo FROM pg_control_checkpoint()`.execute(db)).rows[0]?.redo;

  it('keeps at most 64 MB of it', async () => {
    const { rows } = await sql<{ max: string }>`SELECT current_setting('max_wal_size') AS max`.execute(db);
    expect(rows[0]?.max).toBe('64MB');
  });

  it('is checkpointed on a schedule, which removes the segments beyond max_wal_size', async () => {
    await sql`CREATE TABLE wal_filler (n int)`.execute(db);
    // Eight 16 MB segments, as a long history fill writes them; PGlite alone never checkpoints before shutdown.
    for (let segment = 0; segment < 8; segment += 1) {
      await sql`INSERT INTO wal_filler VALUES (${segment})`.execute(db);
      await sql`SELECT pg_switch_wal()`.execute(db);
    }
    expect(segments()).toBeGreaterThanOrEqual(8);

    const before = await redo();
    const stop = scheduleCheckpoints(db, 10);
    try {
      while ((await redo()) === before) await new Promise((resolve) => setTimeout(resolve, 20));
    } finally {
      stop();
    }
    expect(segments()).toBeLessThanOrEqual(5);
  }, 120_000);
});
