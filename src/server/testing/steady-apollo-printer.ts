import { daysFromTo } from '../../shared/time/local-time.ts';
import type { TelemetryRecord } from '../ingest/telemetry.schema.ts';
import type { SystemProfile } from '../simulator/fleet-plan.ts';
import type { SimulatedSystem } from '../simulator/fleet-plan.ts';
import { simulateSystemDay } from '../simulator/printer-model.ts';
import { rngFor } from '../simulator/rng.ts';
import type { PrintedJob, TimeSpan } from '../reports/tv-dashboard/printed-impressions.ts';

/**
 * Simulated Apollo printers for the Live Dashboard's XMR tests (docs/benchmarks.md "Live Dashboard XMR flags"): the
 * simulator's Apollo jobs (sizes, 4–8 s per impression, runs of 1–3 jobs with 4–15 minutes of preparation) on a
 * printer that never errs, idles or loses its gateway; only the simulator's occasional maintenance and the purge at
 * the start of its worked day stop it.
 */

/** A printer that prints whenever it can. */
export const STEADY_APOLLO_PROFILE: SystemProfile = {
  utilization: 1,
  errorRate: 0,
  darkShare: 0.3,
  offOutsideShifts: false,
  gapChance: 0,
  jobScale: 1,
};

const MINUTE_MS = 60_000;
/** The longest preparation between two runs of the simulated Apollo (group-behaviour.ts): a longer gap is a stop. */
const LONGEST_PREPARATION_MS = 15 * MINUTE_MS;

type JobRecord = Extract<TelemetryRecord, { kind: 'job' }>;

/** Every record the simulated printer sends for the local days `from` … `to` (the same records on every run). */
export function simulatePrinter(
  system: SimulatedSystem,
  timeZone: string,
  from: string,
  to: string,
  seed: number,
): TelemetryRecord[] {
  return daysFromTo(from, to).flatMap((day) =>
    simulateSystemDay(system, day, timeZone, rngFor(seed, system.serialNumber, day), {
      nightRng: (morning) => rngFor(seed, system.serialNumber, morning, 'night'),
    }),
  );
}

function jobRecordsOf(records: readonly TelemetryRecord[]): JobRecord[] {
  return records.filter((record): record is JobRecord => record.kind === 'job');
}

/** The jobs of the records as the XMR series reads them, ordered by start. */
export function printedJobsOf(records: readonly TelemetryRecord[]): PrintedJob[] {
  return jobRecordsOf(records)
    .map((job) => ({ start: Date.parse(job.startedAt), end: Date.parse(job.endedAt), impressions: job.impressions }))
    .sort((a, b) => a.start - b.start);
}

/** The stretches in `span` without a job printing (ordered jobs). */
export function notPrinting(jobs: readonly PrintedJob[], span: TimeSpan): TimeSpan[] {
  const gaps: TimeSpan[] = [];
  let cursor = span.start;
  for (const job of jobs) {
    if (job.end <= cursor) continue;
    if (job.start >= span.end) break;
    if (job.start > cursor) gaps.push({ start: cursor, end: job.start });
    cursor = job.end;
  }
  if (cursor < span.end) gaps.push({ start: cursor, end: span.end });
  return gaps;
}

/** Whether the printer printed through `span` without a stop: no stretch without printing longer than a preparation. */
export function printedWithoutStop(jobs: readonly PrintedJob[], span: TimeSpan): boolean {
  return notPrinting(jobs, span).every((gap) => gap.end - gap.start <= LONGEST_PREPARATION_MS);
}

/** The jobs with a stop of `minutes` injected at `at`: every job starting then or later starts that much later. */
export function withStop<Job extends { start: number; end: number }>(
  jobs: readonly Job[],
  at: number,
  minutes: number,
): Job[] {
  const delay = minutes * MINUTE_MS;
  return jobs.map((job) => (job.start >= at ? { ...job, start: job.start + delay, end: job.end + delay } : job));
}
