import fs from 'node:fs';
import path from 'node:path';
import { Kysely, PostgresDialect, sql, type PostgresPool } from 'kysely';
import pg from 'pg';
import type { PortalConfig } from '../config.ts';
import { acquireLockfile } from './lockfile.ts';
import { migrate } from './migrate.ts';
import { PglitePool } from './pglite-pool.ts';
import {
  copyPgliteTemplate,
  ensurePgliteTemplate,
  isPgliteDataFolder,
  PGLITE_TEMPLATE_DIR,
  pgliteTemplateFolder,
} from './pglite-template.ts';
import { repeatTask } from './repeat-task.ts';
import { PGLITE_AUTOVACUUM_INTERVAL_MS, scheduleAutovacuum } from './pglite-autovacuum.ts';
import type { Database } from './schema.ts';

/** An open, migrated database. */
export interface PortalDatabase {
  db: Kysely<Database>;
  kind: 'pglite' | 'postgres';
  /** PostgreSQL: the database's URL, for connections of their own (the live hub's LISTEN). */
  connectionString?: string;
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

/** Runs `work`, printing that a new database is being created in `shownDir`, every 3 s while it runs, and when done. */
async function creatingDatabase<T>(shownDir: string, log: (line: string) => void, work: () => Promise<T>): Promise<T> {
  const started = Date.now();
  const seconds = () => ((Date.now() - started) / 1000).toFixed(0);
  log(`Creating the embedded PostgreSQL database in ${shownDir} (first start only, about 5 s)...`);
  const ticker = setInterval(() => log(`  still creating the database (${seconds()} s)...`), 3000);
  try {
    const result = await work();
    log(`Database created in ${seconds()} s.`);
    return result;
  } finally {
    clearInterval(ticker);
  }
}

/**
 * Starts PGlite in its worker thread and waits until PostgreSQL answers, reporting progress while a new folder is
 * created.
 */
export async function startPglite(dataDir: string | null, log: (line: string) => void): Promise<PglitePool> {
  const start = async () => {
    const pool = new PglitePool(dataDir);
    try {
      await pool.ready();
    } catch (error) {
      await pool.end().catch(() => undefined);
      throw error;
    }
    return pool;
  };
  return dataDir !== null && !isPgliteDataFolder(dataDir) ? creatingDatabase(dataDir, log, start) : start();
}

/**
 * Makes `dataDir` a migrated database when it is none yet: a copy of the checkout's template (pglite-template.ts),
 * created first when there is none (in a child process, which `npm start` may have begun already). Where the template
 * cannot be created or kept (a read-only node_modules), the database is created in place, as before.
 */
async function createPgliteFolder(dataDir: string, templateDir: string, log: (line: string) => void): Promise<void> {
  let template = pgliteTemplateFolder(templateDir);
  const fromTemplate = isPgliteDataFolder(template);
  if (!fromTemplate) {
    try {
      template = await creatingDatabase(dataDir, log, () => ensurePgliteTemplate(templateDir));
    } catch (error) {
      log(`No database template in ${templateDir} (${String(error)}): creating the database in place.`);
      return;
    }
  }
  const started = Date.now();
  copyPgliteTemplate(template, dataDir);
  if (fromTemplate)
    log(
      `Database created in ${dataDir} from the migrated template in ${((Date.now() - started) / 1000).toFixed(1)} s.`,
    );
}

/**
 * Opens the portal's database and brings its schema up to date:
 * PostgreSQL when config.databaseUrl is set, otherwise PGlite in <dataDir>/db/pgdata, guarded by <dataDir>/db/portal.lock.
 */
export async function openDatabase(config: PortalConfig, options: OpenDatabaseOptions = {}): Promise<PortalDatabase> {
  const log = options.log ?? ((line: string) => console.log(line));
  if (config.databaseUrl !== null) {
    const pool = new pg.Pool({ connectionString: config.databaseUrl });
    const db = createKysely(pool);
    try {
      await migrate(db);
    } catch (error) {
      await db.destroy();
      throw error;
    }
    return { db, kind: 'postgres', connectionString: config.databaseUrl, close: () => db.destroy() };
  }

  const dbDir = path.join(config.dataDir, 'db');
  fs.mkdirSync(dbDir, { recursive: true });
  const lock = acquireLockfile(path.join(dbDir, 'portal.lock'), config.dataDir);
  let db: Kysely<Database> | null = null;
  try {
    const dataDir = path.join(dbDir, 'pgdata');
    if (!isPgliteDataFolder(dataDir))
      await createPgliteFolder(dataDir, options.templateDir ?? PGLITE_TEMPLATE_DIR, log);
    db = createKysely(await startPglite(dataDir, log));
    await migrate(db);
  } catch (error) {
    await db?.destroy().catch(() => undefined);
    lock.release();
    throw error;
  }
  const opened = db;
  const stopCheckpoints = scheduleCheckpoints(opened, PGLITE_CHECKPOINT_INTERVAL_MS);
  let stopAutovacuum: (() => void) | null = null;
  const startUpkeep = () => {
    stopAutovacuum ??= scheduleAutovacuum(opened, PGLITE_AUTOVACUUM_INTERVAL_MS);
  };
  if (options.deferUpkeep !== true) startUpkeep();
  return {
    db: opened,
    kind: 'pglite',
    startUpkeep,
    close: async () => {
      stopCheckpoints();
      stopAutovacuum?.();
      stopAutovacuum = () => undefined;
      try {
        await opened.destroy();
      } finally {
        lock.release();
      }
    },
  };
}
