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

interface Clone {
  dir: string;
  /** The OS's temporary folder of its processes: Node keeps the compile cache there. */
  tmp: string;
}

/** A fresh clone with a build that nothing changed since (it started in the future), so no start spawns vite build. */
function makeBuiltClone(): Clone {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'portal-start-cache-'));
  makeFreshClone(dir);
  fs.mkdirSync(path.join(dir, 'dist', path.dirname(BUILD_INPUTS_FILE)), { recursive: true });
  fs.writeFileSync(path.join(dir, 'dist', 'index.html'), '<!doctype html>');
  fs.writeFileSync(
    path.join(dir, 'dist', BUILD_INPUTS_FILE),
    JSON.stringify({ startedAt: Date.now() + 86_400_000, files: [] }),
  );
  const tmp = path.join(dir, 'tmp');
  fs.mkdirSync(tmp);
  return { dir, tmp };
}

const clones: Clone[] = [];
afterAll(() => clones.forEach((clone) => fs.rmSync(clone.dir, { recursive: true, force: true })));

/** The environment of the clone's processes: DATABASE_URL keeps PGlite out of them. */
function cloneEnv(clone: Clone, extra: NodeJS.ProcessEnv = {}): NodeJS.ProcessEnv {
  const env: NodeJS.ProcessEnv = {
    ...process.env,
    TMPDIR: clone.tmp,
    DATABASE_URL: 'postgres://127.0.0.1:1/none',
    PORTAL_DATA_DIR: path.join(clone.dir, 'var'),
    ...extra,
  };
  delete env['NODE_COMPILE_CACHE'];
  return env;
}

/** The command line of package.json's script `name` in the clone, without its leading `node`. */
function scriptArgs(clone: Clone, name: string): string[] {
  const scripts = (
    JSON.parse(fs.readFileSync(path.join(clone.dir, 'package.json'), 'utf8')) as {
      scripts: Record<string, string>;
    }
  ).scripts;
  const [node, ...args] = (scripts[name] ?? '').split(' ');
  expect(node).toBe('node');
  return args;
}

async function run(
  clone: Clone,
  args: string[],
  env: NodeJS.ProcessEnv,
): Promise<{ code: number | null; output: string }> {
  const child = spawn(process.execPath, args, { cwd: clone.dir, env });
  let output = '';
  child.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()));
  child.stderr.on('data', (chunk: Buffer) => (output += chunk.toString()));
  const code = await new Promise<number | null>((resolve) => child.on('exit', resolve));
  return { code, output };
}

/**
 * `npm start`'s command line (package.json) in the clone, stopped right after the portal's modules loaded by a
 * configuration error; DATABASE_URL keeps PGlite out of it.
 */
async function npmStart(clone: Clone): Promise<Loaded> {
  const args = [`--import=data:text/javascript,${encodeURIComponent(PROBE)}`, ...scriptArgs(clone, 'start')];
  const { code, output } = await run(clone, args, cloneEnv(clone, { PORTAL_PORT: 'not-a-port' }));
  expect(output).toContain('PORTAL_PORT must be a non-negative integer');
  expect(code).toBe(1);
  const line = output.split('\n').find((text) => text.startsWith('LOADED '));
  if (line === undefined) throw new Error(`No LOADED line in:\n${output}`);
  return JSON.parse(line.slice('LOADED '.length)) as Loaded;
}

/** `npm ci`'s prepare step (package.json) in the clone. */
const npmPrepare = (clone: Clone) => run(clone, scriptArgs(clone, 'prepare'), cloneEnv(clone));

describe("npm start's compile cache", () => {
  let clone: Clone;
  beforeAll(() => clones.push((clone = makeBuiltClone())), 60_000);

  it('spares a restart the TypeScript stripper, and hands the cache to PGlite’s thread and the child processes', async () => {
    const first = await npmStart(clone);
    expect(first.compileCache).toBe(path.join(clone.tmp, 'node-compile-cache'));
    const restart = await npmStart(clone);
    expect(restart).toMatchObject({
      typeScriptStripper: false,
      compileCache: path.join(clone.tmp, 'node-compile-cache'),
    });
  });
});

describe("npm start's dependency bundles", () => {
  it('loads typebox and kysely from their bundles once they are made, and from the packages before', async () => {
    const clone = makeBuiltClone();
    clones.push(clone);
    const before = await npmStart(clone);
    expect(before.bundleFiles).toBe(0);
    expect(before.packageFiles).toBeGreaterThan(500);
    await buildDependencyBundles(clone.dir);
    const after = await npmStart(clone);
    expect(after.packageFiles).toBe(0);
    expect(after.bundleFiles).toBeGreaterThan(0);
    expect(after.bundleFiles).toBeLessThan(40);
  }, 60_000);
});

describe("npm ci's prepare step", () => {
  it('makes a fresh clone’s first start load neither the TypeScript stripper nor the packages typebox and kysely', async () => {
    const clone = makeBuiltClone();
    clones.push(clone);
    const prepared = await npmPrepare(clone);
    expect(prepared.output).toMatch(
      /^Prepared the first start in \d+\.\d s: the start-up modules bundled and compiled\.$/m,
    );
    expect(prepared.code).toBe(0);
    const first = await npmStart(clone);
    expect(first).toMatchObject({ typeScriptStripper: false, packageFiles: 0 });
    expect(first.bundleFiles).toBeGreaterThan(0);
  }, 60_000);

  it('leaves what fails to npm start and never fails the install', async () => {
    const clone = makeBuiltClone();
    clones.push(clone);
    fs.rmSync(path.join(clone.dir, 'dist'), { recursive: true });
    fs.writeFileSync(path.join(clone.dir, 'vite.config.ts'), 'export default {;\n');
    const prepared = await npmPrepare(clone);
    expect(prepared.output).toContain("Left to npm start, the web app's build: vite build failed (exit code 1)");
    expect(prepared.output).toMatch(
      /Prepared the first start in \d+\.\d s: the start-up modules bundled and compiled\./,
    );
    expect(prepared.code).toBe(0);
  }, 60_000);
});
