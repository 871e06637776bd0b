import type { Insertable, Kysely } from 'kysely';
import type { Database } from './schema.ts';

/** Rows per INSERT: even the widest table stays far below PostgreSQL's 65,535-parameter limit. */
const ROWS_PER_INSERT = 1000;

/**
 * Inserts `rows` into `table` in chunks, leaving rows whose key already exists as they are (ON CONFLICT DO NOTHING),
 * so provisioning and seeding can run again on every start. Returns how many rows were new.
 */
export async function insertMissing<T extends keyof Database & string>(
  db: Kysely<Database>,
  table: T,
  rows: readonly Insertable<Database[T]>[],
): Promise<number> {
  let inserted = 0;
  for (let start = 0; start < rows.length; start += ROWS_PER_INSERT) {
    const result = await db
      .insertInto(table)
      .values(rows.slice(start, start + ROWS_PER_INSERT))
      .onConflict((conflict) => conflict.doNothing())
      .executeTakeFirst();
    inserted += Number(result.numInsertedOrUpdatedRows ?? 0n);
  }
  return inserted;
}
