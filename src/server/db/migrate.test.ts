import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { PortalDatabase } from './database.ts';
import { migrate } from './migrate.ts';
import { MIGRATIONS } from './migrations/index.ts';
import { openTestDatabase } from './test-database.ts';

describe('migrate', () => {
  let database: PortalDatabase;

  beforeAll(async () => {
    database = await openTestDatabase();
  });

  afterAll(async () => {
    await database.close();
  });

  it('applies nothing twice', async () => {
    expect(await migrate(database.db)).toEqual([]);
    const { rows } = await sql<{ name: string }>`SELECT name FROM schema_migrations ORDER BY name`.execute(database.db);
    expect(rows.map((row) => row.name)).toEqual(MIGRATIONS.map((migration) => migration.name));
  });

  it('applies a new migration once and records it', async () => {
    const extra = {
      name: '999-test-extra',
      up: 'CREATE TABLE test_extra (id int); CREATE TABLE test_extra_2 (id int);',
    };
    expect(await migrate(database.db, [...MIGRATIONS, extra])).toEqual(['999-test-extra']);
    expect(await migrate(database.db, [...MIGRATIONS, extra])).toEqual([]);
    await sql`SELECT id FROM test_extra_2`.execute(database.db);
  });

  it('rolls a failing migration back completely', async () => {
    const broken = { name: '998-broken', up: 'CREATE TABLE half_done (id int); SELECT no_such_function();' };
    await expect(migrate(database.db, [...MIGRATIONS, broken])).rejects.toThrow(/no_such_function/);
    const { rows } = await sql<{ name: string | null }>`SELECT to_regclass('half_done')::text AS name`.execute(
      database.db,
    );
    expect(rows[0]?.name).toBeNull();
  });
});
