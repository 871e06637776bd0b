/**
 * `npm run bench -- first-start [--days N]`: the demo fleet of a first start.
 * 1. The real portal process (src/server/main.ts) on a fresh data folder: time to the ready line (PGlite folder created,
 *    migrations, the recent window of history filled, today's live telemetry so far).
 * 2. The background backfill of the remaining days, in this process on a fresh PGlite data folder (in its worker thread,
 *    as in the portal): time until the whole history is in, records/s, and the event-loop delay of this thread —
 *    the one that serves HTTP in the portal — while it runs (perf_hooks.monitorEventLoopDelay).
 */
import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { loadavg, tmpdir } from 'node:os';
import path from 'node:path';
import { monitorEventLoopDelay } from 'node:perf_hooks';
import { loadConfig } from '../../src/server/config.ts';
import { openDatabase } from '../../src/server/db/database.ts';
import { prepareDemoFleet } from '../../src/server/simulator/demo-fleet.ts';
import { DEMO_PLAN_SEED, planFleet } from '../../src/server/simulator/fleet-plan.ts';
import { formatMs } from './latency-stats.ts';
import { PORTAL_NODE_FLAGS } from '../portal-node-flags.ts';

const READY = 'Fleet Portal ready at';
const RECENT_DAYS = 14;

/** Starts the portal on a fresh folder and returns the milliseconds until its ready line; stops it then. */
function timeFreshStartToReady(days: number, port: number): Promise<number> {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'fleet-first-start-'));
  return new Promise<number>((resolve, reject) => {
    const started = performance.now();
    const child = spawn(process.execPath, [...PORTAL_NODE_FLAGS, 'src/server/main.ts'], {
      env: {
        ...process.env,
        PORTAL_DATA_DIR: dataDir,
        PORTAL_PORT: String(port),
        PORTAL_LOG_LEVEL: 'warn',
        PORTAL_DEMO_HISTORY_DAYS: String(days),
      },
      stdio: ['ignore', 'pipe', 'inherit'],
    });
    let output = '';
    let readyMs: number | null = null;
    child.stdout.on('data', (chunk: Buffer) => {
      output += chunk.toString();
      if (readyMs === null && output.includes(READY)) {
        readyMs = performance.now() - started;
        child.kill('SIGTERM');
      }
    });
    child.once('exit', (code) => {
      rmSync(dataDir, { recursive: true, force: true });
      if (readyMs === null) reject(new Error(`portal exited with ${code} before ready:\n${output}`));
      else resolve(readyMs);
    });
  });
}

/** Runs the recent window and then the background backfill in this process, measuring the background phase. */
async function measureBackfill(days: number) {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'fleet-backfill-'));
  const database = await openDatabase(loadConfig({ PORTAL_DATA_DIR: dataDir }), { log: () => undefined });
  try {
    const demo = await prepareDemoFleet(database.db, planFleet({ seed: DEMO_PLAN_SEED }), {
      historyDays: days,
      recentDays: RECENT_DAYS,
      live: 'off',
      liveIntervalMs: 5000,
      output: { write: () => true },
      interactive: false,
    });
    const delay = monitorEventLoopDelay({ resolution: 10 });
    delay.enable();
    const summary = await demo.startBackground();
    delay.disable();
    return {
      summary,
      lagP99Ms: delay.percentile(99) / 1e6,
      lagMaxMs: delay.max / 1e6,
    };
  } finally {
    await database.close();
    rmSync(dataDir, { recursive: true, force: true });
  }
}

export async function benchFirstStart(days: number): Promise<string[]> {
  const load = loadavg()[0]?.toFixed(1) ?? '?';
  const readyMs = await timeFreshStartToReady(days, 8644);
  const backfill = await measureBackfill(days);
  const { summary } = backfill;
  const rate = summary.records / Math.max(summary.elapsedMs / 1000, 0.001);
  return [
    `| fresh first start to ready (PGlite folder created, ${RECENT_DAYS} recent days, today so far) | ${(readyMs / 1000).toFixed(1)} s |`,
    `| background backfill of the other ${summary.days} days (${days} in total) | ${(summary.elapsedMs / 1000).toFixed(1)} s |`,
    `| backfill records, rate | ${summary.records.toLocaleString('en-US')} records, ${Math.round(rate).toLocaleString('en-US')} records/s |`,
    `| event-loop delay of the HTTP thread during the backfill, p99 / max | ${formatMs(backfill.lagP99Ms)} / ${formatMs(backfill.lagMaxMs)} ms |`,
    `| 1-minute load average when the run started (2 cores) | ${load} |`,
  ];
}
