import { sql, type Kysely } from 'kysely';
import { MIGRATIONS, type Migration } from './migrations/index.ts';

/** Arbitrary constant: the advisory lock that keeps two portal replicas from migrating the same database at once. */
const MIGRATION_LOCK_ID = 7_316_001;

/**
 * Applies the migrations not yet recorded in schema_migrations, all in one transaction:
 * either the database ends up fully migrated or unchanged. Returns the names applied now.
 */
export async function migrate<DB>(db: Kysely<DB>, migrations: readonly Migration[] = MIGRATIONS): Promise<string[]> {
  return db.transaction().execute(async (trx) => {
    await sql`SELECT pg_advisory_xact_lock(${sql.lit(MIGRATION_LOCK_ID)})`.execute(trx);
    await sql`CREATE TABLE IF NOT EXISTS schema_migrations (
      name text PRIMARY KEY,
      applied_at timestamptz NOT NULL DEFAULT now()
    )`.execute(trx);
    const { rows } = await sql<{ name: string }>`SELECT name FROM schema_migrations`.execute(trx);
    const applied = new Set(rows.map((row) => row.name));
    const pending = migrations.filter((migration) => !applied.has(migration.name));
    for (const migration of pending) {
      // sql.raw with no parameters goes over the simple query protocol, which accepts several statements at once.
      await sql.raw(migration.up).execute(trx);
      await sql`INSERT INTO schema_migrations (name) VALUES (${migration.name})`.execute(trx);
    }
    return pending.map((migration) => migration.name);
  });
}
