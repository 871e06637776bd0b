import { execFile } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  buildDependencyBundles,
  buildDependencyBundlesAfterReady,
  dependencyBundlesFolder,
} from './dependency-bundles.ts';

const ROOT = fileURLToPath(new URL('..', import.meta.url));
const MODULE = pathToFileURL(path.join(ROOT, 'scripts', 'dependency-bundles.ts')).href;

let tmp: string;
let folder: string;

beforeAll(async () => {
  tmp = fs.mkdtempSync(path.join(os.tmpdir(), 'dependency-bundles-'));
  folder = path.join(tmp, 'bundles');
  await buildDependencyBundles(ROOT, folder);
}, 60_000);

afterAll(() => fs.rmSync(tmp, { recursive: true, force: true }));

/** Runs `code` (an ES module) in a new Node process whose main thread uses the bundles in `folder`; its stdout. */
async function withBundles(code: string): Promise<string> {
  const script = `import { useDependencyBundles } from ${JSON.stringify(MODULE)};
if (!useDependencyBundles(${JSON.stringify(ROOT)}, ${JSON.stringify(folder)})) throw new Error('no bundles');
${code}`;
  const { stdout } = await promisify(execFile)(process.execPath, ['--input-type=module', '-e', script], { cwd: ROOT });
  return stdout.trim();
}

describe('dependency bundles', () => {
  it('resolve every entry point of typebox and kysely to a bundle of its own', async () => {
    const manifest = JSON.parse(fs.readFileSync(path.join(folder, 'manifest.json'), 'utf8')) as Record<string, string>;
    expect(Object.keys(manifest)).toEqual(
      expect.arrayContaining(['typebox', 'typebox/value', 'typebox/compile', 'kysely', 'kysely/helpers/postgres']),
    );
    const resolved = await withBundles(
      `console.log(JSON.stringify(['typebox', 'typebox/value', 'kysely', 'ajv'].map((name) => import.meta.resolve(name))));`,
    );
    const [typebox, value, kysely, ajv] = JSON.parse(resolved) as string[];
    expect(typebox).toBe(pathToFileURL(path.join(folder, manifest['typebox'] ?? '')).href);
    expect(value).toBe(pathToFileURL(path.join(folder, manifest['typebox/value'] ?? '')).href);
    expect(kysely).toBe(pathToFileURL(path.join(folder, manifest['kysely'] ?? '')).href);
    // Any other package as installed.
    expect(ajv).toContain('/node_modules/ajv/');
  });

  it('work as the packages do: a schema checked across two entry points, a query compiled', async () => {
    const output = await withBundles(`
import { Type } from 'typebox';
import { Value } from 'typebox/value';
import { DummyDriver, Kysely, PostgresAdapter, PostgresIntrospector, PostgresQueryCompiler } from 'kysely';
const schema = Type.Object({ serial: Type.String(), impressions: Type.Integer({ minimum: 0 }) });
const db = new Kysely({ dialect: {
  createAdapter: () => new PostgresAdapter(),
  createDriver: () => new DummyDriver(),
  createIntrospector: (kysely) => new PostgresIntrospector(kysely),
  createQueryCompiler: () => new PostgresQueryCompiler(),
} });
console.log(JSON.stringify({
  valid: Value.Check(schema, { serial: 'DTG-1', impressions: 3 }),
  invalid: Value.Check(schema, { serial: 'DTG-1', impressions: -1 }),
  sql: db.selectFrom('systems').select('serial_number').where('tenant_id', '=', 't').compile().sql,
}));`);
    expect(JSON.parse(output)).toEqual({
      valid: true,
      invalid: false,
      sql: 'select "serial_number" from "systems" where "tenant_id" = $1',
    });
  });

  it('are named by the installed versions, and a new version’s replace the old ones', async () => {
    const root = path.join(tmp, 'versions');
    const install = (name: string, version: string) => {
      fs.mkdirSync(path.join(root, 'node_modules', name), { recursive: true });
      fs.writeFileSync(path.join(root, 'node_modules', name, 'package.json'), JSON.stringify({ version }));
    };
    install('typebox', '1.0.0');
    install('kysely', '0.29.0');
    install('rolldown', '1.2.0');
    const first = dependencyBundlesFolder(root);
    install('kysely', '0.30.0');
    const second = dependencyBundlesFolder(root);
    expect(second).not.toBe(first);
    expect(path.dirname(second)).toBe(path.join(root, 'node_modules', '.cache', 'fleet-portal'));

    // The checkout's bundles, made after a start's ready line, remove those of other versions.
    const cache = path.dirname(dependencyBundlesFolder(ROOT));
    const stale = path.join(cache, 'dependency-bundles-0000000000000000');
    fs.mkdirSync(stale, { recursive: true });
    await buildDependencyBundlesAfterReady(ROOT);
    expect(fs.existsSync(path.join(dependencyBundlesFolder(ROOT), 'manifest.json'))).toBe(true);
    expect(fs.existsSync(stale)).toBe(false);
  }, 60_000);
});
