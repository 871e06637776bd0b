import { randomBytes } from 'node:crypto';
import pg from 'pg';
import { createKysely, type PortalDatabase } from './database.ts';
import { PglitePool } from './pglite-pool.ts';
import { migrate } from './migrate.ts';

/**
 * Names the tarball of a migrated, empty PGlite database (tests/pglite-template.global-setup.ts) that in-memory test
 * databases start from, instead of creating a cluster each (seconds of CPU per test file).
 */
export const PGLITE_TEMPLATE_ENV = 'PGLITE_TEST_TEMPLATE';

/**
 * A fresh, migrated, empty database for one test file ("database parity": every DB and API test goes through here).
 * Default: an in-memory PGlite in its worker thread (the production code path), from the run's migrated template when
 * there is one (migrate() then finds nothing to do).
 * With TEST_DATABASE_URL: a throwaway database `fleet_test_<random>` created on that server and dropped on close.
 */
export async function openTestDatabase(): Promise<PortalDatabase> {
  const serverUrl = process.env['TEST_DATABASE_URL'];
  if (serverUrl === undefined || serverUrl === '') {
    const pool = new PglitePool(null, process.env[PGLITE_TEMPLATE_ENV] ?? null);
    await pool.ready().catch(async (error: unknown) => {
      await pool.end().catch(() => undefined);
      throw error;
    });
    const db = createKysely(pool);
    await migrate(db);
    return { db, kind: 'pglite', close: () => db.destroy() };
  }

  const name = `fleet_test_${randomBytes(6).toString('hex')}`;
  await withAdminClient(serverUrl, (admin) => admin.query(`CREATE DATABASE ${name}`));
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  const db = createKysely(new pg.Pool({ connectionString: url.toString(), max: 4 }));
  const drop = async () => {
    await db.destroy();
    await withAdminClient(serverUrl, (admin) => dropWhenClosed(admin, name));
  };
  try {
    await migrate(db);
  } catch (error) {
    await drop();
    throw error;
  }
  return { db, kind: 'postgres', connectionString: url.toString(), close: drop };
}

/**
 * pg's Pool.end() resolves before its connections have finished closing; a plain DROP DATABASE waits up to 5 s for such
 * sessions to end (PostgreSQL's own wait), so the pool's connections are never killed mid-close (an unhandled 57P01 in
 * the test process). A database still in use after that is held by a connection the code under test keeps open, e.g. the
 * live push's LISTEN connection of an app a test left running while it closed the database: FORCE ends it (its owner
 * handles that error and reconnects).
 */
async function dropWhenClosed(admin: pg.Client, name: string): Promise<void> {
  try {
    await admin.query(`DROP DATABASE IF EXISTS ${name}`);
  } catch (error) {
    if ((error as { code?: string }).code !== '55006') throw error;
    await admin.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
  }
}

async function withAdminClient(url: string, action: (client: pg.Client) => Promise<unknown>): Promise<void> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    await action(client);
  } finally {
    await client.end();
  }
}
