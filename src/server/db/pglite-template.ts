import { createHash } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { MIGRATIONS, type Migration } from './migrations/index.ts';

/**
 * A new PGlite data folder is a copy of a migrated, empty and cleanly shut down one instead of the result of initdb and
 * every migration (measured in docs/benchmarks.md "First start"). The first new database of a checkout is created the
 * long way in the template folder, shut down and copied; the folder's name holds a hash of PGlite's version and the
 * migrations, so a new migration or PGlite version makes a new template and the old ones are removed. It lives under
 * node_modules/.cache, which `npm ci` empties together with the PGlite it was made by.
 */

const ROOT = fileURLToPath(new URL('../../../', import.meta.url));
export const PGLITE_TEMPLATE_DIR = path.join(ROOT, 'node_modules', '.cache', 'fleet-portal');
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

/** A folder beside `target` to build it in, renamed into place only once complete. */
export const partialFolder = (target: string) => `${target}.${process.pid}.partial`;

/**
 * Moves the finished `partial` to `template` and removes the templates of other versions. When another process put
 * its template there first, this one is dropped: both are the same migrations' result.
 */
export function keepPgliteTemplate(partial: string, template: string): void {
  try {
    fs.renameSync(partial, template);
  } catch (error) {
    fs.rmSync(partial, { recursive: true, force: true });
    if (!isPgliteDataFolder(template)) throw error;
  }
  const parent = path.dirname(template);
  for (const name of fs.readdirSync(parent)) {
    const other = path.join(parent, name);
    if (name.startsWith(PREFIX) && other !== template && !name.endsWith('.partial')) {
      fs.rmSync(other, { recursive: true, force: true });
    }
  }
}

/** Copies the template to the new data folder `dataDir`, under a temporary name first: a copy cut short is no database. */
export function copyPgliteTemplate(template: string, dataDir: string): void {
  const partial = partialFolder(dataDir);
  fs.rmSync(partial, { recursive: true, force: true });
  fs.cpSync(template, partial, { recursive: true });
  fs.rmSync(dataDir, { recursive: true, force: true });
  fs.renameSync(partial, dataDir);
}
