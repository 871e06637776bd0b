import { sql, type Kysely } from 'kysely';
import { repeatTask } from './repeat-task.ts';
import type { Database } from './schema.ts';

/**
 * PostgreSQL's autovacuum, for PGlite. The autovacuum daemon VACUUMs and ANALYZEs a table once enough of it has changed;
 * PGlite runs PostgreSQL as a single backend without that daemon, so a database filled through ingest had neither:
 * - no planner statistics (`reltuples = -1` on every table): the planner guessed one row per table, and the 200k-job
 *   export looked up each job's site and model with a bitmap scan per job row (2.9 s; 1.0 s with statistics);
 * - no visibility map: an index-only scan visited the table for every row, so counting a year of 50,000 events for the
 *   errors-and-maintenance download check took 250 ms (25 ms once vacuumed). Measured in docs/benchmarks.md (issue #12).
 *
 * The rules are autovacuum's own defaults, on the change counters PostgreSQL keeps while the process runs (they start
 * again at zero with each start), plus what the catalogue keeps across starts:
 * - ANALYZE when it has no column statistics (and holds pages), when more than 50 + 10 % of its rows changed since the last
 *   ANALYZE, or when it grew by more than 10 % of its pages since;
 * - VACUUM when more than 50 + 20 % of its rows are dead, when more than 1,000 + 20 % were inserted since the last
 *   VACUUM (or what the table's `autovacuum_vacuum_insert_threshold` and `…_scale_factor` options say, as autovacuum
 *   reads them: migration 033), or when more than 20 % of its pages are not known all-visible.
 * Each table is one statement of its own, so other callers' queries run between them.
 */

const ANALYZE_THRESHOLD_ROWS = 50;
const ANALYZE_SCALE_FACTOR = 0.1;
const VACUUM_THRESHOLD_ROWS = 50;
const VACUUM_INSERT_THRESHOLD_ROWS = 1000;
const VACUUM_SCALE_FACTOR = 0.2;

/** How often the portal looks for tables to vacuum or analyse on PGlite: autovacuum's naptime. */
export const PGLITE_AUTOVACUUM_INTERVAL_MS = 60_000;

/** What one pass found to do: the tables to VACUUM and the tables to ANALYZE. */
export interface AutovacuumWork {
  vacuum: string[];
  analyze: string[];
}

/** The portal's tables that autovacuum's rules would VACUUM or ANALYZE now. */
export async function autovacuumWork(db: Kysely<Database>): Promise<AutovacuumWork> {
  const rows = (n: number) => sql`${sql.lit(n)}`;
  const { rows: tables } = await sql<{ name: string; vacuum: boolean; analyze: boolean }>`
    SELECT name,
      n_dead > ${rows(VACUUM_THRESHOLD_ROWS)} + ${rows(VACUUM_SCALE_FACTOR)} * planned_rows
        OR n_inserted > coalesce(insert_threshold, ${rows(VACUUM_INSERT_THRESHOLD_ROWS)})
          + coalesce(insert_scale_factor, ${rows(VACUUM_SCALE_FACTOR)}) * planned_rows
        OR pages - all_visible > ${rows(VACUUM_SCALE_FACTOR)} * pages AS vacuum,
      (never_analysed AND pages > 0)
        OR n_modified > ${rows(ANALYZE_THRESHOLD_ROWS)} + ${rows(ANALYZE_SCALE_FACTOR)} * planned_rows
        OR pages > planned_pages * ${rows(1 + ANALYZE_SCALE_FACTOR)} + 1 AS analyze
    FROM (
      SELECT c.relname AS name,
        -- Not reltuples < 0: CREATE INDEX sets the row count too, without any column statistics.
        NOT EXISTS (SELECT FROM pg_stats st WHERE st.schemaname = n.nspname AND st.tablename = c.relname)
          AS never_analysed,
        greatest(c.reltuples, 0) AS planned_rows,
        c.relpages AS planned_pages, c.relallvisible AS all_visible,
        pg_relation_size(c.oid) / current_setting('block_size')::int AS pages,
        coalesce(s.n_dead_tup, 0) AS n_dead, coalesce(s.n_ins_since_vacuum, 0) AS n_inserted,
        coalesce(s.n_mod_since_analyze, 0) AS n_modified,
        (SELECT option_value::float8 FROM pg_options_to_table(c.reloptions)
          WHERE option_name = 'autovacuum_vacuum_insert_threshold') AS insert_threshold,
        (SELECT option_value::float8 FROM pg_options_to_table(c.reloptions)
          WHERE option_name = 'autovacuum_vacuum_insert_scale_factor') AS insert_scale_factor
      FROM pg_class c
      JOIN pg_namespace n ON n.oid = c.relnamespace
      LEFT JOIN pg_stat_user_tables s ON s.relid = c.oid
      WHERE n.nspname = current_schema() AND c.relkind = 'r'
    ) t
    ORDER BY name`.execute(db);
  return {
    vacuum: tables.filter((table) => table.vacuum).map((table) => table.name),
    analyze: tables.filter((table) => table.analyze).map((table) => table.name),
  };
}

/**
 * One autovacuum pass: VACUUM (with ANALYZE where that is due too) or ANALYZE each table that needs it, one statement
 * per table. A year of the 200-system fleet's jobs takes about 1 s to vacuum and 1.7 s to analyse on PGlite.
 */
export async function runAutovacuum(db: Kysely<Database>): Promise<AutovacuumWork> {
  const work = await autovacuumWork(db);
  for (const table of new Set([...work.vacuum, ...work.analyze])) {
    const name = sql.id(table);
    if (!work.vacuum.includes(table)) await sql`ANALYZE ${name}`.execute(db);
    else if (work.analyze.includes(table)) await sql`VACUUM (ANALYZE) ${name}`.execute(db);
    else await sql`VACUUM ${name}`.execute(db);
  }
  return work;
}

/**
 * Runs a pass now and then every `everyMs` until the returned stop function is called (PGlite only: PostgreSQL's own
 * autovacuum does this there).
 */
export function scheduleAutovacuum(
  db: Kysely<Database>,
  everyMs: number,
  onError: (error: unknown) => void = (error) => console.error('PGlite autovacuum failed:', error),
): () => void {
  return repeatTask(() => runAutovacuum(db), everyMs, onError, { atOnce: true });
}
