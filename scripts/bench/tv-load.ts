/**
 * `npm run bench -- tv-load [--dashboards N] [--minutes M]` (issue #15 "Measured"): the portal process
 * (src/server/main.ts, fresh data folder, 14 demo days, live telemetry ON every 5 s) with N Live Dashboard streams open
 * for M minutes — real HTTPS Server-Sent Events clients on localhost with a token the portal's own IdP issued (one
 * sign-in as the Sunrise admin, renewed with its refresh token when a stream ends with `expired`), spread over Sunrise's
 * printers — while ingest runs: the simulator's ticks, and a job for every Sunrise printer posted through
 * `POST /api/ingest/telemetry` every 5 s, so every stream has an event to deliver every 5 s. The server process's RSS
 * and CPU time are read from /proc every 5 s (Linux). Reported: RSS before the streams, after they connected, peak and
 * end; CPU % (of one core) average and max over the sampling intervals; events delivered, the fewest a stream got of
 * the posted batches, and streams that dropped (ended without `expired`, or failed to reopen).
 */
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { loadavg, tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { refreshOverHttp, signInOverHttp, type SignInTarget } from '../../src/server/testing/oidc-sign-in.ts';
import { startPortalProcess, type PortalProcess } from '../../src/server/testing/portal-process.ts';
import { openSseStream, requestJson, type SseTestStream } from '../../src/server/testing/sse-test-client.ts';
import { DEMO_PASSWORD } from '../../src/server/idp/demo-accounts.ts';
import { freePort } from '../../src/server/idp/idp-test-harness.ts';
import { benchIngestToken, SUNRISE_ADMIN, sunriseSerials } from './tv-bench-fleet.ts';
import { processCpuSeconds } from './proc-cpu.ts';

const ROOT = fileURLToPath(new URL('../..', import.meta.url));
const MAIN = path.join(ROOT, 'src/server/main.ts');
const SAMPLE_MS = 5_000;
const INGEST_EVERY_MS = 5_000;
/** Streams opened at once while connecting: TVs switch on over minutes, not in one instant. */
const CONNECT_CONCURRENCY = 20;

interface ProcessSample {
  at: number;
  rssKb: number;
  cpuSeconds: number;
}

function sampleProcess(pid: number): ProcessSample {
  // RSS in kB in /proc/<pid>/status.
  const rss = /^VmRSS:\s+(\d+) kB$/m.exec(readFileSync(`/proc/${pid}/status`, 'utf8'))?.[1];
  return { at: performance.now(), rssKb: Number(rss ?? Number.NaN), cpuSeconds: processCpuSeconds(pid) };
}

/** One dashboard: its printer, the stream it has open, what it received, and whether it dropped. */
interface Dashboard {
  serial: string;
  stream: SseTestStream | null;
  events: number;
  reopened: number;
  dropped: string | null;
}

interface Tokens {
  current: string;
  refresh: string | null;
  /** One renewal for all streams whose token expired together. */
  renewing: Promise<void> | null;
}

async function renew(target: SignInTarget, tokens: Tokens): Promise<void> {
  tokens.renewing ??= (async () => {
    const renewed =
      tokens.refresh === null
        ? await signInOverHttp(target, SUNRISE_ADMIN, DEMO_PASSWORD)
        : await refreshOverHttp(target, tokens.refresh);
    tokens.current = renewed.accessToken;
    tokens.refresh = renewed.refreshToken ?? tokens.refresh;
  })().finally(() => {
    tokens.renewing = null;
  });
  return tokens.renewing;
}

/**
 * Opens the dashboard's stream and keeps it open until `stopped`: reopens after `expired` with the renewed token,
 * records any other end as a drop. `ready` resolves once the first stream said ready (or the dashboard dropped),
 * `done` when it stops for good.
 */
function keepOpen(
  dashboard: Dashboard,
  base: string,
  ca: string,
  target: SignInTarget,
  tokens: Tokens,
  stopped: () => boolean,
): { ready: Promise<void>; done: Promise<void> } {
  const url = `${base}/api/tv-dashboard/live?systemGroup=Apollo&system=${dashboard.serial}`;
  let markReady = () => {};
  const ready = new Promise<void>((resolve) => (markReady = resolve));
  const drop = (reason: string) => {
    dashboard.dropped = reason;
    markReady();
  };
  const done = (async () => {
    for (;;) {
      const stream = await openSseStream(url, `Bearer ${tokens.current}`, { ca }).catch((error: unknown) => {
        drop(`could not open: ${String(error)}`);
        return null;
      });
      if (stream === null) return;
      if (stream.status !== 200) return drop(`answered ${stream.status}: ${stream.body()}`);
      dashboard.stream = stream;
      const opened = await stream.next('ready').then(
        () => true,
        () => false,
      );
      if (!opened) return drop('the stream ended before ready');
      markReady();
      const ending = await stream.next('expired').then(
        () => 'expired' as const,
        () => 'ended' as const,
      );
      await stream.closed;
      dashboard.events += stream.received.filter((event) => event.event === 'ingest').length;
      if (stopped()) return;
      if (ending === 'ended') return drop('the stream ended without expired');
      dashboard.reopened += 1;
      await renew(target, tokens);
    }
  })();
  return { ready, done };
}

/** Runs `work` on `items` with at most `limit` at a time. */
async function inBatches<T>(items: readonly T[], limit: number, work: (item: T) => Promise<unknown>): Promise<void> {
  for (let start = 0; start < items.length; start += limit)
    await Promise.all(items.slice(start, start + limit).map(work));
}

const mb = (kb: number) => `${(kb / 1024).toFixed(0)} MB`;
const percent = (value: number) => `${value.toFixed(1)} %`;

export async function benchTvLoad(dashboards = 200, minutes = 10): Promise<string[]> {
  if (!Number.isInteger(dashboards) || dashboards < 1) throw new Error('--dashboards must be a positive integer');
  if (!(minutes > 0)) throw new Error('--minutes must be a positive number');
  const dataDir = mkdtempSync(path.join(tmpdir(), 'fleet-portal-tv-load-'));
  const { token: ingestToken, setting } = benchIngestToken();
  const serials = sunriseSerials();
  const loadAtStart = loadavg()[0] ?? 0;
  let portal: PortalProcess | undefined;
  const open: Dashboard[] = [];
  let stopped = false;
  try {
    portal = await startPortalProcess({
      entry: MAIN,
      cwd: ROOT,
      readyTimeoutMs: 600_000,
      env: {
        PORTAL_DATA_DIR: dataDir,
        PORTAL_PORT: String(await freePort()),
        PORTAL_DEMO_HISTORY_DAYS: '14',
        PORTAL_SIMULATOR_LIVE: '1',
        PORTAL_INGEST_TOKENS: setting,
        PORTAL_LOG_LEVEL: 'warn',
        // Every stream is the one Sunrise admin's: let them all stay live.
        PORTAL_LIVE_STREAMS_PER_USER: String(dashboards),
      },
    });
    const pid = portal.child.pid;
    if (pid === undefined) throw new Error('the portal process has no pid');
    const base = portal.url;
    const ca = readFileSync(path.join(dataDir, 'tls', 'ca.crt'), 'utf8');
    const target: SignInTarget = { publicUrl: base, issuer: `${base}/idp`, clientId: 'fleet-portal', ca };
    const signedIn = await signInOverHttp(target, SUNRISE_ADMIN, DEMO_PASSWORD);
    const tokens: Tokens = { current: signedIn.accessToken, refresh: signedIn.refreshToken, renewing: null };

    const before = sampleProcess(pid);
    const connectStarted = performance.now();
    for (let index = 0; index < dashboards; index += 1) {
      open.push({ serial: serials[index % serials.length] ?? '', stream: null, events: 0, reopened: 0, dropped: null });
    }
    const kept: Promise<void>[] = [];
    await inBatches(open, CONNECT_CONCURRENCY, async (dashboard) => {
      const { ready, done } = keepOpen(dashboard, base, ca, target, tokens, () => stopped);
      kept.push(done);
      await ready;
    });
    const connectMs = performance.now() - connectStarted;
    const connected = sampleProcess(pid);

    const samples: ProcessSample[] = [connected];
    let batches = 0;
    let batchFailures = 0;
    const ends = performance.now() + minutes * 60_000;
    let nextIngest = performance.now();
    let nextSample = performance.now() + SAMPLE_MS;
    while (performance.now() < ends) {
      const now = performance.now();
      if (now >= nextIngest) {
        nextIngest += INGEST_EVERY_MS;
        const endedAt = Date.now() - 1_000;
        const response = await requestJson(`${base}/api/ingest/telemetry`, {
          method: 'POST',
          authorization: `Bearer ${ingestToken}`,
          tls: { ca },
          body: {
            records: serials.map((serial) => ({
              kind: 'job',
              id: `bench-tv-load-${batches}-${serial}`,
              serial,
              startedAt: new Date(endedAt - 30_000).toISOString(),
              endedAt: new Date(endedAt).toISOString(),
              impressions: 10,
            })),
          },
        });
        batches += 1;
        if (response.status !== 200) batchFailures += 1;
      }
      if (now >= nextSample) {
        nextSample += SAMPLE_MS;
        samples.push(sampleProcess(pid));
      }
      await pause(Math.max(0, Math.min(nextIngest, nextSample) - performance.now()));
    }
    const end = sampleProcess(pid);
    samples.push(end);
    stopped = true;
    // The last batch's events have had at least 5 s to arrive; then the streams close and count what they got.
    await pause(1_000);
    for (const dashboard of open) dashboard.stream?.drop();
    await Promise.all(kept);

    const cpu = samples.slice(1).map((sample, index) => {
      const previous = samples[index] ?? sample;
      return (100 * (sample.cpuSeconds - previous.cpuSeconds)) / ((sample.at - previous.at) / 1000);
    });
    const wholeCpu = (100 * (end.cpuSeconds - connected.cpuSeconds)) / ((end.at - connected.at) / 1000);
    const delivered = open.reduce((sum, dashboard) => sum + dashboard.events, 0);
    // Each batch holds a job of every printer: a stream open all along gets one event per batch, plus the simulator's.
    const fewest = Math.min(...open.map((dashboard) => dashboard.events));
    const dropped = open.filter((dashboard) => dashboard.dropped !== null);
    return [
      `Live Dashboard load: ${dashboards} streams over ${serials.length} Sunrise printers for ${minutes} min, live telemetry ` +
        `on, a job per printer posted every ${INGEST_EVERY_MS / 1000} s; 1-minute load average ${loadAtStart.toFixed(1)} ` +
        `at the start, ${(loadavg()[0] ?? 0).toFixed(1)} at the end`,
      '',
      '| measurement | value |',
      '|---|---|',
      `| streams connected (${CONNECT_CONCURRENCY} at a time) | ${dashboards} in ${(connectMs / 1000).toFixed(1)} s |`,
      `| server RSS: before the streams / connected / peak / end | ${mb(before.rssKb)} / ${mb(connected.rssKb)} / ${mb(Math.max(...samples.map((sample) => sample.rssKb)))} / ${mb(end.rssKb)} |`,
      `| server CPU (% of one core) over the run: average / max of ${SAMPLE_MS / 1000}-s intervals | ${percent(wholeCpu)} / ${percent(Math.max(...cpu))} |`,
      `| batches posted (failed) | ${batches} (${batchFailures}) |`,
      `| ingest events delivered, in all / fewest on one stream (batches posted: ${batches}) | ${delivered.toLocaleString('en-US')} / ${fewest} |`,
      `| streams renewed after expiry | ${open.reduce((sum, dashboard) => sum + dashboard.reopened, 0)} |`,
      `| streams dropped | ${dropped.length}${dropped.length === 0 ? '' : ` (${[...new Set(dropped.map((dashboard) => dashboard.dropped))].join('; ')})`} |`,
    ];
  } finally {
    stopped = true;
    for (const dashboard of open) dashboard.stream?.drop();
    await portal?.stop();
    rmSync(dataDir, { recursive: true, force: true });
  }
}

const pause = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));
