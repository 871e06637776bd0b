/**
 * `node --liftoff-only src/server/db/create-pglite-template.ts <dir>`: creates the migrated PGlite template of this
 * PGlite version and these migrations in `<dir>` (pglite-template.ts, which runs this script in a child process):
 * initdb and every migration in a folder of its own, shut down cleanly and renamed into place. Prints nothing; exits
 * non-zero with the error on stderr when it fails.
 */
import fs from 'node:fs';
import path from 'node:path';
import { createKysely } from './database.ts';
import { startPglite } from './pglite-open.ts';
import { migrate } from './migrate.ts';
import { partialFolder } from '../checkout-cache.ts';
import { keepPgliteTemplate, pgliteTemplateFolder } from './pglite-template.ts';

export async function createPgliteTemplate(dir: string): Promise<void> {
  const template = pgliteTemplateFolder(dir);
  const partial = partialFolder(template);
  try {
    fs.rmSync(partial, { recursive: true, force: true });
    fs.mkdirSync(path.dirname(partial), { recursive: true });
    const db = createKysely(await startPglite(partial, () => undefined));
    try {
      await migrate(db);
    } finally {
      await db.destroy();
    }
    keepPgliteTemplate(partial, template);
  } catch (error) {
    fs.rmSync(partial, { recursive: true, force: true });
    throw error;
  }
}

if (import.meta.main) {
  const dir = process.argv[2];
  if (dir === undefined) throw new Error('usage: create-pglite-template.ts <folder of the templates>');
  await createPgliteTemplate(dir).catch((error: unknown) => {
    console.error(error instanceof Error ? error.message : String(error));
    process.exit(1);
  });
}
