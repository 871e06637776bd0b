/**
 * `npm run bench -- jobs-xlsx [--jobs N] [--fleet …] [--database …]` (issue #12 "Measured"): the per-job ink download
 * of Jobs Analysis on a period holding about N jobs (default 200,000, the export's limit), against the database's own
 * `COPY … TO STDOUT` of the same rows in the same run.
 *
 * The period: the tenant with most systems, its largest group, all its systems, and the longest custom range of whole
 * days ending on the fleet's last complete day whose job count stays within N (found by the real check call with the
 * server's limit set to N; the range can be at most 365 days, spec reports §5). Deterministic for a built fleet.
 * The download: the real portal in a child process (scripts/bench/jobs-xlsx-server.ts) over HTTP, the file streamed to
 * disk here; seconds to the last byte, and that process's resident set size before, its peak while streaming (sampled
 * every 10 ms) and its maximum over its whole life (`VmHWM`, the figure the 300 MB target is read against). The file
 * is then read back with exceljs' streaming reader and its rows counted.
 * The baseline: the SELECT the export's cursor ran (export-source.ts' cursorReader), as the server ran it: on PostgreSQL
 * `COPY (…) TO STDOUT` in the tenant's transaction (role portal_api and app.tenant_id, as the export), on PGlite
 * `COPY (…) TO '/dev/blob'` on a PGlite opened on the same folder after the server has closed it (COPY to a file needs
 * the superuser, which row-level security does not filter; the statement names the tenant itself). Three runs each;
 * the ratio uses their median.
 */
import { fork, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import { loadavg, tmpdir } from 'node:os';
import path from 'node:path';
import { Readable } from 'node:stream';
import type { ReadableStream as NodeReadableStream } from 'node:stream/web';
import { pipeline } from 'node:stream/promises';
import ExcelJS from 'exceljs';
import { API_ROLE } from '../../src/server/db/tenant-scope.ts';
import { acquireLockfile } from '../../src/server/db/lockfile.ts';
import { JOBS_REPORT_PREFIX } from '../../src/server/reports/jobs/jobs.routes.ts';
import type { SystemGroup } from '../../src/shared/system-group.ts';
import { addDays } from '../../src/shared/time/local-time.ts';
import { createBenchApp } from './bench-app.ts';
import {
  describeFleet,
  openBenchFleet,
  pgliteFleetFolder,
  postgresFleetUrl,
  type BenchFleet,
  type FleetSpec,
} from './bench-fleet.ts';
import { copyOutOnPostgres, exportSelect, sqlLiteral, type CapturedStatement } from './copy-out.ts';
import { benchParameters } from './endpoint-latency.ts';
import type { BenchTarget } from './endpoints-bench.ts';
import type { JobsXlsxServerArgs, JobsXlsxServerMessage } from './jobs-xlsx-server.ts';
import { percentile } from './latency-stats.ts';
import { PORTAL_NODE_FLAGS } from '../portal-node-flags.ts';

/** Spec reports §5: a custom range over 365 days is refused. */
const MAX_RANGE_DAYS = 365;
const COPY_RUNS = 3;

export interface RangeCheck {
  /** 200 (within the limit), 204 (no jobs) or 205 (more than the limit). */
  status: number;
  rows: number;
}

/**
 * The longest range of `days` (1 to `maxDays`) ending on `lastDay` that `check` does not find over the limit: the
 * count grows with the range, so a binary search over its length. Null when even one day is over.
 */
export async function longestRangeWithinLimit(
  lastDay: string,
  maxDays: number,
  check: (from: string, to: string) => Promise<RangeCheck>,
): Promise<{ from: string; to: string; days: number; rows: number } | null> {
  let best: { from: string; to: string; days: number; rows: number } | null = null;
  let low = 1;
  let high = maxDays;
  while (low <= high) {
    const days = Math.floor((low + high) / 2);
    const from = addDays(lastDay, -(days - 1));
    const result = await check(from, lastDay);
    if (result.status === 205) {
      high = days - 1;
    } else {
      best = { from, to: lastDay, days, rows: result.rows };
      low = days + 1;
    }
  }
  return best;
}

interface XlsxPeriod {
  tenantId: string;
  group: SystemGroup;
  systems: number;
  from: string;
  to: string;
  days: number;
  jobs: number;
}

const inkFileQuery = (period: Pick<XlsxPeriod, 'from' | 'to' | 'group'>) =>
  `custom=${period.from}/${period.to}&systemGroupType=${period.group}`;

/** The period of about `jobs` jobs on an open fleet, asked of the real check call (its limit set to `jobs`). */
async function findPeriod(fleet: BenchFleet, jobs: number): Promise<XlsxPeriod> {
  const { app, tenantId, authorization } = await createBenchApp(fleet.db, fleet.plan, {
    PORTAL_EXPORT_INK_JOBS: String(jobs),
  });
  try {
    const { group } = benchParameters(fleet.plan, tenantId);
    const systems = fleet.plan.systems.filter((system) => system.tenantId === tenantId && system.group === group);
    const found = await longestRangeWithinLimit(fleet.build.to, MAX_RANGE_DAYS, async (from, to) => {
      const response = await app.inject({
        method: 'POST',
        url: `${JOBS_REPORT_PREFIX}/check-ink-consumption-per-job-file?${inkFileQuery({ from, to, group })}`,
        headers: { authorization },
        payload: { systems: [] },
      });
      if (![200, 204, 205].includes(response.statusCode)) {
        throw new Error(`The check answered ${response.statusCode}: ${response.body}`);
      }
      return {
        status: response.statusCode,
        rows: response.statusCode === 200 ? response.json<{ rows: number }>().rows : 0,
      };
    });
    if (found === null || found.rows === 0) throw new Error(`No range of ${group} jobs within ${jobs} on this fleet`);
    return { tenantId, group, systems: systems.length, ...found, jobs: found.rows };
  } finally {
    await app.close();
  }
}

function nextMessage<Type extends JobsXlsxServerMessage['type']>(
  child: ChildProcess,
  type: Type,
): Promise<Extract<JobsXlsxServerMessage, { type: Type }>> {
  return new Promise((resolve, reject) => {
    const onMessage = (message: JobsXlsxServerMessage) => {
      if (message.type !== type) return;
      child.off('message', onMessage);
      child.off('exit', onExit);
      resolve(message as Extract<JobsXlsxServerMessage, { type: Type }>);
    };
    const onExit = (code: number | null) => reject(new Error(`The XLSX server exited (${code}) before '${type}'`));
    child.on('message', onMessage);
    child.once('exit', onExit);
  });
}

interface DownloadMeasurement {
  status: number;
  firstByteMs: number;
  totalMs: number;
  bytes: number;
  rssBefore: number;
  peakRss: number;
  maxRss: number;
  statements: CapturedStatement[];
}

/** Starts the server process over the fleet, downloads the file into `file`, and stops the process. */
async function downloadInChildProcess(
  target: BenchTarget,
  spec: FleetSpec,
  period: XlsxPeriod,
  limit: number,
  file: string,
): Promise<DownloadMeasurement> {
  const args: JobsXlsxServerArgs = { target, spec, inkExportJobs: limit };
  const child = fork(path.join(import.meta.dirname, 'jobs-xlsx-server.ts'), [JSON.stringify(args)], {
    serialization: 'advanced',
    stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
    // The portal's own flags (as `npm start` runs it), not this benchmark's.
    execArgv: [...PORTAL_NODE_FLAGS],
  });
  try {
    const { port, authorization } = await nextMessage(child, 'ready');
    const started = nextMessage(child, 'started');
    child.send({ type: 'start' });
    const { rssBefore } = await started;
    const begin = performance.now();
    const response = await fetch(
      `http://127.0.0.1:${port}${JOBS_REPORT_PREFIX}/ink-consumption-per-job-file?${inkFileQuery(period)}`,
      {
        method: 'POST',
        headers: { authorization, 'content-type': 'application/json' },
        body: JSON.stringify({ systems: [] }),
      },
    );
    const firstByteMs = performance.now() - begin;
    if (response.status !== 200 || response.body === null) {
      throw new Error(`The download answered ${response.status}: ${await response.text()}`);
    }
    await pipeline(Readable.fromWeb(response.body as NodeReadableStream<Uint8Array>), fs.createWriteStream(file));
    const totalMs = performance.now() - begin;
    const stopped = nextMessage(child, 'stopped');
    child.send({ type: 'stop' });
    const { statements, peakRss, maxRss } = await stopped;
    return {
      status: response.status,
      firstByteMs,
      totalMs,
      bytes: fs.statSync(file).size,
      rssBefore,
      peakRss,
      maxRss,
      statements,
    };
  } finally {
    const exited = new Promise((resolve) => child.once('exit', resolve));
    if (child.connected) child.send({ type: 'exit' });
    else child.kill();
    await exited;
  }
}

/** The data rows of the file's first sheet, read with exceljs' streaming reader (the header row not counted). */
async function countXlsxRows(file: string): Promise<number> {
  const reader = new ExcelJS.stream.xlsx.WorkbookReader(file, { worksheets: 'emit', sharedStrings: 'cache' });
  let rows = 0;
  for await (const worksheet of reader) {
    for await (const row of worksheet) if (row.number > 1) rows += 1;
    break;
  }
  return rows;
}

interface CopyMeasurement {
  rows: number;
  bytes: number;
  ms: number[];
  how: string;
}

async function copyOnPostgres(
  serverUrl: string,
  spec: FleetSpec,
  tenantId: string,
  select: string,
): Promise<CopyMeasurement> {
  const setup = [`SET LOCAL ROLE ${API_ROLE}`, `SELECT set_config('app.tenant_id', ${sqlLiteral(tenantId)}, true)`];
  const runs = [];
  for (let run = 0; run < COPY_RUNS; run += 1)
    runs.push(await copyOutOnPostgres(postgresFleetUrl(serverUrl, spec), setup, select));
  return {
    rows: runs[0]?.rows ?? 0,
    bytes: runs[0]?.bytes ?? 0,
    ms: runs.map((run) => run.ms),
    how: "`COPY (…) TO STDOUT` in the tenant's transaction (role portal_api), rows counted as they arrive",
  };
}

async function copyOnPglite(benchDir: string, spec: FleetSpec, select: string): Promise<CopyMeasurement> {
  const folder = pgliteFleetFolder(benchDir, spec);
  const lock = acquireLockfile(path.join(folder, 'db', 'portal.lock'), folder);
  // Loaded here only: the server process has closed the folder by now.
  const { PGlite } = await import('@electric-sql/pglite');
  const lite = new PGlite(path.join(folder, 'db', 'pgdata'));
  try {
    await lite.waitReady;
    const ms: number[] = [];
    let rows = 0;
    let bytes = 0;
    for (let run = 0; run < COPY_RUNS; run += 1) {
      const started = performance.now();
      const result = await lite.query(`COPY (${select}) TO '/dev/blob'`);
      ms.push(performance.now() - started);
      rows = result.affectedRows ?? 0;
      bytes = result.blob?.size ?? 0;
    }
    return { rows, bytes, ms, how: "`COPY (…) TO '/dev/blob'` on PGlite (in this process, as superuser)" };
  } finally {
    await lite.close();
    lock.release();
  }
}

const mb = (bytes: number) => `${(bytes / 1024 / 1024).toFixed(1)} MB`;
const seconds = (ms: number) => `${(ms / 1000).toFixed(2)} s`;

export async function benchJobsXlsx(
  fleets: readonly FleetSpec[],
  targets: readonly BenchTarget[],
  jobs: number,
): Promise<string[]> {
  const lines: string[] = [];
  for (const target of targets) {
    for (const spec of fleets) {
      const fleet = await openBenchFleet(spec, target);
      let period: XlsxPeriod;
      try {
        period = await findPeriod(fleet, jobs);
      } finally {
        await fleet.close();
      }
      const file = path.join(fs.mkdtempSync(path.join(tmpdir(), 'jobs-xlsx-bench-')), 'ink.xlsx');
      try {
        const loadBefore = loadavg()[0] ?? 0;
        const download = await downloadInChildProcess(target, spec, period, jobs, file);
        const select = exportSelect(download.statements);
        const copy =
          target.kind === 'postgres'
            ? await copyOnPostgres(target.serverUrl, spec, period.tenantId, select)
            : await copyOnPglite(target.benchDir, spec, select);
        const loadAfter = loadavg()[0] ?? 0;
        const fileRows = await countXlsxRows(file);
        const copyMedian = percentile(copy.ms, 50);
        const database = target.kind === 'pglite' ? 'PGlite' : 'PostgreSQL';
        lines.push(
          `### Ink consumption per job (XLSX), ${describeFleet(spec)} on ${database}`,
          '',
          `Tenant ${period.tenantId}, group ${period.group}, all ${period.systems} systems; \`custom=${period.from}/${period.to}\` ` +
            `(${period.days} days ending on the fleet's last complete day, the longest within ${jobs.toLocaleString('en-US')} jobs); ` +
            `1-minute load average ${loadBefore.toFixed(1)} before, ${loadAfter.toFixed(1)} after.`,
          '',
          '| measurement | value |',
          '|---|---|',
          `| jobs in the period (check call) / data rows in the file (read back) | ${period.jobs.toLocaleString('en-US')} / ${fileRows.toLocaleString('en-US')} |`,
          `| download: first byte / last byte (HTTP, streamed to disk) | ${seconds(download.firstByteMs)} / ${seconds(download.totalMs)} |`,
          `| file size | ${mb(download.bytes)} |`,
          `| server process RSS: before the download / peak while streaming (10 ms samples) / whole-life maximum (VmHWM) | ${mb(download.rssBefore)} / ${mb(download.peakRss)} / ${mb(download.maxRss)} |`,
          `| same rows: ${copy.how}, ${COPY_RUNS} runs | ${copy.ms.map(seconds).join(', ')} (${copy.rows.toLocaleString('en-US')} rows, ${mb(copy.bytes)}) |`,
          `| download ÷ COPY (median) | ${(download.totalMs / copyMedian).toFixed(1)}× |`,
          '',
        );
        if (fileRows !== period.jobs || copy.rows !== period.jobs) {
          lines.push(`**The row counts differ** (check ${period.jobs}, file ${fileRows}, COPY ${copy.rows}).`, '');
        }
      } finally {
        fs.rmSync(path.dirname(file), { recursive: true, force: true });
      }
    }
  }
  return lines;
}
