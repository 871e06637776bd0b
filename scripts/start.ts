// npm start — builds the web app when its sources changed since the last build, then runs the portal (src/server/main.ts).
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

/** Everything the SPA bundle is built from, relative to the project root. */
export const SPA_SOURCES = [
  'src/app',
  'src/api',
  'src/runtime',
  'src/machines',
  'src/shared',
  'panels',
  'layouts',
  'index.html',
  'redirect.html',
  'public',
  'vite.config.ts',
];

/** Tests and stories are not part of the bundle: editing them must not trigger a build. */
const NOT_BUNDLED = /\.(test|stories)\.[cm]?[jt]sx?$/;

function newestMtime(entry: string): number {
  if (!fs.existsSync(entry)) return 0;
  const stat = fs.statSync(entry);
  if (!stat.isDirectory()) return NOT_BUNDLED.test(entry) ? 0 : stat.mtimeMs;
  return fs.readdirSync(entry).reduce((newest, name) => Math.max(newest, newestMtime(path.join(entry, name))), 0);
}

/** True when dist/index.html is missing or older than the newest SPA source file. */
export function needsSpaBuild(root: string, sources: readonly string[] = SPA_SOURCES): boolean {
  const built = path.join(root, 'dist', 'index.html');
  if (!fs.existsSync(built)) return true;
  const builtAt = fs.statSync(built).mtimeMs;
  return sources.some((source) => newestMtime(path.join(root, source)) > builtAt);
}

function buildSpa(root: string): Promise<void> {
  // The vite of this project, on the Node that runs this script (Node 24 under npm), without a shell.
  const vite = path.join(root, 'node_modules', 'vite', 'bin', 'vite.js');
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, [vite, 'build'], { cwd: root, stdio: 'inherit' });
    child.on('error', reject);
    child.on('exit', (code, signal) =>
      code === 0 ? resolve() : reject(new Error(`vite build failed (${signal ?? `exit code ${code}`})`)),
    );
  });
}

async function start(): Promise<void> {
  const root = fileURLToPath(new URL('..', import.meta.url));
  if (needsSpaBuild(root)) {
    console.log('Building the web app (vite build)...');
    try {
      await buildSpa(root);
    } catch (error) {
      console.error(error instanceof Error ? error.message : error);
      process.exit(1);
    }
  }
  const { main } = await import('../src/server/main.ts');
  await main();
}

if (import.meta.main) await start();
