import { Kysely, PostgresDialect, sql, type PostgresPool } from 'kysely';
import pg from 'pg';
import type { PortalConfig } from '../config.ts';
import { migrate } from './migrate.ts';
import type { PglitePool } from './pglite-pool.ts';
import { openPgliteFolder } from './pglite-open.ts';
import { PGLITE_TEMPLATE_DIR } from './pglite-template.ts';
import { repeatTask } from './repeat-task.ts';
import { PGLITE_AUTOVACUUM_INTERVAL_MS, scheduleAutovacuum } from './pglite-autovacuum.ts';
import type { Database } from './schema.ts';

/** An open, migrated database. */
export interface PortalDatabase {
  db: Kysely<Database>;
  kind: 'pglite' | 'postgres';
  /** PostgreSQL: the database's URL, for connections of their own (the live hub's LISTEN). */
  connectionString?: string;
  /**
   * PostgreSQL: a connection of its own for `GET /api/health`, so a health check does not queue behind the requests
   * waiting for the pool's connections — a load balancer would take a busy node for a dead one (docs/operations.md).
   * PGlite has one connection for everything.
   */
  healthDb?: Kysely<Database>;
  /** Closes the pool (and for PGlite shuts PostgreSQL down and releases the data-folder lock). */
  close(): Promise<void>;
  /**
   * PGlite: starts the autovacuum passes (the first at once) when `deferUpkeep` held them back; later calls do nothing.
   * Absent where there is nothing to start (PostgreSQL runs its own autovacuum).
   */
  startUpkeep?(): void;
}

export interface OpenDatabaseOptions {
  /** Progress lines for the console; defaults to console.log. */
  log?: (line: string) => void;
  /** Where PGlite's migrated template is kept (default PGLITE_TEMPLATE_DIR, pglite-template.ts). */
  templateDir?: string;
  /**
   * PGlite: no autovacuum pass until `startUpkeep()` (the portal calls it after its ready line, so the pass does not
   * compete with the start for PGlite's thread). Default: the first pass at once.
   */
  deferUpkeep?: boolean;
}

/** How often the portal checkpoints PGlite (see scheduleCheckpoints). */
export const PGLITE_CHECKPOINT_INTERVAL_MS = 60_000;

/**
 * Runs CHECKPOINT every `everyMs` until the returned stop function is called. PGlite runs PostgreSQL as a single
 * backend without a checkpointer, so it never checkpoints on its own before shutdown: its WAL grew by a segment every
 * 16 MB written (1.1 GB during the 400-day demo history) and, with live telemetry, would grow for as long as the
 * process runs. After each checkpoint PostgreSQL removes the segments beyond max_wal_size (64 MB, pglite.worker.ts).
 * It goes through the pool, so it runs between other callers' transactions, never inside one.
 */
export function scheduleCheckpoints(
  db: Kysely<Database>,
  everyMs: number,
  onError: (error: unknown) => void = (error) => console.error('PGlite checkpoint failed:', error),
): () => void {
  return repeatTask(() => sql`CHECKPOINT`.execute(db), everyMs, onError);
}

/** Kysely over a pg.Pool (PostgreSQL) or over the PGlite worker: the same dialect, SQL and type parsing. */
export function createKysely(pool: pg.Pool | PglitePool): Kysely<Database> {
  return new Kysely<Database>({ dialect: new PostgresDialect({ pool: pool as unknown as PostgresPool }) });
}

/** The primary's pool size: pg's own default, named. */
export const PRIMARY_POOL_CONNECTIONS = 10;

/**
 * A pool of the portal's PostgreSQL connections, each with JIT compilation off: `SET jit = off` is a new connection's
 * first statement, queued before any other. PostgreSQL compiles a statement whose estimated cost passes
 * `jit_above_cost`; the portal's statements take milliseconds, and where an estimate ran high the compilation was 90–97 %
 * of their time (0.4–0.9 s a statement on the 2,000-printer year, docs/benchmarks.md session 19). A failed SET leaves
 * the connection's next statement to fail as it would.
 */
export function postgresPool(config: pg.PoolConfig): pg.Pool {
  const pool = new pg.Pool(config);
  pool.on('connect', (client) => {
    client.query('SET jit = off').catch(() => undefined);
  });
  // An idle connection ended by the server (a restart, a failover, pg_terminate_backend, idle_session_timeout) is an
  // 'error' event on the pool, which pg-pool has already dropped; unhandled, it would end the portal's process.
  pool.on('error', (error) => {
    console.warn(`PostgreSQL closed an idle connection of the portal (${error.message}); the pool opens a new one`);
  });
  return pool;
}

/**
 * Opens the portal's database and brings its schema up to date:
 * PostgreSQL when config.databaseUrl is set, otherwise PGlite in <dataDir>/db/pgdata, guarded by <dataDir>/db/portal.lock.
 */
export async function openDatabase(config: PortalConfig, options: OpenDatabaseOptions = {}): Promise<PortalDatabase> {
  const log = options.log ?? ((line: string) => console.log(line));
  if (config.databaseUrl !== null) {
    const pool = postgresPool({ connectionString: config.databaseUrl, max: PRIMARY_POOL_CONNECTIONS });
    const db = createKysely(pool);
    try {
      await migrate(db);
    } catch (error) {
      await db.destroy();
      throw error;
    }
    const healthDb = createKysely(
      postgresPool({ connectionString: config.databaseUrl, max: 1, application_name: 'fleet-portal-health' }),
    );
    return {
      db,
      kind: 'postgres',
      connectionString: config.databaseUrl,
      healthDb,
      close: async () => {
        await Promise.all([db.destroy(), healthDb.destroy()]);
      },
    };
  }

  const { pool, lock } = await openPgliteFolder(config.dataDir, {
    log,
    templateDir: options.templateDir ?? PGLITE_TEMPLATE_DIR,
  });
  const db = createKysely(pool);
  try {
    await migrate(db);
  } catch (error) {
    await db.destroy().catch(() => undefined);
    lock.release();
    throw error;
  }
  const stopCheckpoints = scheduleCheckpoints(db, PGLITE_CHECKPOINT_INTERVAL_MS);
  let stopAutovacuum: (() => void) | null = null;
  const startUpkeep = () => {
    stopAutovacuum ??= scheduleAutovacuum(db, PGLITE_AUTOVACUUM_INTERVAL_MS);
  };
  if (options.deferUpkeep !== true) startUpkeep();
  return {
    db,
    kind: 'pglite',
    startUpkeep,
    close: async () => {
      stopCheckpoints();
      stopAutovacuum?.();
      stopAutovacuum = () => undefined;
      try {
        await db.destroy();
      } finally {
        lock.release();
      }
    },
  };
}
