// npm start — runs the portal (src/server/main.ts), building the web app beside its start when its sources changed since
// the last build.
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import module from 'node:module';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { BUILD_INPUTS_FILE, type BuildInputs } from '../src/server/static/vite-build-inputs-plugin.ts';

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

export function buildSpa(root: string): Promise<void> {
  // The vite of this project, on the Node that runs this script (Node 24 under npm), without a shell.
  const vite = path.join(root, 'node_modules', 'vite', 'bin', 'vite.js');
  return new Promise((resolve, reject) => {
    // Warnings and errors only: the list of files written is of no use to someone starting the portal.
    const child = spawn(process.execPath, [vite, 'build', '--logLevel', 'warn'], { cwd: root, stdio: 'inherit' });
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

async function start(): Promise<void> {
  const root = fileURLToPath(new URL('..', import.meta.url));
  const webAppBuild = buildWebAppIfNeeded(root);
  // V8's code for the portal's modules, kept between starts (Node's compile cache, in the OS's temporary folder):
  // a restart loads them about 0.6 s sooner.
  module.enableCompileCache();
  const { main } = await import('../src/server/main.ts');
  await main(webAppBuild === undefined ? {} : { webAppBuild });
}

if (import.meta.main) await start();
