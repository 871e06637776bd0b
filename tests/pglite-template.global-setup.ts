import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { createKysely } from '../src/server/db/database.ts';
import { startPglite } from '../src/server/db/pglite-open.ts';
import { migrate } from '../src/server/db/migrate.ts';
import { PGLITE_TEMPLATE_ENV } from '../src/server/db/test-database.ts';

/**
 * Creating an in-memory PGlite cluster (initdb) costs several seconds of CPU, and every database test file opens one:
 * this creates and migrates one database per test run and dumps it, and openTestDatabase starts each file's database
 * from that dump (docs/architecture.md "Test suites"). The dump is the migrations' own result, made fresh each run.
 */
export default async function createPgliteTemplate(): Promise<() => void> {
  const folder = mkdtempSync(path.join(tmpdir(), 'fleet-pglite-template-'));
  const pool = await startPglite(null, () => undefined);
  const db = createKysely(pool);
  try {
    await migrate(db);
    const file = path.join(folder, 'migrated.tar');
    await pool.dumpDataDir(file);
    process.env[PGLITE_TEMPLATE_ENV] = file;
  } finally {
    await db.destroy();
  }
  return () => rmSync(folder, { recursive: true, force: true });
}
