import { sql, type Kysely } from 'kysely';
import type { Database } from '../db/schema.ts';
import { FACT_KINDS, FACT_TABLES } from '../ingest/fact-rows.ts';

/**
 * The records the fact tables hold (one row per record identity of every kind but the shift calendar's), or those of
 * them with one of `ids`.
 */
export async function storedFactCount(db: Kysely<Database>, ids?: readonly string[]): Promise<number> {
  const where = ids === undefined ? sql`` : sql` WHERE id = ANY(${[...ids]}::text[])`;
  const counts = FACT_KINDS.map((kind) => sql`(SELECT count(*) FROM ${sql.table(FACT_TABLES[kind].table)}${where})`);
  const { rows } = await sql<{ n: number }>`SELECT (${sql.join(counts, sql` + `)})::int AS n`.execute(db);
  return rows[0]?.n ?? 0;
}
