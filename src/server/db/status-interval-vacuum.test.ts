/**
 * Migration 033: status intervals are vacuumed after every 1,000 inserted, so the visibility map covers the recent weeks
 * a past cut hour's index-only scan reads (migration 032). PostgreSQL's autovacuum and the PGlite upkeep
 * (pglite-autovacuum.test.ts) read these options; this checks they are set, on both databases.
 */
import { sql } from 'kysely';
import { afterAll, beforeAll, expect, it } from 'vitest';
import type { PortalDatabase } from './database.ts';
import { openTestDatabase } from './test-database.ts';

let database: PortalDatabase;

beforeAll(async () => {
  database = await openTestDatabase();
}, 120_000);

afterAll(async () => {
  await database?.close();
});

it('vacuums status intervals after every 1,000 inserted, whatever the table’s size', async () => {
  const { rows } = await sql<{ options: string[] | null }>`
    SELECT reloptions AS options FROM pg_class WHERE oid = 'status_intervals'::regclass`.execute(database.db);
  expect(rows[0]?.options?.toSorted()).toEqual([
    'autovacuum_vacuum_insert_scale_factor=0',
    'autovacuum_vacuum_insert_threshold=1000',
  ]);
});
