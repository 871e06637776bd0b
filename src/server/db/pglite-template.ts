import { spawn } from 'node:child_process';
import { createHash } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { checkoutCacheFolder, keepCacheFolder, partialFolder } from '../checkout-cache.ts';
import { MIGRATIONS, type Migration } from './migrations/index.ts';

/**
 * A new PGlite data folder is a copy of a migrated, empty and cleanly shut down one instead of the result of initdb and
 * every migration (measured in docs/benchmarks.md "First start"). The first new database of a checkout is created the
 * long way in the template folder, shut down and copied; the folder's name holds a hash of PGlite's version and the
 * migrations, so a new migration or PGlite version makes a new template and the old ones are removed. It lives under
 * node_modules/.cache, which `npm ci` empties together with the PGlite it was made by.
 *
 * The template is created in a process of its own (create-pglite-template.ts), which `npm start` begins before it loads
 * the portal's modules (scripts/start.ts) and the database's opening then waits for.
 */

const ROOT = fileURLToPath(new URL('../../../', import.meta.url));
export const PGLITE_TEMPLATE_DIR = checkoutCacheFolder(ROOT);
const PREFIX = 'pglite-template-';

function pgliteVersion(): string {
  // The package's exports leave out its package.json: look for it above the entry point.
  let dir = path.dirname(fileURLToPath(import.meta.resolve('@electric-sql/pglite')));
  while (!fs.existsSync(path.join(dir, 'package.json'))) dir = path.dirname(dir);
  return (JSON.parse(fs.readFileSync(path.join(dir, 'package.json'), 'utf8')) as { version: string }).version;
}

/** The template folder for this PGlite version and these migrations (it may not exist yet). */
export function pgliteTemplateFolder(
  dir: string = PGLITE_TEMPLATE_DIR,
  migrations: readonly Migration[] = MIGRATIONS,
): string {
  const hash = createHash('sha256').update(pgliteVersion());
  for (const migration of migrations) hash.update(`\0${migration.name}\0${migration.up}`);
  return path.join(dir, `${PREFIX}${hash.digest('hex').slice(0, 16)}`);
}

export const isPgliteDataFolder = (folder: string) => fs.existsSync(path.join(folder, 'PG_VERSION'));

/**
 * Moves the finished `partial` to `template` and removes the templates of other versions. When another process put
 * its template there first, this one is dropped: both are the same migrations' result.
 */
export const keepPgliteTemplate = (partial: string, template: string) =>
  keepCacheFolder(partial, template, PREFIX, isPgliteDataFolder);

/** Copies the template to the new data folder `dataDir`, under a temporary name first: a copy cut short is no database. */
export function copyPgliteTemplate(template: string, dataDir: string): void {
  const partial = partialFolder(dataDir);
  fs.rmSync(partial, { recursive: true, force: true });
  fs.cpSync(template, partial, { recursive: true });
  fs.rmSync(dataDir, { recursive: true, force: true });
  fs.renameSync(partial, dataDir);
}

/**
 * The process that creates a template runs V8 without its optimising tier for WebAssembly (Liftoff only): initdb runs
 * once, and optimising PostgreSQL's code for it cost more than it saved (initdb 4.8–5.6 → 3.1–3.5 CPU s,
 * docs/benchmarks.md session 16). The portal itself keeps V8's defaults: its queries run for hours.
 */
export const TEMPLATE_PROCESS_FLAGS: readonly string[] = ['--liftoff-only'];
const TEMPLATE_SCRIPT = fileURLToPath(new URL('./create-pglite-template.ts', import.meta.url));

const creations = new Map<string, Promise<string>>();

/**
 * The migrated template of this PGlite version and these migrations in `dir`: there already, or created now by
 * create-pglite-template.ts in a child process. One creation per template in this process: `npm start` begins it early
 * and openDatabase waits for the same one. Rejects with the child's messages when it fails.
 */
export function ensurePgliteTemplate(dir: string = PGLITE_TEMPLATE_DIR): Promise<string> {
  const template = pgliteTemplateFolder(dir);
  if (isPgliteDataFolder(template)) return Promise.resolve(template);
  let creation = creations.get(template);
  if (creation === undefined) {
    creation = runTemplateProcess(dir).then(() => template);
    creations.set(template, creation);
  }
  return creation;
}

function runTemplateProcess(dir: string): Promise<void> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, [...TEMPLATE_PROCESS_FLAGS, TEMPLATE_SCRIPT, dir], {
      stdio: ['ignore', 'ignore', 'pipe'],
    });
    let errors = '';
    child.stderr.on('data', (chunk: Buffer) => (errors += chunk.toString()));
    child.on('error', reject);
    child.on('close', (code, signal) =>
      code === 0
        ? resolve()
        : reject(
            new Error(errors.trim() || `creating the database template failed (${signal ?? `exit code ${code}`})`),
          ),
    );
  });
}

/**
 * Where a portal started with `env` in `cwd` keeps its PGlite database (<PORTAL_DATA_DIR or var>/db/pgdata, as
 * loadConfig and openDatabase place it), or null when DATABASE_URL names a PostgreSQL server. Read without loading the
 * configuration's modules, for scripts/start.ts.
 */
export function pgliteDataFolder(env: NodeJS.ProcessEnv, cwd: string): string | null {
  if (env['DATABASE_URL']) return null;
  return path.join(path.resolve(cwd, env['PORTAL_DATA_DIR'] || 'var'), 'db', 'pgdata');
}
