import { TEST_FLEET } from '../ingest/ingest-test-fleet.ts';

/**
 * Test support (not product code): the deterministic stream of ingest batches that ingest-stream.child.ts sends and
 * ingest-kill.process.test.ts checks after killing it. Batch n opens event n and adds job n (two new records, on the
 * two printers of fleet A, so one transaction spans both) and ends event n-1 (an update): a batch stored in part shows
 * as a job without its event, or an event n whose predecessor never ended.
 */

export const STREAM_TENANT = TEST_FLEET.a.tenantId;
/** The server clock of every batch: after all the stream's timestamps, so none is "in the future". */
export const STREAM_NOW = new Date('2026-06-01T00:00:00Z');
/** The child stops by itself after this many batches (about 7 days of minutes, all before STREAM_NOW). */
export const STREAM_MAX_BATCHES = 10_000;

const START_MS = Date.parse('2026-05-04T00:00:00Z');
const MINUTE = 60_000;
/** Event n lasts this long: batch n+1 sends its end. */
const EVENT_SECONDS = 30;

const iso = (ms: number) => new Date(ms).toISOString();
const startOf = (n: number) => START_MS + n * MINUTE;

export const streamJobId = (n: number) => `stream-job-${n}`;
export const streamEventId = (n: number) => `stream-event-${n}`;
/** The end batch n+1 gives event n. */
export const streamEventEnd = (n: number) => new Date(startOf(n) + EVENT_SECONDS * 1000);

/** Job n, on A-200: one minute from the batch's start. */
export function streamJob(n: number): Record<string, unknown> {
  return {
    kind: 'job',
    id: streamJobId(n),
    serial: 'A-200',
    startedAt: iso(startOf(n)),
    endedAt: iso(startOf(n) + MINUTE),
    impressions: 1 + (n % 7),
  };
}

function streamEvent(n: number, ended: boolean): Record<string, unknown> {
  return {
    kind: 'event',
    id: streamEventId(n),
    serial: 'A-100',
    type: 'error',
    code: 'E-7',
    message: 'Head too hot',
    startedAt: iso(startOf(n)),
    ...(ended ? { endedAt: streamEventEnd(n).toISOString() } : {}),
  };
}

/** Batch n: the end of event n-1 (from n = 1 on), then job n and event n opened without an end. */
export function streamBatch(n: number): Record<string, unknown>[] {
  return [...(n > 0 ? [streamEvent(n - 1, true)] : []), streamJob(n), streamEvent(n, false)];
}

/** The answer ingestTelemetry gives batch n when every batch before it is stored. */
export function streamAnswer(n: number) {
  return { accepted: 2, updated: n > 0 ? 1 : 0, duplicates: 0, rejected: [] };
}

/** The line the child prints once batch n is committed. */
export const ACK = /^ack (\d+) (.*)$/;
