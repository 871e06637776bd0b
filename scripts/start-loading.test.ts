import { spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BUILD_INPUTS_FILE } from '../src/server/static/vite-build-inputs-plugin.ts';
import { makeFreshClone } from './bench/fresh-clone-start.ts';
import { buildDependencyBundles } from './dependency-bundles.ts';

/** What a start's main thread had loaded, and the compile cache its threads and child processes inherit. */
interface Loaded {
  typeScriptStripper: boolean;
  compileCache: string | null;
  /** Modules of typebox and kysely loaded from the installed packages' own files. */
  packageFiles: number;
  /** Modules loaded from the dependency bundles (dependency-bundles.ts). */
  bundleFiles: number;
}

/**
 * Printed by a module Node imports before the start's own (a data: URL: JavaScript, so it needs no stripper); it sees
 * every module the main thread loads.
 */
const PROBE = `import module from 'node:module';
const loaded = { packageFiles: 0, bundleFiles: 0 };
module.registerHooks({ load(url, context, nextLoad) {
  if (/\\/node_modules\\/(typebox|kysely)\\//.test(url)) loaded.packageFiles += 1;
  if (url.includes('/dependency-bundles-')) loaded.bundleFiles += 1;
  return nextLoad(url, context);
} });
process.on('exit', () => console.log('LOADED ' + JSON.stringify({
  typeScriptStripper: process.moduleLoadList.some((name) => name.includes('amaro')),
  compileCache: process.env.NODE_COMPILE_CACHE ?? null,
  ...loaded,
})));`;

let clone: string;
let tmp: string;

beforeAll(() => {
  clone = fs.mkdtempSync(path.join(os.tmpdir(), 'portal-start-cache-'));
  makeFreshClone(clone);
  // A build that nothing changed since (it started in the future), so the start spawns no vite build.
  fs.mkdirSync(path.join(clone, 'dist', path.dirname(BUILD_INPUTS_FILE)), { recursive: true });
  fs.writeFileSync(path.join(clone, 'dist', 'index.html'), '<!doctype html>');
  fs.writeFileSync(
    path.join(clone, 'dist', BUILD_INPUTS_FILE),
    JSON.stringify({ startedAt: Date.now() + 86_400_000, files: [] }),
  );
  // The compile cache of these starts only (Node keeps it in the OS's temporary folder).
  tmp = path.join(clone, 'tmp');
  fs.mkdirSync(tmp);
}, 60_000);

afterAll(() => fs.rmSync(clone, { recursive: true, force: true }));

/**
 * `npm start`'s command line (package.json) in the clone, stopped right after the portal's modules loaded by a
 * configuration error; DATABASE_URL keeps PGlite out of it.
 */
async function npmStart(): Promise<Loaded> {
  const scripts = (
    JSON.parse(fs.readFileSync(path.join(clone, 'package.json'), 'utf8')) as {
      scripts: Record<string, string>;
    }
  ).scripts;
  const [node, ...args] = (scripts['start'] ?? '').split(' ');
  expect(node).toBe('node');
  const env: NodeJS.ProcessEnv = {
    ...process.env,
    TMPDIR: tmp,
    DATABASE_URL: 'postgres://127.0.0.1:1/none',
    PORTAL_DATA_DIR: path.join(clone, 'var'),
    PORTAL_PORT: 'not-a-port',
  };
  delete env['NODE_COMPILE_CACHE'];
  const child = spawn(process.execPath, [`--import=data:text/javascript,${encodeURIComponent(PROBE)}`, ...args], {
    cwd: clone,
    env,
  });
  let output = '';
  child.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()));
  child.stderr.on('data', (chunk: Buffer) => (output += chunk.toString()));
  const code = await new Promise<number | null>((resolve) => child.on('exit', resolve));
  expect(output).toContain('PORTAL_PORT must be a non-negative integer');
  expect(code).toBe(1);
  const line = output.split('\n').find((text) => text.startsWith('LOADED '));
  if (line === undefined) throw new Error(`No LOADED line in:\n${output}`);
  return JSON.parse(line.slice('LOADED '.length)) as Loaded;
}

describe("npm start's compile cache", () => {
  it('spares a restart the TypeScript stripper, and hands the cache to PGlite’s thread and the child processes', async () => {
    const first = await npmStart();
    expect(first.compileCache).toBe(path.join(tmp, 'node-compile-cache'));
    const restart = await npmStart();
    expect(restart).toMatchObject({ typeScriptStripper: false, compileCache: path.join(tmp, 'node-compile-cache') });
  });
});

describe("npm start's dependency bundles", () => {
  it('loads typebox and kysely from their bundles once they are made, and from the packages before', async () => {
    const before = await npmStart();
    expect(before.bundleFiles).toBe(0);
    expect(before.packageFiles).toBeGreaterThan(500);
    await buildDependencyBundles(clone);
    const after = await npmStart();
    expect(after.packageFiles).toBe(0);
    expect(after.bundleFiles).toBeGreaterThan(0);
    expect(after.bundleFiles).toBeLessThan(40);
  }, 60_000);
});
