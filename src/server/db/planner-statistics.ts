import { sql, type Kysely } from 'kysely';
import type { Database } from './schema.ts';

/**
 * The planner statistics PGlite would otherwise never have. PostgreSQL's autovacuum daemon ANALYZEs a table once enough
 * of it has changed; PGlite runs PostgreSQL as a single backend without that daemon, so a database filled through ingest
 * kept `reltuples = -1` on every table and the planner guessed one row per table. Measured on the 200-system fleet
 * (docs/benchmarks.md, issue #12): the 200k-job export's query looked up the job's site and model with a bitmap scan per
 * job row (800,000 buffer visits, each scan asking the file's size) and took 2.9 s; with statistics, 1.0 s.
 *
 * The rule is autovacuum's own (`autovacuum_analyze_threshold` 50 + `autovacuum_analyze_scale_factor` 0.1 of the rows):
 * a table is analysed when it has never been (and holds pages), when more rows than that changed since its last
 * ANALYZE in this process (the counters start again at zero with each start), or when it grew by more than that share
 * of pages since (what a restart's zeroed counters would hide).
 */

const ANALYZE_THRESHOLD_ROWS = 50;
const ANALYZE_SCALE_FACTOR = 0.1;

/** How often the portal looks for tables to analyse on PGlite: autovacuum's naptime. */
export const PGLITE_STATISTICS_INTERVAL_MS = 60_000;

/** The portal's tables whose planner statistics are missing or stale by autovacuum's rule. */
export async function staleTables(db: Kysely<Database>): Promise<string[]> {
  const { rows } = await sql<{ name: string }>`
    SELECT c.relname AS name
    FROM pg_class c
    JOIN pg_namespace n ON n.oid = c.relnamespace
    LEFT JOIN pg_stat_user_tables s ON s.relid = c.oid
    WHERE n.nspname = current_schema() AND c.relkind = 'r'
      AND (
        (c.reltuples < 0 AND pg_relation_size(c.oid) > 0)
        OR coalesce(s.n_mod_since_analyze, 0)
          > ${sql.lit(ANALYZE_THRESHOLD_ROWS)} + ${sql.lit(ANALYZE_SCALE_FACTOR)} * greatest(c.reltuples, 0)
        OR pg_relation_size(c.oid) / current_setting('block_size')::int
          > c.relpages * ${sql.lit(1 + ANALYZE_SCALE_FACTOR)} + 1
      )
    ORDER BY c.relname`.execute(db);
  return rows.map((row) => row.name);
}

/**
 * ANALYZEs each stale table, one statement per table, so other callers' queries run between them (a year of the
 * 200-system fleet's jobs takes about 1.7 s on PGlite). Returns the tables analysed.
 */
export async function analyzeStaleTables(db: Kysely<Database>): Promise<string[]> {
  const tables = await staleTables(db);
  for (const table of tables) await sql`ANALYZE ${sql.id(table)}`.execute(db);
  return tables;
}

/**
 * Looks for stale tables now and then every `everyMs` until the returned stop function is called (PGlite only:
 * PostgreSQL's autovacuum does this itself).
 */
export function scheduleStatistics(
  db: Kysely<Database>,
  everyMs: number,
  onError: (error: unknown) => void = (error) => console.error('PGlite ANALYZE failed:', error),
): () => void {
  let running = false;
  let stopped = false;
  const pass = () => {
    if (running || stopped) return;
    running = true;
    analyzeStaleTables(db)
      // A pass cut off by the database closing is not a failure.
      .catch((error: unknown) => stopped || onError(error))
      .finally(() => (running = false));
  };
  const first = setTimeout(pass, 0);
  const timer = setInterval(pass, everyMs);
  first.unref();
  timer.unref();
  return () => {
    stopped = true;
    clearTimeout(first);
    clearInterval(timer);
  };
}
