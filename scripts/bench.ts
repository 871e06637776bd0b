/**
 * `npm run bench`: measurements written down in docs/benchmarks.md (never asserted in tests).
 * - time from starting the portal to 'ready' on a fresh data folder and on an existing one;
 * - initial JavaScript (gzip) of the entry page (what loads before sign-in) and of the overview route;
 * - ingest throughput: a simulated fleet history sent through the ingest path into a fresh in-memory PGlite (and into a
 *   throwaway database on PostgreSQL when BENCH_DATABASE_URL is set), records/s over the first and the last third of
 *   the days (flat when the rollup work does not grow with history), then VACUUM ANALYZE on PGlite.
 * `npm run bench -- ingest` runs only the ingest measurement.
 */
import { spawn, spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { gzipSync } from 'node:zlib';
import { sql } from 'kysely';
import { openTestDatabase } from '../src/server/db/test-database.ts';
import { planFleet } from '../src/server/simulator/fleet-plan.ts';
import { addDays } from '../src/server/simulator/local-time.ts';
import { simulateHistory, type SimulationProgress } from '../src/server/simulator/simulate.ts';

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

const INGEST_SYSTEMS = 20;
const INGEST_DAYS = 60;
const INGEST_BATCH = 5000;
/** Fixed first day: the range spans the European DST change of 2026-03-29. */
const INGEST_FROM = '2026-03-10';

interface IngestMeasurement {
  records: number;
  seconds: number;
  firstThirdRate: number;
  lastThirdRate: number;
  vacuumMs: number | null;
}

/**
 * Records/s between two progress points. Records move in batch steps, so thirds are approximate; the first third also
 * holds provisioning the fleet's reference rows.
 */
function rateBetween(from: SimulationProgress, to: SimulationProgress): number {
  const seconds = (to.elapsedMs - from.elapsedMs) / 1000;
  return (to.records - from.records) / Math.max(seconds, 0.001);
}

/** Simulates INGEST_SYSTEMS × INGEST_DAYS into a fresh database from openTestDatabase (PGlite or, with TEST_DATABASE_URL, PostgreSQL). */
async function measureIngest(vacuum: boolean): Promise<IngestMeasurement> {
  const database = await openTestDatabase();
  try {
    const plan = planFleet({ seed: 1, systems: INGEST_SYSTEMS });
    const progress: SimulationProgress[] = [{ daysDone: 0, daysTotal: INGEST_DAYS, records: 0, elapsedMs: 0 }];
    const result = await simulateHistory(database.db, plan, {
      from: INGEST_FROM,
      to: addDays(INGEST_FROM, INGEST_DAYS - 1),
      batchSize: INGEST_BATCH,
      onProgress: (step) => progress.push(step),
    });
    const third = Math.floor(INGEST_DAYS / 3);
    const at = (daysDone: number) => progress[daysDone] ?? progress[progress.length - 1]!;
    let vacuumMs: number | null = null;
    if (vacuum) {
      const started = performance.now();
      await sql`VACUUM ANALYZE`.execute(database.db);
      vacuumMs = performance.now() - started;
    }
    return {
      records: result.records,
      seconds: result.elapsedMs / 1000,
      firstThirdRate: rateBetween(at(0), at(third)),
      lastThirdRate: rateBetween(at(INGEST_DAYS - third), at(INGEST_DAYS)),
      vacuumMs,
    };
  } finally {
    await database.close();
  }
}

const perSecond = (value: number) => `${Math.round(value).toLocaleString('en-US')} records/s`;

function ingestRows(label: string, measured: IngestMeasurement): string[] {
  const what = `${INGEST_SYSTEMS} systems × ${INGEST_DAYS} days, ${measured.records.toLocaleString('en-US')} records`;
  const rows = [
    `| ingest on ${label}, ${what}, batches of ${INGEST_BATCH.toLocaleString('en-US')}: whole run | ${perSecond(measured.records / measured.seconds)} (${measured.seconds.toFixed(1)} s) |`,
    `| ingest on ${label}: first third of the days | ${perSecond(measured.firstThirdRate)} |`,
    `| ingest on ${label}: last third of the days | ${perSecond(measured.lastThirdRate)} |`,
  ];
  if (measured.vacuumMs !== null) {
    rows.push(`| \`VACUUM ANALYZE\` on ${label} after that load | ${(measured.vacuumMs / 1000).toFixed(1)} s |`);
  }
  return rows;
}

async function benchIngest(): Promise<string[]> {
  const benchUrl = process.env['BENCH_DATABASE_URL'];
  const previous = process.env['TEST_DATABASE_URL'];
  const rows: string[] = [];
  try {
    delete process.env['TEST_DATABASE_URL'];
    rows.push(...ingestRows('PGlite (in memory)', await measureIngest(true)));
    if (benchUrl !== undefined && benchUrl !== '') {
      process.env['TEST_DATABASE_URL'] = benchUrl;
      rows.push(...ingestRows('PostgreSQL', await measureIngest(false)));
    }
  } finally {
    if (previous === undefined) delete process.env['TEST_DATABASE_URL'];
    else process.env['TEST_DATABASE_URL'] = previous;
  }
  return rows;
}

async function benchStartAndBundle(): Promise<string[]> {
  const buildStarted = performance.now();
  const build = spawnSync('npx', ['vite', 'build', '--logLevel', 'error'], { stdio: 'inherit' });
  if (build.status !== 0) throw new Error(`vite build failed with ${build.status}`);
  const buildMs = performance.now() - buildStarted;

  const dataDir = mkdtempSync(path.join(tmpdir(), 'fleet-portal-bench-'));
  const port = 8643;
  try {
    const firstMs = await timeStart(dataDir, port);
    const againMs = await timeStart(dataDir, port);
    const sizes = bundleSizes();
    return [
      `| web app build (\`npm start\` runs it when dist/ is missing or stale) | ${(buildMs / 1000).toFixed(1)} s |`,
      `| start to ready, fresh data folder | ${(firstMs / 1000).toFixed(1)} s |`,
      `| start to ready, existing data folder | ${(againMs / 1000).toFixed(1)} s |`,
      `| initial JS of the entry page (sign-in, shell) | ${sizes.entryKb} KB gzip |`,
      `| JS of the overview route (entry + report runtime + KPI card) | ${sizes.overviewKb} KB gzip |`,
    ];
  } finally {
    rmSync(dataDir, { recursive: true, force: true });
  }
}

const onlyIngest = process.argv.slice(2).includes('ingest');
const rows = [...(onlyIngest ? [] : await benchStartAndBundle()), ...(await benchIngest())];
console.log('| measurement | value |');
console.log('|---|---|');
for (const row of rows) console.log(row);
