import fs from 'node:fs';
import path from 'node:path';
import { acquireLockfile, type Lockfile } from './lockfile.ts';
import { PglitePool } from './pglite-pool.ts';
import {
  copyPgliteTemplate,
  ensurePgliteTemplate,
  isPgliteDataFolder,
  PGLITE_TEMPLATE_DIR,
  pgliteDataFolder,
  pgliteTemplateFolder,
} from './pglite-template.ts';

/**
 * PGlite's data folder opened for the portal: its lock taken, a new folder made from the migrated template, PostgreSQL
 * started in its worker thread. Modules of their own (no Kysely, no pg), so `npm start` can begin it before it loads
 * the portal's (openPgliteFolder, beginPgliteOpenForStart).
 */

export interface OpenedPglite {
  pool: PglitePool;
  /** The claim on `<data folder>/db`, held until the database is closed. */
  lock: Lockfile;
}

export interface OpenPgliteOptions {
  /** Progress lines for the console. */
  log: (line: string) => void;
  /** Where PGlite's migrated template is kept (pglite-template.ts). */
  templateDir: string;
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
 * created first when there is none (in a child process). Where the template cannot be created or kept (a read-only
 * node_modules), the database is created in place, as before.
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

async function openNow(dbDir: string, dataDir: string, options: OpenPgliteOptions): Promise<OpenedPglite> {
  fs.mkdirSync(dbDir, { recursive: true });
  const lock = acquireLockfile(path.join(dbDir, 'portal.lock'), dataDir);
  try {
    const folder = path.join(dbDir, 'pgdata');
    if (!isPgliteDataFolder(folder)) await createPgliteFolder(folder, options.templateDir, options.log);
    return { pool: await startPglite(folder, options.log), lock };
  } catch (error) {
    lock.release();
    throw error;
  }
}

/** Opens begun by `npm start`, by database folder, until openPgliteFolder takes them. */
const begun = new Map<string, Promise<OpenedPglite>>();

/**
 * Opens the PGlite database of the portal data folder `dataDir` (`<dataDir>/db/pgdata`, its lock `<dataDir>/db/
 * portal.lock`): the open `npm start` began for that folder (beginPgliteOpenForStart), or a new one. Rejects with
 * LockfileBusyError when another process holds the folder.
 */
export function openPgliteFolder(dataDir: string, options: OpenPgliteOptions): Promise<OpenedPglite> {
  const dbDir = path.join(dataDir, 'db');
  const early = begun.get(dbDir);
  if (early !== undefined) {
    begun.delete(dbDir);
    return early;
  }
  return openNow(dbDir, dataDir, options);
}

/**
 * Begins opening the PGlite database a portal started with `env` in `cwd` will use (none when DATABASE_URL names a
 * PostgreSQL server): `npm start` calls it first, so PostgreSQL starts in its worker thread (about 1.3 s: its
 * WebAssembly and the server's start) while the main thread loads the portal's modules, and on a first start the
 * template's initdb runs beside them and the web app's build. openDatabase takes the open begun here; its failure (a
 * busy folder, a failed template) is reported there, as if it had happened there.
 */
export function beginPgliteOpenForStart(
  env: NodeJS.ProcessEnv,
  cwd: string,
  { templateDir = PGLITE_TEMPLATE_DIR, log = (line) => console.log(line) }: Partial<OpenPgliteOptions> = {},
): boolean {
  const folder = pgliteDataFolder(env, cwd);
  if (folder === null) return false;
  const dbDir = path.dirname(folder);
  if (begun.has(dbDir)) return false;
  const opening = openNow(dbDir, path.dirname(dbDir), { templateDir, log });
  // Reported where openDatabase awaits it, not as an unhandled rejection.
  opening.catch(() => undefined);
  begun.set(dbDir, opening);
  return true;
}
