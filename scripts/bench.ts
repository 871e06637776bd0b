/**
 * `npm run bench`: measurements written down in docs/benchmarks.md (never asserted in tests).
 * - time from starting the portal to 'ready' on a fresh data folder and on an existing one;
 * - initial JavaScript (gzip) of the entry page (what loads before sign-in) and of the overview route.
 */
import { spawn, spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { gzipSync } from 'node:zlib';

const READY = 'Fleet Portal ready';

function timeStart(dataDir: string, port: number): Promise<number> {
  return new Promise((resolve, reject) => {
    const started = performance.now();
    const child = spawn(process.execPath, ['src/server/main.ts'], {
      env: { ...process.env, PORTAL_DATA_DIR: dataDir, PORTAL_PORT: String(port), PORTAL_LOG_LEVEL: 'warn' },
      stdio: ['ignore', 'pipe', 'inherit'],
    });
    let output = '';
    let stopping = false;
    child.stdout.on('data', (chunk: Buffer) => {
      output += chunk.toString();
      if (!stopping && output.includes(READY)) {
        stopping = true;
        const elapsed = performance.now() - started;
        child.once('exit', () => resolve(elapsed));
        child.kill('SIGTERM');
      }
    });
    child.once('exit', (code) => {
      if (!output.includes(READY)) reject(new Error(`portal exited with ${code} before ready:\n${output}`));
    });
  });
}

interface ManifestChunk {
  file: string;
  imports?: string[];
  dynamicImports?: string[];
  isEntry?: boolean;
}

function gzipKb(files: Iterable<string>): number {
  let bytes = 0;
  for (const file of files) bytes += gzipSync(readFileSync(path.join('dist', file))).length;
  return Math.round((bytes / 1024) * 10) / 10;
}

/** The JS files a chunk pulls in statically (itself and its static imports, transitively). */
function staticClosure(manifest: Record<string, ManifestChunk>, keys: string[]): Set<string> {
  const files = new Set<string>();
  const visit = (key: string): void => {
    const chunk = manifest[key];
    if (!chunk || files.has(chunk.file)) return;
    files.add(chunk.file);
    for (const imported of chunk.imports ?? []) visit(imported);
  };
  keys.forEach(visit);
  return files;
}

function bundleSizes(): { entryKb: number; overviewKb: number } {
  const manifestPath = 'dist/.vite/manifest.json';
  if (!existsSync(manifestPath)) throw new Error('dist/.vite/manifest.json missing: run vite build first');
  const manifest = JSON.parse(readFileSync(manifestPath, 'utf8')) as Record<string, ManifestChunk>;
  const entry = staticClosure(manifest, ['index.html']);
  const overviewKeys = Object.keys(manifest).filter(
    (key) => key.includes('ReportPage') || key.includes('panels/kpi-card/') || key.includes('layouts/overview'),
  );
  const overview = staticClosure(manifest, ['index.html', ...overviewKeys]);
  return { entryKb: gzipKb(entry), overviewKb: gzipKb(overview) };
}

const buildStarted = performance.now();
const build = spawnSync('npx', ['vite', 'build', '--logLevel', 'error'], { stdio: 'inherit' });
if (build.status !== 0) process.exit(build.status ?? 1);
const buildMs = performance.now() - buildStarted;

const dataDir = mkdtempSync(path.join(tmpdir(), 'fleet-portal-bench-'));
const port = 8643;
try {
  const firstMs = await timeStart(dataDir, port);
  const againMs = await timeStart(dataDir, port);
  const sizes = bundleSizes();
  console.log('| measurement | value |');
  console.log('|---|---|');
  console.log(
    `| web app build (\`npm start\` runs it when dist/ is missing or stale) | ${(buildMs / 1000).toFixed(1)} s |`,
  );
  console.log(`| start to ready, fresh data folder | ${(firstMs / 1000).toFixed(1)} s |`);
  console.log(`| start to ready, existing data folder | ${(againMs / 1000).toFixed(1)} s |`);
  console.log(`| initial JS of the entry page (sign-in, shell) | ${sizes.entryKb} KB gzip |`);
  console.log(`| JS of the overview route (entry + report runtime + KPI card) | ${sizes.overviewKb} KB gzip |`);
} finally {
  rmSync(dataDir, { recursive: true, force: true });
}
