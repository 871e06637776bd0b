import type { Kysely } from 'kysely';
import { afterAll, beforeAll } from 'vitest';
import type { PortalDatabase } from '../db/database.ts';
import type { Database } from '../db/schema.ts';
import { openTestDatabase } from '../db/test-database.ts';
import { seedTestFleet } from '../ingest/ingest-test-fleet.ts';

/**
 * A fresh test database with TEST_FLEET's reference rows, opened before the calling test file's tests and closed
 * after them. Call at the top of a test file; read `.db` inside tests and hooks.
 */
export function useTestFleetDatabase(): { readonly db: Kysely<Database> } {
  let database: PortalDatabase | undefined;
  beforeAll(async () => {
    database = await openTestDatabase();
    await seedTestFleet(database.db);
  });
  afterAll(async () => {
    await database?.close();
  });
  return {
    get db() {
      if (database === undefined) throw new Error('the test fleet database is open only inside tests and hooks');
      return database.db;
    },
  };
}
