import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { PortalDatabase } from './database.ts';
import { openTestDatabase } from './test-database.ts';

describe('type parsing (same as pg on both PGlite and PostgreSQL)', () => {
  let database: PortalDatabase;

  beforeAll(async () => {
    database = await openTestDatabase();
  });

  afterAll(async () => {
    await database.close();
  });

  it('round-trips timestamptz as Date, text[] as arrays, int8/numeric as strings and jsonb as objects', async () => {
    const when = new Date('2024-05-01T10:15:30.123Z');
    const { rows } = await sql<{ ts: Date; list: string[]; big: string; num: string; doc: { a: number[] } }>`
      SELECT ${when}::timestamptz AS ts, ${['x', 'y z', 'ä']}::text[] AS list,
             9007199254740993::int8 AS big, 1.50::numeric AS num, '{"a":[1,2]}'::jsonb AS doc`.execute(database.db);
    expect(rows[0]).toEqual({
      ts: when,
      list: ['x', 'y z', 'ä'],
      big: '9007199254740993',
      num: '1.50',
      doc: { a: [1, 2] },
    });
    expect(rows[0]?.ts).toBeInstanceOf(Date);
  });

  it('has the migrated schema recorded in schema_migrations', async () => {
    const { rows } = await sql<{ name: string }>`SELECT name FROM schema_migrations`.execute(database.db);
    expect(rows.map((row) => row.name)).toContain('001-initial');
  });
});
