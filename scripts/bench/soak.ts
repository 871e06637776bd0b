/**
 * `npm run bench -- soak [--nodes 3] [--connections 100] [--seconds 300] [--reports replica|primary] [--kill]`
 * (issue #29 "Measured"): the portal as `npm run cluster` runs it — a PostgreSQL 15 primary with a streaming hot standby,
 * N portal nodes, HAProxy in front passing TLS through — in var/bench/soak/ (kept between runs: the 60-day demo history is
 * filled once), under load for D seconds:
 * - N connections (keep-alive HTTPS through HAProxy, one request at a time each; a lean client of its own,
 *   raw-https-connection.ts, so the load generator takes less of the CPU it measures) sending the report calls users click,
 *   each as the SPA sends it (a call whose first attempt got no answer is sent once more: sendLikeTheSpa):
 *   the Overview page's calls for the last complete day or its week (half of the requests), Jobs Analysis' for the week
 *   or the quarter (a quarter), a system page's for the day or the week (a quarter), as the Northwind admin;
 * - live ingest: node 1's printer simulator, and a job for every Sunrise printer posted through HAProxy every second
 *   with an ingest token (records acknowledged are counted);
 * - Live Dashboards: two Server-Sent Events streams per node through HAProxy as the Sunrise admin, reopened like the
 *   browser's EventSource when they end (after the stream's `retry`, default 1 s);
 * - with --kill, kill -9 of the last node half-way: requests that failed from then on, and for every dashboard whose
 *   stream ended the time from the end to its next stream's `ready` on another node.
 * Reports with `--reports primary` read from the primary (no DATABASE_REPLICA_URL). Prints requests/s, p50/p95/p99 per
 * page, in all and in all from 30 s on (past the cold start), errors (non-2xx answers and calls with no answer to either attempt), the calls sent twice, ingest
 * records/s, the dashboards' figures and the connections the nodes closed before TLS (PROXY header refusals). With
 * `--samples file.json`, every call's start (ms into the run), time (ms), page and outcome are written to the file as
 * `[at, ms, page, ok]` rows, to see when in the run the slow calls came (the first seconds' cold start, or bursts).
 */
import { writeFileSync } from 'node:fs';
import { availableParallelism, loadavg } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { DEMO_TENANTS } from '../../src/server/fixtures/demo-tenants.ts';
import { DEMO_PASSWORD } from '../../src/server/idp/demo-accounts.ts';
import { JOBS_CALL_NAMES, JOBS_REPORT_PREFIX } from '../../src/server/reports/jobs/jobs.routes.ts';
import { OVERVIEW_PATHS } from '../../src/server/reports/overview/overview.routes.ts';
import { SYSTEM_PAGE_CALL_NAMES, SYSTEM_PAGE_PREFIX } from '../../src/server/reports/system-page/system-page.routes.ts';
import { DEMO_PLAN_SEED, planFleet } from '../../src/server/simulator/fleet-plan.ts';
import { lastCompleteDay } from '../../src/server/simulator/simulate.ts';
import { signInOverHttp, type SignInTarget } from '../../src/server/testing/oidc-sign-in.ts';
import type { PortalProcess } from '../../src/server/testing/portal-process.ts';
import { openSseStream, requestJson } from '../../src/server/testing/sse-test-client.ts';
import { startHaproxy } from '../cluster/haproxy.ts';
import { shareKeyFolder, startPortalNodes } from '../cluster/portal-nodes.ts';
import { startPostgresPair } from '../cluster/postgres-pair.ts';
import { benchParameters } from './endpoint-latency.ts';
import { RawHttpsConnection, TIMEOUT } from './raw-https-connection.ts';
import { percentile } from './latency-stats.ts';
import { benchIngestToken, SUNRISE_ADMIN, sunriseSerials } from './tv-bench-fleet.ts';
import { machineCpu, processCpuSeconds, type MachineCpu } from './proc-cpu.ts';

const ROOT = fileURLToPath(new URL('../..', import.meta.url));
const SOAK_DIR = path.join(ROOT, 'var', 'bench', 'soak');
const PORTS = { primary: 18440, replica: 18441, haproxy: 18443, firstNode: 18444 };
const NORTHWIND_ADMIN = 'admin@northwind.demo';
const INGEST_EVERY_MS = 1000;
const REQUEST_TIMEOUT_MS = 30_000;
const DASHBOARDS_PER_NODE = 2;
/** The table's last row leaves out the calls started in the first seconds (the nodes still cold). */
const WARM_AFTER_S = 30;

export interface SoakOptions {
  nodes: number;
  connections: number;
  seconds: number;
  reports: 'replica' | 'primary';
  kill: boolean;
  /** The nodes' PORTAL_SHARED_ANSWERS_MS (reports/common/shared-answers.ts; 0: every call computes its own answer). */
  sharedAnswersMs: number;
  /** Days of demo history the first node fills (once; kept in var/bench/soak). */
  historyDays: number;
  /** Where to write every call's `[start ms into the run, ms, page, ok]` as JSON (to see when the slow calls came). */
  samplesFile?: string;
}

type Page = 'overview' | 'jobs' | 'system page';

interface SoakCall {
  page: Page;
  method: 'GET' | 'POST';
  path: string;
  body?: string;
}

/** The calls users' clicks send, weighted by how often each page is opened (see the header). */
export function soakCalls(day: string): SoakCall[] {
  const plan = planFleet({ seed: DEMO_PLAN_SEED });
  const { group, serialNumber } = benchParameters(plan, DEMO_TENANTS.main.id);
  const systems = JSON.stringify({ systems: [] });
  const overview = [`day=${day}`, `week=${day}`].flatMap((period) =>
    OVERVIEW_PATHS.map((url) => ({
      page: 'overview' as const,
      method: 'POST' as const,
      path: `${url}?${period}&systemGroup=${group}`,
      body: systems,
    })),
  );
  const jobs = [`week=${day}`, `quarter=${day}`].flatMap((period) =>
    JOBS_CALL_NAMES.map((name) => ({
      page: 'jobs' as const,
      method: 'POST' as const,
      path: `${JOBS_REPORT_PREFIX}/${name}?${period}&systemGroupType=${group}`,
      body: systems,
    })),
  );
  const systemPage = [`day=${day}`, `week=${day}`].flatMap((period) =>
    SYSTEM_PAGE_CALL_NAMES.map((name) => ({
      page: 'system page' as const,
      method: 'GET' as const,
      path: `${SYSTEM_PAGE_PREFIX}/${name}?${period}&systemGroup=${group}&system=${encodeURIComponent(serialNumber)}`,
    })),
  );
  // Half overview, a quarter each for the others, whatever the number of calls per page.
  const weighted = (calls: SoakCall[], share: number) =>
    Array.from({ length: Math.round((share * 240) / calls.length) }, () => calls).flat();
  return [...weighted(overview, 0.5), ...weighted(jobs, 0.25), ...weighted(systemPage, 0.25)];
}

interface Sample {
  page: Page;
  at: number;
  /** Until the answer, both attempts of a retried call included (what the user waits). */
  ms: number;
  ok: boolean;
  /** Sent twice: the first attempt got no answer (sendLikeTheSpa). */
  retried: boolean;
  /** Why it failed (`HTTP 503`, `ECONNRESET`, …). */
  failure: string | null;
}

/** One attempt at a call: `failure` null when answered 2xx, otherwise why not; `answered` once response headers came. */
export interface Attempt {
  failure: string | null;
  answered: boolean;
}

/** Sends one call once on `connection` (a raw keep-alive HTTPS connection: raw-https-connection.ts). */
function sendOnce(connection: RawHttpsConnection, authorization: string, call: SoakCall): Promise<Attempt> {
  const headers: Record<string, string> = { authorization };
  if (call.body !== undefined) headers['content-type'] = 'application/json';
  return connection.send({ method: call.method, path: call.path, headers, body: call.body }, REQUEST_TIMEOUT_MS);
}

/**
 * A report call as the SPA sends it (fetchQueryRequest → retryOnceOnNetworkFailure, src/api/http-client.ts): once more,
 * at once, when the first attempt got no answer at all (a reset or refused connection, e.g. on a killed node) — not
 * after an answer, whatever its status, nor after the timeout. `retried` says it took a second attempt.
 */
export async function sendLikeTheSpa(
  attempt: () => Promise<Attempt>,
): Promise<{ failure: string | null; retried: boolean }> {
  const first = await attempt();
  if (first.failure === null || first.answered || first.failure === TIMEOUT) {
    return { failure: first.failure, retried: false };
  }
  return { failure: (await attempt()).failure, retried: true };
}

/** One Live Dashboard: its streams' ready times, the ends it had while the run went on and its reconnect times. */
interface Dashboard {
  serial: string;
  ingestEvents: number;
  ends: number;
  /** From a stream's end to the next stream's answer (200) and to its `ready` event. */
  reconnectMs: { answered: number; ready: number }[];
  failed: string | null;
}

function keepDashboard(
  dashboard: Dashboard,
  base: string,
  ca: string,
  authorization: string,
  stopped: () => boolean,
): { ready: Promise<void>; done: Promise<void> } {
  const url = `${base}/api/tv-dashboard/live?systemGroup=Apollo&system=${dashboard.serial}`;
  let markReady = () => {};
  const ready = new Promise<void>((resolve) => (markReady = resolve));
  const done = (async () => {
    let endedAt: number | null = null;
    let retryMs = 1000;
    while (!stopped()) {
      const stream = await openSseStream(url, authorization, { ca }).catch(() => null);
      const answeredAt = performance.now();
      if (stream === null || stream.status !== 200) {
        // Like EventSource: try again after the retry time (HAProxy may still route to the dead node once).
        await pause(retryMs);
        continue;
      }
      const opened = await stream.next('ready').then(
        (event) => {
          const retry = /^retry: ?(\d+)$/m.exec(JSON.stringify(event))?.[1];
          if (retry !== undefined) retryMs = Number(retry);
          return true;
        },
        () => false,
      );
      if (!opened) {
        await pause(retryMs);
        continue;
      }
      if (endedAt !== null) {
        dashboard.reconnectMs.push({ answered: answeredAt - endedAt, ready: performance.now() - endedAt });
      }
      markReady();
      await stream.closed.catch(() => undefined);
      dashboard.ingestEvents += stream.received.filter((event) => event.event === 'ingest').length;
      if (stopped()) return;
      dashboard.ends += 1;
      endedAt = performance.now();
      await pause(retryMs);
    }
  })();
  void done.catch((error: unknown) => (dashboard.failed = String(error)));
  return { ready, done };
}

const pause = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));
const ms = (value: number) => (Number.isFinite(value) ? value.toFixed(0) : '–');

function latencyRow(label: string, samples: readonly Sample[], seconds: number): string {
  const times = samples.filter((sample) => sample.ok).map((sample) => sample.ms);
  const errors = samples.filter((sample) => !sample.ok).length;
  return (
    `| ${label} | ${samples.length.toLocaleString('en-US')} | ${(samples.length / seconds).toFixed(1)} | ` +
    `${ms(percentile(times, 50))} / ${ms(percentile(times, 95))} / ${ms(percentile(times, 99))} | ${errors} |`
  );
}

/** CPU seconds so far: the machine's (every process), the portal nodes' and this bench client's. */
interface CpuReading {
  machine: MachineCpu;
  /** By process id, the nodes alive at the reading. */
  nodes: Map<number, number>;
  client: number;
}

function cpuNow(nodes: readonly PortalProcess[]): CpuReading {
  const alive = nodes.filter((node) => node.child.exitCode === null && node.child.signalCode === null);
  return {
    machine: machineCpu(),
    nodes: new Map(alive.map((node) => [node.child.pid ?? 0, processCpuSeconds(node.child.pid ?? 0)])),
    client: (({ user, system }) => (user + system) / 1e6)(process.cpuUsage()),
  };
}

/** What the run cost between two readings (a node killed in between is left out of the nodes' share). */
function cpuSpent(from: CpuReading, to: CpuReading) {
  let nodes = 0;
  for (const [pid, seconds] of to.nodes) nodes += seconds - (from.nodes.get(pid) ?? seconds);
  return {
    busy: to.machine.busySeconds - from.machine.busySeconds,
    total: to.machine.totalSeconds - from.machine.totalSeconds,
    nodes,
    client: to.client - from.client,
  };
}

/**
 * The CPU a report call cost on this machine: all busy CPU over the requests answered (portal nodes, both PostgreSQL
 * servers, HAProxy, the ingest and dashboards, the client), and the nodes' and the client's shares of it. With the
 * machine busy near 100 % the requests/s are what its cores allow at that cost.
 */
function cpuRow(cpu: ReturnType<typeof cpuSpent>, requests: number, seconds: number): string {
  const perRequest = (value: number) => ((value * 1000) / Math.max(requests, 1)).toFixed(1);
  const rest = cpu.busy - cpu.nodes - cpu.client;
  return (
    `| CPU per request, ms: machine (busy ${((cpu.busy / Math.max(cpu.total, 0.001)) * 100).toFixed(0)} % of ` +
    `${availableParallelism()} cores over ${seconds.toFixed(0)} s) = portal nodes + bench client + the rest (PostgreSQL, HAProxy, OS) | ` +
    `${perRequest(cpu.busy)} = ${perRequest(cpu.nodes)} + ${perRequest(cpu.client)} + ${perRequest(rest)} |`
  );
}

export async function benchSoak(options: SoakOptions): Promise<string[]> {
  if (options.kill && options.nodes < 2) throw new Error('--kill needs at least 2 nodes');
  const loadAtStart = loadavg()[0] ?? 0;
  const publicUrl = `https://localhost:${PORTS.haproxy}`;
  const nodePorts = Array.from({ length: options.nodes }, (_, index) => PORTS.firstNode + index);
  const postgres = await startPostgresPair({
    root: path.join(SOAK_DIR, 'postgres'),
    primaryPort: PORTS.primary,
    replicaPort: PORTS.replica,
  });
  const stoppers: (() => Promise<unknown>)[] = [() => postgres.stop()];
  let stopped = false;
  try {
    const { ca } = await shareKeyFolder({ root: SOAK_DIR, publicUrl, ports: nodePorts });
    const ingest = benchIngestToken();
    const nodes: PortalProcess[] = await startPortalNodes({
      root: SOAK_DIR,
      publicUrl,
      databaseUrl: postgres.primaryUrl,
      ...(options.reports === 'replica' ? { replicaUrl: postgres.replicaUrl } : {}),
      ports: nodePorts,
      readyTimeoutMs: 1_800_000,
      env: {
        PORTAL_DEMO_HISTORY_DAYS: String(options.historyDays),
        PORTAL_INGEST_TOKENS: ingest.setting,
        PORTAL_LOG_LEVEL: 'warn',
        PORTAL_LIVE_STREAMS_PER_USER: String(DASHBOARDS_PER_NODE * options.nodes + 4),
        PORTAL_SHARED_ANSWERS_MS: String(options.sharedAnswersMs),
      },
    });
    stoppers.push(() => Promise.all(nodes.map((node) => node.stop())));
    const haproxy = await startHaproxy({ root: SOAK_DIR, port: PORTS.haproxy, nodePorts });
    stoppers.push(() => haproxy.stop());

    const target: SignInTarget = { publicUrl, issuer: `${publicUrl}/idp`, clientId: 'fleet-portal', ca };
    const reader = `Bearer ${(await signInOverHttp(target, NORTHWIND_ADMIN, DEMO_PASSWORD)).accessToken}`;
    const viewer = `Bearer ${(await signInOverHttp(target, SUNRISE_ADMIN, DEMO_PASSWORD)).accessToken}`;
    const day = lastCompleteDay(planFleet({ seed: DEMO_PLAN_SEED }), new Date());
    const calls = soakCalls(day);
    const serials = sunriseSerials();

    const dashboards: Dashboard[] = Array.from({ length: DASHBOARDS_PER_NODE * options.nodes }, (_, index) => ({
      serial: serials[index % serials.length] ?? '',
      ingestEvents: 0,
      ends: 0,
      reconnectMs: [],
      failed: null,
    }));
    const kept = dashboards.map((dashboard) => keepDashboard(dashboard, publicUrl, ca, viewer, () => stopped));
    await Promise.all(kept.map((entry) => entry.ready));

    const samples: Sample[] = [];
    const cpuAtStart = cpuNow(nodes);
    const started = performance.now();
    const ends = started + options.seconds * 1000;
    let killedAt: number | null = null;
    const workers = Array.from({ length: options.connections }, async (_, worker) => {
      const connection = new RawHttpsConnection(publicUrl, ca);
      let next = worker;
      while (performance.now() < ends) {
        const call = calls[(next * 7919 + worker) % calls.length]!;
        next += 1;
        const at = performance.now();
        const { failure, retried } = await sendLikeTheSpa(() => sendOnce(connection, reader, call));
        samples.push({ page: call.page, at, ms: performance.now() - at, ok: failure === null, failure, retried });
      }
      connection.close();
    });
    const ingestFailures = new Map<string, number>();
    const ingestFailureTimes: number[] = [];
    const ingestion = (async () => {
      let batch = 0;
      let acknowledged = 0;
      let failed = 0;
      while (performance.now() < ends) {
        const tick = performance.now();
        const endedAt = Date.now() - 1000;
        const response = await requestJson(`${publicUrl}/api/ingest/telemetry`, {
          method: 'POST',
          authorization: `Bearer ${ingest.token}`,
          tls: { ca },
          body: {
            records: serials.map((serial) => ({
              kind: 'job',
              id: `bench-soak-${started.toFixed(0)}-${batch}-${serial}`,
              serial,
              startedAt: new Date(endedAt - 30_000).toISOString(),
              endedAt: new Date(endedAt).toISOString(),
              impressions: 10,
            })),
          },
        }).catch((error: NodeJS.ErrnoException) => ({ status: 0, body: error.code ?? error.message }));
        batch += 1;
        if (response.status === 200) acknowledged += serials.length;
        else {
          failed += 1;
          const reason = response.status === 0 ? String(response.body) : `HTTP ${response.status}`;
          ingestFailures.set(reason, (ingestFailures.get(reason) ?? 0) + 1);
          ingestFailureTimes.push((tick - started) / 1000);
        }
        await pause(Math.max(0, INGEST_EVERY_MS - (performance.now() - tick)));
      }
      return { batches: batch, acknowledged, failed };
    })();
    const killing = options.kill
      ? (async () => {
          await pause((options.seconds * 1000) / 2);
          killedAt = performance.now();
          nodes.at(-1)?.child.kill('SIGKILL');
        })()
      : Promise.resolve();

    await Promise.all([...workers, killing]);
    const ingested = await ingestion;
    const seconds = (performance.now() - started) / 1000;
    const cpu = cpuSpent(cpuAtStart, cpuNow(nodes));
    // Events of the last batches have had a second to arrive before the dashboards close.
    await pause(1000);
    stopped = true;
    await stopAll(stoppers.splice(1));
    await Promise.all(kept.map((entry) => entry.done));

    if (options.samplesFile !== undefined) {
      const rows = samples.map((sample) => [
        Math.round(sample.at - started),
        Math.round(sample.ms),
        sample.page,
        sample.ok,
      ]);
      writeFileSync(options.samplesFile, JSON.stringify(rows));
    }
    const pages: Page[] = ['overview', 'jobs', 'system page'];
    const lines = [
      `Soak: ${options.nodes} node(s) behind HAProxy, reports on the ${options.reports}, ${options.connections} ` +
        `connections for ${options.seconds} s${options.kill ? `, kill -9 of node ${options.nodes} after ${options.seconds / 2} s` : ''}; ` +
        `shared answers ${options.sharedAnswersMs === 0 ? 'off' : `${options.sharedAnswersMs} ms`}; ` +
        `demo fleet (${options.historyDays} days), live ingest; 1-minute load average ${loadAtStart.toFixed(1)} at the ` +
        `start, ${(loadavg()[0] ?? 0).toFixed(1)} at the end`,
      '',
      '| calls | requests | requests/s | p50 / p95 / p99 ms | errors |',
      '|---|---|---|---|---|',
      ...pages.map((page) =>
        latencyRow(
          page,
          samples.filter((sample) => sample.page === page),
          seconds,
        ),
      ),
      latencyRow('all', samples, seconds),
      // The first seconds are a cold start (every connection's TLS handshake at once, nothing shared or compiled yet).
      ...(seconds > WARM_AFTER_S * 2
        ? [
            latencyRow(
              `all, from ${WARM_AFTER_S} s on`,
              samples.filter((sample) => sample.at - started >= WARM_AFTER_S * 1000),
              seconds - WARM_AFTER_S,
            ),
          ]
        : []),
      '',
      '| measurement | value |',
      '|---|---|',
      `| ingest: batches posted (failed), records acknowledged, records/s | ${ingested.batches} (${ingested.failed}), ` +
        `${ingested.acknowledged.toLocaleString('en-US')}, ${(ingested.acknowledged / seconds).toFixed(0)} |`,
      `| live dashboards: streams, ingest events received (batches posted ${ingested.batches}) | ${dashboards.length}, ` +
        `${dashboards.map((dashboard) => dashboard.ingestEvents).join(' / ')} |`,
      cpuRow(cpu, samples.length, seconds),
    ];
    if (killedAt !== null) {
      const afterKill = samples.filter((sample) => sample.at + sample.ms >= killedAt!);
      const reconnects = dashboards.flatMap((dashboard) => dashboard.reconnectMs);
      lines.push(
        `| requests after the kill: answered / failed | ${afterKill.filter((sample) => sample.ok).length} / ` +
          `${afterKill.filter((sample) => !sample.ok).length} |`,
        `| dashboards whose stream ended, reconnected: ms from the end to the new stream's answer → its ready (each) | ${dashboards.filter((d) => d.ends > 0).length}, ` +
          `${reconnects.length}: ${reconnects.map((value) => `${value.answered.toFixed(0)} → ${value.ready.toFixed(0)}`).join(', ') || '–'} |`,
      );
    }
    const failures = new Map<string, number>();
    for (const sample of samples) {
      if (sample.failure !== null) failures.set(sample.failure, (failures.get(sample.failure) ?? 0) + 1);
    }
    const listed = (counts: Map<string, number>) =>
      [...counts].map(([reason, count]) => `${reason} × ${count}`).join(', ') || 'none';
    const retried = samples.filter((sample) => sample.retried);
    lines.push(
      `| report calls sent twice (no answer to the first attempt, as the SPA retries): answered / failed | ` +
        `${retried.filter((sample) => sample.ok).length} / ${retried.filter((sample) => !sample.ok).length} |`,
      `| report errors by cause | ${listed(failures)} |`,
      `| ingest errors by cause (seconds into the run) | ${listed(ingestFailures)}` +
        `${ingestFailureTimes.length === 0 ? '' : ` (${ingestFailureTimes.map((at) => at.toFixed(1)).join(', ')})`} |`,
    );
    // The nodes log each connection they closed before its TLS handshake (proxy-protocol.ts: a PROXY header that did
    // not come in time or was malformed): a client sees such a close as ECONNRESET.
    const refused = new Map<string, number>();
    for (const output of nodes.map((node) => node.output())) {
      for (const [, reason = ''] of output.matchAll(/Connection closed: ([^"\n]*)/g)) {
        refused.set(reason, (refused.get(reason) ?? 0) + 1);
      }
    }
    lines.push(`| connections the nodes closed before TLS, by cause | ${listed(refused)} |`);
    // A node HAProxy marks down gets no new connection; with none up, HAProxy closes new ones (a client's ECONNRESET).
    // HAProxy writes each change twice in the foreground (its own warning and the log line): the log line is kept.
    const changes = haproxy.log().flatMap(({ at, line }) => {
      const change = /^<\d+>Server \S+\/(\S+) is (DOWN|UP), reason: ([^,]*)(?:, check duration: (\d+ms))?/.exec(line);
      if (change === null) return [];
      const [, node, state, reason, duration] = change;
      return [`${((at - started) / 1000).toFixed(1)} s ${node} ${state} (${reason}${duration ? `, ${duration}` : ''})`];
    });
    lines.push(`| nodes HAProxy marked down or up (seconds into the run) | ${changes.join('; ') || 'none'} |`);
    const failedDashboards = dashboards.filter((dashboard) => dashboard.failed !== null);
    if (failedDashboards.length > 0)
      lines.push(`| dashboards failed | ${failedDashboards.map((d) => d.failed).join('; ')} |`);
    return lines;
  } finally {
    stopped = true;
    await stopAll(stoppers);
  }
}

async function stopAll(stoppers: (() => Promise<unknown>)[]): Promise<void> {
  for (const stop of stoppers.splice(0).reverse()) await stop().catch(() => undefined);
}
