import { readFileSync, readdirSync } from 'node:fs';
import path from 'node:path';

/** The module every database test opens its database through (PGlite, or the server TEST_DATABASE_URL names). */
const DATABASE_ENTRY = path.resolve('src/server/db/test-database.ts');

const RELATIVE_IMPORT = /(?:from|import)\s*\(?\s*['"](\.{1,2}\/[^'"]+)['"]/g;

function relativeImports(file: string): string[] {
  const source = readFileSync(file, 'utf8');
  return [...source.matchAll(RELATIVE_IMPORT)].map((match) => path.resolve(path.dirname(file), match[1] ?? ''));
}

function testFilesUnder(folder: string): string[] {
  return readdirSync(folder, { recursive: true, encoding: 'utf8' })
    .filter((name) => name.endsWith('.test.ts'))
    .map((name) => path.resolve(folder, name));
}

/**
 * The server test files that open a test database, directly or through any helper they import: the suites the
 * `postgres` project runs again on PostgreSQL. The rest (PGlite internals, the simulator, the IdP's keys…) would only
 * repeat the `node` project's run.
 */
export function databaseSuites(folder = 'src/server'): string[] {
  const reaches = new Map<string, boolean>();
  const reachesDatabase = (file: string, visiting: Set<string>): boolean => {
    if (file === DATABASE_ENTRY) return true;
    const known = reaches.get(file);
    if (known !== undefined) return known;
    if (visiting.has(file)) return false;
    visiting.add(file);
    let found = false;
    try {
      found = relativeImports(file).some((imported) => reachesDatabase(imported, visiting));
    } catch {
      found = false; // not a source file of ours (a JSON or CSS import)
    }
    reaches.set(file, found);
    return found;
  };
  return testFilesUnder(folder)
    .filter((file) => reachesDatabase(file, new Set()))
    .map((file) => path.relative(process.cwd(), file));
}
