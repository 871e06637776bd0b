/**
 * The portal's HTTP server over a cached benchmark fleet, in a process of its own, for `npm run bench -- jobs-xlsx`:
 * the peak RSS it reports is that of a process serving the download (PGlite's worker thread included), not the
 * benchmark's. Started by scripts/bench/jobs-xlsx.ts with fork(); argv[2] is a JSON `JobsXlsxServerArgs`.
 * Messages: it sends `ready` (port, authorization) once listening; `start` resets the RSS peak and captures the
 * statements until `stop`, which answers with them and the RSS figures; `exit` closes the app and the fleet.
 */
import fs from 'node:fs';
import type { AddressInfo } from 'node:net';
import { createBenchApp } from './bench-app.ts';
import { openBenchFleet, type FleetSpec } from './bench-fleet.ts';
import type { BenchTarget } from './endpoints-bench.ts';
import type { CapturedStatement } from './copy-out.ts';

export interface JobsXlsxServerArgs {
  target: BenchTarget;
  spec: FleetSpec;
  /** PORTAL_EXPORT_INK_JOBS of the server: the jobs the ink download may hold. */
  inkExportJobs: number;
}

export type JobsXlsxServerMessage =
  | { type: 'ready'; port: number; authorization: string }
  | { type: 'started'; rssBefore: number }
  | { type: 'stopped'; statements: CapturedStatement[]; peakRss: number; maxRss: number };

/** How often the resident set size is sampled while the download runs. */
const RSS_SAMPLE_MS = 10;

/**
 * The most memory this process has held resident in its life (`VmHWM` of /proc/self/status). Not getrusage's maxRSS:
 * Linux carries that across exec, so a forked child reports its parent's size at the fork when that was larger (the
 * benchmark process after PGlite's COPY runs: 341 MB reported for a server that never went above 250 MB).
 */
function residentHighWaterMark(): number {
  const line = fs
    .readFileSync('/proc/self/status', 'utf8')
    .split('\n')
    .find((entry) => entry.startsWith('VmHWM:'));
  return Number(/(\d+)/.exec(line ?? '')?.[1] ?? Number.NaN) * 1024;
}

const send = (message: JobsXlsxServerMessage) => process.send?.(message);

const args = JSON.parse(process.argv[2] ?? '{}') as JobsXlsxServerArgs;
const fleet = await openBenchFleet(args.spec, args.target);
const { app, authorization } = await createBenchApp(fleet.db, fleet.plan, {
  PORTAL_EXPORT_INK_JOBS: String(args.inkExportJobs),
});
await app.listen({ host: '127.0.0.1', port: 0 });

let peakRss = 0;
const sample = () => {
  peakRss = Math.max(peakRss, process.memoryUsage.rss());
};
const sampler = setInterval(sample, RSS_SAMPLE_MS);
let stopCapture: () => void = () => undefined;
let capturing: Promise<CapturedStatement[]> = Promise.resolve([]);

process.on('message', (message: { type: 'start' | 'stop' | 'exit' }) => {
  if (message.type === 'start') {
    peakRss = process.memoryUsage.rss();
    capturing = fleet.capture.during(() => new Promise<void>((resolve) => (stopCapture = resolve)));
    send({ type: 'started', rssBefore: peakRss });
  } else if (message.type === 'stop') {
    stopCapture();
    void capturing.then((statements) => {
      sample();
      send({
        type: 'stopped',
        statements: statements.map((statement) => ({ sql: statement.sql, parameters: [...statement.parameters] })),
        peakRss,
        maxRss: residentHighWaterMark(),
      });
    });
  } else {
    clearInterval(sampler);
    void app
      .close()
      .then(() => fleet.close())
      .then(() => process.disconnect());
  }
});
send({ type: 'ready', port: (app.server.address() as AddressInfo).port, authorization });
