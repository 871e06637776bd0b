// npm start — runs the portal (src/server/main.ts), building the web app beside its start when its sources changed since
// the last build.
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { beginPgliteOpenForStart } from '../src/server/db/pglite-open.ts';
import { BUILD_INPUTS_FILE, type BuildInputs } from '../src/server/static/vite-build-inputs-plugin.ts';
import { BROTLI_AFTER_BUILD_ENV, writeMissingBrotliCopies } from '../src/server/static/vite-precompress-plugin.ts';

/**
 * What a build reads besides its modules (which it records itself: src/server/static/vite-build-inputs-plugin.ts):
 * the pages' HTML, the static files it copies, its configuration and plugins, and the dependencies' versions.
 */
export const BUILD_SETTINGS = [
  'index.html',
  'redirect.html',
  'public',
  'vite.config.ts',
  'src/server/static/vite-precompress-plugin.ts',
  'src/server/static/vite-build-inputs-plugin.ts',
  'package-lock.json',
];

/** Whether `entry` (a file, or a folder and anything in it) changed at or after `time`, or is gone. */
function changedSince(entry: string, time: number): boolean {
  if (!fs.existsSync(entry)) return true;
  const stat = fs.statSync(entry);
  // A folder's own time changes when an entry is added or removed.
  if (stat.mtimeMs >= time) return true;
  return stat.isDirectory() && fs.readdirSync(entry).some((name) => changedSince(path.join(entry, name), time));
}

/**
 * True when there is no build yet, or a file it was built from changed since it started: its modules as it recorded
 * them (so layouts/, served at run time, tests and server code never count) and BUILD_SETTINGS.
 */
export function needsSpaBuild(root: string): boolean {
  const record = path.join(root, 'dist', BUILD_INPUTS_FILE);
  if (!fs.existsSync(path.join(root, 'dist', 'index.html')) || !fs.existsSync(record)) return true;
  const { startedAt, files } = JSON.parse(fs.readFileSync(record, 'utf8')) as BuildInputs;
  return [...files, ...BUILD_SETTINGS].some((input) => changedSince(path.join(root, input), startedAt));
}

/** How much lower than the start's own the build's CPU priority is (niceness; 19 is the lowest there is). */
export const BUILD_NICENESS = 10;

/**
 * `vite build` in a child process, at a lower CPU priority than the start: on a fresh clone the database template and
 * then the demo fill are the start's longest chain, and the build has time until the fill ends. Its compressed copies
 * are gzip only: the brotli ones (quality 11, most of a build's CPU) are written after the ready line
 * (writeBrotliCopiesAfterReady). It writes no source maps (a fifth of the build's CPU, docs/benchmarks.md): they are a
 * developer's tool, which `npm run build` still writes.
 */
export function buildSpa(root: string): Promise<void> {
  // The vite of this project, on the Node that runs this script (Node 24 under npm), without a shell.
  const vite = path.join(root, 'node_modules', 'vite', 'bin', 'vite.js');
  return new Promise((resolve, reject) => {
    // Warnings and errors only: the list of files written is of no use to someone starting the portal.
    const child = spawn(process.execPath, [vite, 'build', '--logLevel', 'warn', '--sourcemap', 'false'], {
      cwd: root,
      stdio: 'inherit',
      env: { ...process.env, [BROTLI_AFTER_BUILD_ENV]: '1' },
    });
    // Set before vite starts its worker threads, which take the priority of the thread that creates them. Where the
    // system refuses, the build runs at the start's priority: slower to the ready line, not wrong.
    try {
      if (child.pid !== undefined) os.setPriority(child.pid, Math.min(19, os.getPriority() + BUILD_NICENESS));
    } catch {
      // Same priority as the start.
    }
    child.on('error', reject);
    child.on('exit', (code, signal) =>
      code === 0 ? resolve() : reject(new Error(`vite build failed (${signal ?? `exit code ${code}`})`)),
    );
  });
}

/**
 * Builds the web app when needed, in a child process beside the portal's start (database, demo fill): the portal
 * serves it and prints its ready line once both are done. A failed build stops the start at once, with its messages.
 */
function buildWebAppIfNeeded(root: string): Promise<void> | undefined {
  if (!needsSpaBuild(root)) return undefined;
  console.log('Building the web app (vite build) beside the start...');
  const started = performance.now();
  const build = buildSpa(root).then(
    () => console.log(`Web app built in ${((performance.now() - started) / 1000).toFixed(1)} s.`),
    (error: unknown) => {
      console.error(error instanceof Error ? error.message : error);
      process.exit(1);
    },
  );
  return build;
}

/**
 * The brotli copies the web app's build left out (buildSpa), or that a start stopped before writing, written while the
 * portal runs: browsers get the gzip copies until then. Nothing is printed unless it fails (the portal keeps running).
 */
export async function writeBrotliCopiesAfterReady(root: string): Promise<void> {
  const dist = path.join(root, 'dist');
  if (!fs.existsSync(path.join(dist, 'index.html'))) return;
  await writeMissingBrotliCopies(dist).catch((error: unknown) =>
    console.error(`Writing the web app's brotli copies failed (browsers get the gzip copies): ${String(error)}`),
  );
}

/**
 * Runs the portal: the web app built beside it when needed, its brotli copies after the ready line, beside `afterReady`.
 * `npm start` runs it from start.mjs, which turns Node's compile cache on first.
 */
export async function start(afterReady: () => Promise<void> = () => Promise.resolve()): Promise<void> {
  const root = fileURLToPath(new URL('..', import.meta.url));
  const webAppBuild = buildWebAppIfNeeded(root);
  // PGlite's PostgreSQL starts in its worker thread while this thread loads the portal's modules (openDatabase takes
  // it); on a first start on a fresh clone the database template's initdb runs in its own process beside them too.
  beginPgliteOpenForStart(process.env, process.cwd());
  const { main } = await import('../src/server/main.ts');
  // main() returns once the ready line is out (it exits the process when the start fails).
  await main(webAppBuild === undefined ? {} : { webAppBuild });
  await Promise.all([writeBrotliCopiesAfterReady(root), afterReady()]);
}

// `node scripts/start.ts` runs it too, without the compile cache.
if (import.meta.main) await start();
