/**
 * `npm run bench -- lag`: event-loop delay (perf_hooks.monitorEventLoopDelay) of the thread serving HTTP while report
 * requests and an ingest stream run together. The server is the real app listening on a local port over a cached
 * fleet (PGlite in its worker thread, as in production); the load comes from lag-load.worker.ts. The ingest stream is
 * simulated history of the days just before the fleet's oldest day, so every run ingests new records and the fleet
 * keeps its newest days; the fleet's build record counts the days added that way.
 */
import type { AddressInfo } from 'node:net';
import { loadavg } from 'node:os';
import { monitorEventLoopDelay } from 'node:perf_hooks';
import { Worker } from 'node:worker_threads';
import { createIngestToken } from '../../src/server/ingest/ingest-tokens.ts';
import { MAX_INGEST_RECORDS } from '../../src/shared/contract/health.contract.ts';
import { addDays } from '../../src/shared/time/local-time.ts';
import { simulatePlannedSystemDay } from '../../src/server/simulator/simulate.ts';
import type { TelemetryRecord } from '../../src/server/ingest/telemetry.schema.ts';
import { createBenchApp } from './bench-app.ts';
import type { BenchFleet } from './bench-fleet.ts';
import { benchParameters, filterAndStateEndpoints } from './endpoint-latency.ts';
import { fleetHeading } from './endpoints-bench.ts';
import { formatMs, formatSummary, summarise } from './latency-stats.ts';
import type { LagLoadInput, LagLoadResult } from './lag-load.worker.ts';

/** The target of issue 3: the HTTP thread never stalls longer than this while reports and ingest run together. */
export const LAG_TARGET_MS = 20;

export interface LagOptions {
  /** Days of the tenant's history the gateway sends (the days before the fleet's oldest day). */
  ingestDays: number;
  /** Concurrent report users. */
  clients: number;
  /** Records per ingest call. */
  batchSize: number;
  /** Length of the phases without ingest. */
  durationMs: number;
}

/** The tenant's systems' simulated records of the `days` days ending the day before `before`, in batches. */
export function backfillBatches(
  fleet: BenchFleet,
  tenantId: string,
  before: string,
  days: number,
  batchSize: number,
): TelemetryRecord[][] {
  const serials = fleet.plan.systems.filter((s) => s.tenantId === tenantId).map((s) => s.serialNumber);
  const records: TelemetryRecord[] = [];
  for (let back = days; back >= 1; back -= 1) {
    const day = addDays(before, -back);
    for (const serial of serials) records.push(...simulatePlannedSystemDay(fleet.plan, serial, day));
  }
  const batches: TelemetryRecord[][] = [];
  for (let start = 0; start < records.length; start += batchSize) batches.push(records.slice(start, start + batchSize));
  return batches;
}

function runLoad(input: LagLoadInput): Promise<LagLoadResult> {
  return new Promise((resolve, reject) => {
    const worker = new Worker(new URL('./lag-load.worker.ts', import.meta.url), { workerData: input });
    worker.once('message', (result: LagLoadResult) => resolve(result));
    worker.once('error', reject);
    worker.once('exit', (code) => {
      if (code !== 0) reject(new Error(`the load worker exited with ${code}`));
    });
  });
}

const nsToMs = (ns: number) => ns / 1e6;

interface Phase {
  label: string;
  clients: number;
  batches: TelemetryRecord[][];
}

interface PhaseResult {
  phase: Phase;
  load: LagLoadResult;
  lag: { p50: number; p99: number; max: number };
}

/** Event-loop delay of this thread while the load worker runs one phase (nothing at all for the idle phase). */
async function measurePhase(phase: Phase, base: Omit<LagLoadInput, 'batches' | 'clients'>): Promise<PhaseResult> {
  const delay = monitorEventLoopDelay({ resolution: 5 });
  delay.enable();
  const load =
    phase.clients === 0 && phase.batches.length === 0
      ? await new Promise<LagLoadResult>((resolve) =>
          setTimeout(() => resolve({ ingestedRecords: 0, ingestMs: 0, reportLatenciesMs: [] }), base.durationMs),
        )
      : await runLoad({ ...base, clients: phase.clients, batches: phase.batches });
  delay.disable();
  return {
    phase,
    load,
    lag: { p50: nsToMs(delay.percentile(50)), p99: nsToMs(delay.percentile(99)), max: nsToMs(delay.max) },
  };
}

function phaseRow({ phase, load, lag }: PhaseResult): string {
  const seconds = load.ingestMs / 1000;
  const ingest =
    load.ingestedRecords === 0
      ? '—'
      : `${load.ingestedRecords.toLocaleString('en-US')} records in ${seconds.toFixed(1)} s (${Math.round(load.ingestedRecords / seconds).toLocaleString('en-US')} records/s)`;
  const reports =
    load.reportLatenciesMs.length === 0
      ? '—'
      : `${load.reportLatenciesMs.length} requests, p50 / p95 ${formatSummary(summarise(load.reportLatenciesMs))}`;
  return `| ${phase.label} | ${ingest} | ${reports} | ${formatMs(lag.p50)} / ${formatMs(lag.p99)} / ${formatMs(lag.max)} ms |`;
}

export async function benchEventLoopLag(fleet: BenchFleet, options: LagOptions): Promise<string[]> {
  if (options.batchSize > MAX_INGEST_RECORDS) throw new Error(`batches hold at most ${MAX_INGEST_RECORDS} records`);
  const { app, tenantId, authorization } = await createBenchApp(fleet.db, fleet.plan);
  try {
    await app.listen({ host: '127.0.0.1', port: 0 });
    const { port } = app.server.address() as AddressInfo;
    const { group, serialNumber } = benchParameters(fleet.plan, tenantId);
    // Two stretches of new days before the fleet's oldest day: one for ingest alone, one for ingest beside reports.
    const oldestDay = addDays(fleet.build.from, -fleet.build.backfilledDays);
    const together = backfillBatches(fleet, tenantId, oldestDay, options.ingestDays, options.batchSize);
    const alone = backfillBatches(
      fleet,
      tenantId,
      addDays(oldestDay, -options.ingestDays),
      options.ingestDays,
      options.batchSize,
    );
    const ingestToken = await createIngestToken(fleet.db, tenantId);
    const base = {
      baseUrl: `http://127.0.0.1:${port}`,
      authorization,
      ingestAuthorization: `Bearer ${ingestToken}`,
      endpoints: filterAndStateEndpoints(group, serialNumber, fleet.build.to),
      durationMs: options.durationMs,
    };
    const phases: Phase[] = [
      { label: 'idle (machine baseline)', clients: 0, batches: [] },
      { label: `reports only, ${options.clients} users`, clients: options.clients, batches: [] },
      { label: 'ingest only', clients: 0, batches: alone },
      { label: `reports (${options.clients} users) + ingest together`, clients: options.clients, batches: together },
    ];
    const results: PhaseResult[] = [];
    for (const phase of phases) results.push(await measurePhase(phase, base));
    await fleet.saveBuild({ ...fleet.build, backfilledDays: fleet.build.backfilledDays + 2 * options.ingestDays });

    return [
      `### Event-loop lag, ${fleetHeading(fleet)}`,
      '',
      `Ingest: ${options.ingestDays} days of tenant ${tenantId}'s simulated history per phase, POST /api/ingest/telemetry in calls of up to ` +
        `${options.batchSize.toLocaleString('en-US')} records over HTTP; report users cycle through the 10 filter and state endpoints ` +
        `(phases without ingest run ${options.durationMs / 1000} s); 1-minute load average of the machine ${(loadavg()[0] ?? 0).toFixed(1)} at the end.`,
      '',
      `| phase | ingest | report requests | event-loop delay p50 / p99 / max (target ≤ ${LAG_TARGET_MS} ms) |`,
      '|---|---|---|---|',
      ...results.map(phaseRow),
      '',
    ];
  } finally {
    await app.close();
  }
}
