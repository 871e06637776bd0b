/**
 * `npm run bench`: measurements written down in docs/benchmarks.md (never asserted in tests).
 * - time from starting the portal to 'ready' on a fresh data folder and on an existing one;
 * - initial JavaScript (gzip) of the entry page (what loads before sign-in) and of the overview route;
 * - ingest throughput: a simulated fleet history sent through the ingest path into a fresh in-memory PGlite (and into a
 *   throwaway database on PostgreSQL when BENCH_DATABASE_URL is set), records/s over the first and the last third of
 *   the days (flat when the rollup work does not grow with history), then VACUUM ANALYZE on PGlite.
 * `npm run bench -- ingest` runs only the ingest measurement.
 * `npm run bench -- endpoints [--requests N] [--fleet demo|large|large-60d] [--database pglite|postgres]`: p50/p95 of the filter and state endpoints beside the
 * raw SQL time of the same statements, on cached simulated fleets (scripts/bench/endpoints-bench.ts).
 * `npm run bench -- overview [--requests N] [--fleet …] [--database …]`: the same for every overview call (spec reports §7) for the
 * last complete day, its week and the 30 days up to it.
 * `npm run bench -- system-page [--requests N] [--fleet …] [--database …]`: the same for the calls of a system's pages
 * on one system (the system page's, its events file, machine config's settings), for the last complete day and its week.
 * `npm run bench -- system-page-click [--runs N]`: on the real portal in Chromium, time from clicking "System Page" on a
 *   Systems Analysis row to every panel of the System page drawn with data (scripts/bench/system-page-click.ts).
 * `npm run bench -- jobs [--requests N] [--fleet …] [--database …]`: the same for every Jobs Analysis call and download
 * check (spec reports §7) for the week, quarter and year of the last complete day.
 * `npm run bench -- jobs-xlsx [--jobs N] [--fleet …] [--database …]`: the per-job ink XLSX on a period of about N jobs
 * (default 200,000): seconds and the serving process's peak RSS, beside COPY of the same rows (scripts/bench/jobs-xlsx.ts).
 * `--fleet small` (12 systems, 21 days) checks that a mode works in a minute or two.
 * `npm run bench -- lag [--fleet demo|large] [--database pglite|postgres]`: event-loop lag of the HTTP process while report requests and an ingest stream
 * run together (scripts/bench/event-loop-lag.ts).
 * `npm run bench -- tree`: the machine filter tree with 2,000 systems in Chromium (open, search, select all).
 * `npm run bench -- filter-change [--runs N] [--pointer hover|press|at-once]`: on the real portal in Chromium, time from a filter change on
 *   the Overview to every panel re-rendered with data (scripts/bench/filter-change.ts); `--pointer` times one pointer model only.
 * `npm run bench -- lcp [--runs N]`: Largest Contentful Paint of /reports/overview in Chromium, empty and warm browser cache,
 *   and the JavaScript the page loads (scripts/bench/overview-lcp.ts).
 * `npm run bench -- first-start [--days N]`: fresh first start to ready, then the demo history backfill of N days (default
 * 400): duration, records/s and the event-loop delay while it runs (scripts/bench/first-start.ts).
 * `npm run bench -- tv-latency [--events N]`: on the real portal with live telemetry in Chromium, POST /api/ingest/telemetry
 *   acknowledged → the new value painted on the Live Dashboard, p50/p95 over N jobs (default 50) with the push, refetch
 *   and paint stages (scripts/bench/tv-latency.ts).
 * `npm run bench -- tv-load [--dashboards N] [--minutes M]`: the portal process with N live streams open (default 200) for M
 *   minutes (default 10) while ingest runs: its RSS, CPU, events delivered and dropped streams (scripts/bench/tv-load.ts).
 * `npm run bench -- layout-reload [--runs N]`: the portal as npm start runs it on a fresh data folder and a scratch copy of
 *   layouts/: first start and restarts to ready, and a layout edit until the API serves it (scripts/bench/layout-reload.ts).
 * `npm run bench -- fresh-clone [--runs N]`: `npm start` on a fresh clone of the checkout (packages linked, no dist/, no
 *   caches) to ready, then a restart and a first start on a new data folder (scripts/bench/fresh-clone-start.ts).
 * `npm run bench -- kiosk-heap [--minutes M] [--every S]`: the kiosk Live Dashboard left alone for M minutes (default 120) with
 *   live telemetry: its JS heap, DOM nodes and listeners after a forced GC every S minutes (scripts/bench/kiosk-heap.ts).
 * `npm run bench -- soak [--nodes 3] [--connections 100] [--seconds 300] [--reports replica|primary] [--kill]
 *   [--shared-answers-ms 2000] [--samples file.json]`: mixed report calls with live ingest and Live Dashboards through
 *   HAProxy on 1 or N portal nodes, optional kill -9 of a node half-way, the nodes' PORTAL_SHARED_ANSWERS_MS (0: off),
 *   every call's start, time, page and outcome written to a file (scripts/bench/soak.ts).
 * `npm run bench -- build-fleet --fleet 2000 --database postgres`: builds the fleets (here 2,000 printers × 365 days, with
 *   COPY: src/server/simulator/copy-history.ts) without measuring; every mode builds a missing fleet first.
 */
import { spawn, spawnSync } from 'node:child_process';
import { parseArgs } from 'node:util';
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { gzipSync } from 'node:zlib';
import { sql } from 'kysely';
import { openTestDatabase } from '../src/server/db/test-database.ts';
import { planFleet } from '../src/server/simulator/fleet-plan.ts';
import { addDays } from '../src/shared/time/local-time.ts';
import { simulateHistory, type SimulationProgress } from '../src/server/simulator/simulate.ts';
import {
  DEMO_FLEET,
  LARGE_FLEET,
  LARGE_FLEET_60_DAYS,
  FLEET_2000,
  SMALL_FLEET,
  openBenchFleet,
  type FleetSpec,
} from './bench/bench-fleet.ts';
import {
  benchEndpoints,
  benchTargets,
  JOBS_SUITE,
  OVERVIEW_SUITE,
  SYSTEM_PAGE_SUITE,
} from './bench/endpoints-bench.ts';
import { benchEventLoopLag } from './bench/event-loop-lag.ts';
import { benchFirstStart } from './bench/first-start.ts';
import { EVENT_BATCH, EVENT_ROUNDS, measureEventEnds, type EventBatchTimes } from './bench/ingest-event-ends.ts';
import { PORTAL_NODE_FLAGS } from './portal-node-flags.ts';

const READY = 'Fleet Portal ready';

function timeStart(dataDir: string, port: number): Promise<number> {
  return new Promise((resolve, reject) => {
    const started = performance.now();
    const child = spawn(process.execPath, [...PORTAL_NODE_FLAGS, 'src/server/main.ts'], {
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
    (key) => key.includes('ReportPage') || key.includes('panels/kpi-card/'),
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
  /** Event batches after the history (scripts/bench/ingest-event-ends.ts). */
  events: EventBatchTimes;
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
      events: await measureEventEnds(database.db, plan, addDays(INGEST_FROM, INGEST_DAYS - 1)),
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
  const ms = (value: number) => `${Math.round(value).toLocaleString('en-US')} ms`;
  const batch = `${EVENT_BATCH.toLocaleString('en-US')} events, median of ${EVENT_ROUNDS}`;
  rows.push(
    `| ingest on ${label}: ${batch}, sent open (new) | ${ms(measured.events.openMs)} |`,
    `| ingest on ${label}: ${batch}, their ends (updates) | ${ms(measured.events.endsMs)} |`,
    `| ingest on ${label}: ${batch}, new and already ended | ${ms(measured.events.closedMs)} |`,
  );
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

/** Where PGlite fleets are kept; BENCH_DIR moves them (e.g. a copy of var/bench to measure without touching it). */
const BENCH_DIR = process.env['BENCH_DIR'] ?? path.join('var', 'bench');
const FLEETS: Record<string, FleetSpec[]> = {
  small: [SMALL_FLEET],
  demo: [DEMO_FLEET],
  large: [LARGE_FLEET],
  'large-60d': [LARGE_FLEET_60_DAYS],
  '2000': [FLEET_2000],
  all: [DEMO_FLEET, LARGE_FLEET],
};

const { values, positionals } = parseArgs({
  allowPositionals: true,
  options: {
    requests: { type: 'string', default: '30' },
    fleet: { type: 'string', default: 'all' },
    database: { type: 'string', default: 'all' },
    days: { type: 'string', default: '400' },
    runs: { type: 'string', default: '7' },
    events: { type: 'string', default: '50' },
    dashboards: { type: 'string', default: '200' },
    minutes: { type: 'string' },
    every: { type: 'string', default: '10' },
    jobs: { type: 'string', default: '200000' },
    nodes: { type: 'string', default: '3' },
    connections: { type: 'string', default: '100' },
    seconds: { type: 'string', default: '300' },
    reports: { type: 'string', default: 'replica' },
    kill: { type: 'boolean', default: false },
    pointer: { type: 'string' },
    'history-days': { type: 'string', default: '60' },
    'shared-answers-ms': { type: 'string', default: '2000' },
    samples: { type: 'string' },
  },
});
const database = values.database;
if (database !== 'pglite' && database !== 'postgres' && database !== 'all') {
  throw new Error('--database must be pglite, postgres or all');
}
const requests = Number(values.requests);
const fleets = FLEETS[values.fleet];
if (!Number.isInteger(requests) || requests < 1) throw new Error(`--requests must be a positive integer`);
if (fleets === undefined) throw new Error(`--fleet must be one of ${Object.keys(FLEETS).join(', ')}`);

const mode = positionals[0] ?? 'all';
if (mode === 'first-start') {
  console.log('| measurement | value |');
  console.log('|---|---|');
  for (const row of await benchFirstStart(Number(values.days))) console.log(row);
} else if (mode === 'endpoints') {
  for (const line of await benchEndpoints(fleets, benchTargets(BENCH_DIR, database), requests)) console.log(line);
} else if (mode === 'overview') {
  for (const line of await benchEndpoints(fleets, benchTargets(BENCH_DIR, database), requests, OVERVIEW_SUITE)) {
    console.log(line);
  }
} else if (mode === 'system-page') {
  for (const line of await benchEndpoints(fleets, benchTargets(BENCH_DIR, database), requests, SYSTEM_PAGE_SUITE)) {
    console.log(line);
  }
} else if (mode === 'jobs') {
  for (const line of await benchEndpoints(fleets, benchTargets(BENCH_DIR, database), requests, JOBS_SUITE)) {
    console.log(line);
  }
} else if (mode === 'jobs-xlsx') {
  const jobs = Number(values.jobs);
  if (!Number.isInteger(jobs) || jobs < 1) throw new Error('--jobs must be a positive integer');
  // Loaded only here: it starts the portal in a child process.
  const { benchJobsXlsx } = await import('./bench/jobs-xlsx.ts');
  for (const line of await benchJobsXlsx(fleets, benchTargets(BENCH_DIR, database), jobs)) console.log(line);
} else if (mode === 'lag') {
  for (const target of benchTargets(BENCH_DIR, database)) {
    for (const spec of fleets) {
      const fleet = await openBenchFleet(spec, target);
      try {
        const lines = await benchEventLoopLag(fleet, {
          ingestDays: 3,
          clients: 4,
          batchSize: 1000,
          durationMs: 10_000,
        });
        for (const line of lines) console.log(line);
      } finally {
        await fleet.close();
      }
    }
  }
} else if (mode === 'tree') {
  // Loaded only here: it starts Vite and Chromium.
  const { benchMachineTree } = await import('./bench/machine-tree-bench.ts');
  console.log('| measurement | value |');
  console.log('|---|---|');
  for (const row of await benchMachineTree()) console.log(row);
} else if (mode === 'lcp') {
  // Loaded only here: it starts the portal and Chromium.
  const { benchOverviewLcp } = await import('./bench/overview-lcp.ts');
  for (const line of await benchOverviewLcp(Number(values.runs))) console.log(line);
} else if (mode === 'filter-change') {
  // Loaded only here: it starts the portal and Chromium.
  const { benchFilterChange } = await import('./bench/filter-change.ts');
  for (const line of await benchFilterChange(Number(values.runs), values.pointer)) console.log(line);
} else if (mode === 'tv-latency') {
  // Loaded only here: it starts the portal and Chromium.
  const { benchTvLatency } = await import('./bench/tv-latency.ts');
  for (const line of await benchTvLatency(Number(values.events))) console.log(line);
} else if (mode === 'tv-load') {
  // Loaded only here: it starts the portal.
  const { benchTvLoad } = await import('./bench/tv-load.ts');
  for (const line of await benchTvLoad(Number(values.dashboards), Number(values.minutes ?? '10'))) console.log(line);
} else if (mode === 'kiosk-heap') {
  // Loaded only here: it starts the portal and Chromium.
  const { benchKioskHeap } = await import('./bench/kiosk-heap.ts');
  for (const line of await benchKioskHeap(Number(values.minutes ?? '120'), Number(values.every))) console.log(line);
} else if (mode === 'layout-reload') {
  // Loaded only here: it starts the portal.
  const { benchLayoutReload } = await import('./bench/layout-reload.ts');
  for (const line of await benchLayoutReload(Number(values.runs))) console.log(line);
} else if (mode === 'fresh-clone') {
  // Loaded only here: it copies the checkout and runs npm start in the copy.
  const { benchFreshClone } = await import('./bench/fresh-clone-start.ts');
  for (const line of await benchFreshClone(process.argv.includes('--runs') ? Number(values.runs) : 1))
    console.log(line);
} else if (mode === 'system-page-click') {
  // Loaded only here: it starts the portal and Chromium.
  const { benchSystemPageClick } = await import('./bench/system-page-click.ts');
  for (const line of await benchSystemPageClick(Number(values.runs))) console.log(line);
} else if (mode === 'build-fleet') {
  // Builds (or finds) the fleets and prints their build records: a big fleet is built before it is measured.
  for (const target of benchTargets(BENCH_DIR, database)) {
    for (const spec of fleets) {
      const fleet = await openBenchFleet(spec, target);
      console.log(`${target.kind} ${JSON.stringify(fleet.spec)}: ${JSON.stringify(fleet.build)}`);
      await fleet.close();
    }
  }
} else if (mode === 'soak') {
  // Loaded only here: it starts PostgreSQL, portal nodes and HAProxy.
  const { benchSoak } = await import('./bench/soak.ts');
  const reports = values.reports;
  if (reports !== 'replica' && reports !== 'primary') throw new Error('--reports must be replica or primary');
  const soak = {
    nodes: Number(values.nodes),
    connections: Number(values.connections),
    seconds: Number(values.seconds),
    historyDays: Number(values['history-days']),
  };
  for (const [name, value] of Object.entries(soak)) {
    if (!Number.isInteger(value) || value < 1) throw new Error(`--${name} must be a positive whole number`);
  }
  const sharedAnswersMs = Number(values['shared-answers-ms']);
  if (!Number.isInteger(sharedAnswersMs) || sharedAnswersMs < 0) {
    throw new Error('--shared-answers-ms must be a whole number of milliseconds (0: off)');
  }
  const samplesFile = values.samples;
  for (const line of await benchSoak({ ...soak, reports, kill: values.kill, sharedAnswersMs, samplesFile })) {
    console.log(line);
  }
} else if (mode === 'ingest' || mode === 'all') {
  const rows = [...(mode === 'ingest' ? [] : await benchStartAndBundle()), ...(await benchIngest())];
  console.log('| measurement | value |');
  console.log('|---|---|');
  for (const row of rows) console.log(row);
} else {
  throw new Error(
    `Unknown benchmark '${mode}': use ingest, endpoints, overview, system-page, system-page-click, jobs, jobs-xlsx, lcp, ` +
      'lag, first-start, tree, filter-change, tv-latency, tv-load, kiosk-heap, layout-reload, fresh-clone, build-fleet or soak',
  );
}
