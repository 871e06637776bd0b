import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../config.ts';
import { openDatabase, type PortalDatabase } from '../db/database.ts';
import { openTestDatabase } from '../db/test-database.ts';
import {
  ACK,
  STREAM_NOW,
  STREAM_TENANT,
  streamAnswer,
  streamBatch,
  streamEventEnd,
  streamEventId,
  streamJob,
} from '../testing/ingest-stream.ts';
import { expectRollupsFromRaw } from '../testing/raw-rollups.ts';
import { storedFactCount } from '../testing/stored-facts.ts';
import { ingestTelemetry } from './ingest-telemetry.ts';

/**
 * kill -9 in the middle of a stream of ingest batches: every batch the portal answered is stored, and what a batch
 * wrote is there whole or not at all, on the data folder the portal reopens (PGlite: WAL replay and the stale lockfile
 * of the killed process) or on the PostgreSQL database. The database is PGlite in the `node` project and the server of
 * TEST_DATABASE_URL in the `postgres` project (this file imports test-database.ts, so that project runs it again),
 * never both in one run.
 */

const CHILD = fileURLToPath(new URL('../testing/ingest-stream.child.ts', import.meta.url));
const ROOT = fileURLToPath(new URL('../../../', import.meta.url));
const SERVER_URL = process.env['TEST_DATABASE_URL'] ?? '';
const ON_POSTGRES = SERVER_URL !== '';
/** Batches answered before the kill: enough that the kill lands in a stream of steady ingest, not in its start. */
const ACKS_BEFORE_KILL = 30;
/** The child creates a PGlite cluster first (about 5 s on two cores, more under load) or migrates an empty database. */
const ACKS_TIMEOUT_MS = 60_000;
/** Tells the killed child's server sessions apart from the test's own (pg_stat_activity.application_name). */
const CHILD_APPLICATION = 'ingest-stream-child';
/** The same for the test's reopened database. */
const REOPENED_APPLICATION = 'ingest-kill-reopened';
/** Settings the child must not inherit from the shell that runs the tests: it gets only the database it is given. */
const INHERITED_PORTAL_SETTINGS = /^(PORTAL_|DATABASE_URL$)/;

interface StreamChild {
  child: ChildProcess;
  /** Acknowledged batches in the order printed: n, the answer and when the test read it (performance.now()). */
  acks: { n: number; answer: unknown; at: number }[];
  /** stdout lines that are not acks (there should be none). */
  strayLines: string[];
  output(): string;
  /** Resolves once the process has exited and its stdout and stderr are read to the end. */
  closed: Promise<{ code: number | null; signal: NodeJS.Signals | null }>;
  /** Called after each chunk of stdout has been read. */
  onStdout: Set<() => void>;
}

function startStreamChild(databaseEnv: Record<string, string>): StreamChild {
  const env = Object.fromEntries(
    Object.entries(process.env).filter(([name]) => !INHERITED_PORTAL_SETTINGS.test(name)),
  ) as NodeJS.ProcessEnv;
  // The Node running the tests (the project's Node 24), which runs the TypeScript sources as the portal does.
  const child = spawn(process.execPath, [CHILD], {
    cwd: ROOT,
    env: { ...env, ...databaseEnv },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const stream: StreamChild = {
    child,
    acks: [],
    strayLines: [],
    output: () => output,
    closed: new Promise((resolve) => child.once('close', (code, signal) => resolve({ code, signal }))),
    onStdout: new Set(),
  };
  let output = '';
  let partial = '';
  child.stdout?.on('data', (chunk: Buffer) => {
    output += chunk.toString();
    const lines = (partial + chunk.toString()).split('\n');
    partial = lines.pop() ?? '';
    for (const line of lines) {
      const match = ACK.exec(line);
      if (match === null) stream.strayLines.push(line);
      else stream.acks.push({ n: Number(match[1]), answer: JSON.parse(match[2] ?? ''), at: performance.now() });
    }
    for (const listener of stream.onStdout) listener();
  });
  child.stderr?.on('data', (chunk: Buffer) => (output += chunk.toString()));
  return stream;
}

/** Resolves once the child has acknowledged `count` batches; rejects with its output if it exits or times out first. */
function waitForAcks(stream: StreamChild, count: number, timeoutMs: number): Promise<void> {
  const { child } = stream;
  return new Promise((resolve, reject) => {
    const done = (error?: Error) => {
      clearTimeout(timer);
      stream.onStdout.delete(onAcks);
      child.off('exit', onExit);
      if (error === undefined) resolve();
      else reject(error);
    };
    const onAcks = () => {
      if (stream.acks.length >= count) done();
    };
    const onExit = (code: number | null, signal: NodeJS.Signals | null) =>
      done(
        new Error(
          `The ingest child exited (${signal ?? `code ${code}`}) after ${stream.acks.length} acks:\n${stream.output()}`,
        ),
      );
    const timer = setTimeout(
      () =>
        done(
          new Error(
            `The ingest child acknowledged ${stream.acks.length} of ${count} batches in ${timeoutMs} ms:\n${stream.output()}`,
          ),
        ),
      timeoutMs,
    );
    stream.onStdout.add(onAcks);
    child.once('exit', onExit);
    onAcks();
  });
}

/** Open server sessions of the test database with this application_name. */
async function sessionsOf(database: PortalDatabase, application: string): Promise<number> {
  const { rows } = await sql<{ sessions: number }>`SELECT count(*)::int AS sessions FROM pg_stat_activity
    WHERE datname = current_database() AND application_name = ${application}`.execute(database.db);
  return rows[0]?.sessions ?? 0;
}

/**
 * A killed client's PostgreSQL session lives on until the server reads the closed socket, and a COMMIT it had sent may
 * still complete then: the stored state is final only once those sessions are gone.
 */
async function waitForSessionsToEnd(
  database: PortalDatabase,
  timeoutMs: number,
  application = CHILD_APPLICATION,
): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    if ((await sessionsOf(database, application)) === 0) return;
    if (Date.now() > deadline) throw new Error(`The ${application} sessions were still open after ${timeoutMs} ms`);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

/** The batch a stream record's id names (its trailing number). */
const batchOf = (id: string) => Number(/(\d+)$/.exec(id)?.[1] ?? Number.NaN);
const upTo = (last: number) => Array.from({ length: last + 1 }, (_, n) => n);

describe(`ingest killed with SIGKILL mid-stream (${ON_POSTGRES ? 'PostgreSQL' : 'PGlite data folder'})`, () => {
  let dataDir: string | null = null;
  let testDatabase: PortalDatabase | null = null;
  let stream: StreamChild | null = null;
  let exit: { code: number | null; signal: NodeJS.Signals | null } | null = null;
  /** The lockfile's content right after the kill (PGlite), null when there was none. */
  let lockAfterKill: string | null = null;
  let reopened: PortalDatabase | null = null;
  /** The last batch the child acknowledged. */
  let lastAck = -1;
  /** How long after the ACKS_BEFORE_KILL-th ack the signal was sent (in failure messages: where the kill landed). */
  let killDelayMs = 0;
  /** The last batch stored whole (-1: none); -2 until measured. */
  let lastStored = -2;

  beforeAll(async () => {
    let databaseEnv: Record<string, string>;
    if (ON_POSTGRES) {
      testDatabase = await openTestDatabase();
      const url = new URL(testDatabase.connectionString ?? '');
      url.searchParams.set('application_name', CHILD_APPLICATION);
      databaseEnv = { DATABASE_URL: url.toString() };
    } else {
      dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'ingest-kill-'));
      databaseEnv = { PORTAL_DATA_DIR: dataDir };
    }

    stream = startStreamChild(databaseEnv);
    await waitForAcks(stream, ACKS_BEFORE_KILL, ACKS_TIMEOUT_MS);
    // Right after an ack the child is still validating its next batch, outside the transaction (about 95% of a batch
    // is spent inside it): a random wait of up to two batches makes the kill land anywhere in the stream, its commits
    // included, over the runs. Every point must pass, so the wait varies what is tested, not whether it passes.
    const first = stream.acks[0]?.at ?? 0;
    const batchMs = ((stream.acks.at(-1)?.at ?? first) - first) / (stream.acks.length - 1);
    killDelayMs = Math.round(Math.random() * 2 * batchMs);
    await new Promise((resolve) => setTimeout(resolve, killDelayMs));
    stream.child.kill('SIGKILL');
    exit = await stream.closed;
    lastAck = stream.acks.at(-1)?.n ?? -1;

    if (dataDir !== null) {
      const lockPath = path.join(dataDir, 'db', 'portal.lock');
      lockAfterKill = fs.existsSync(lockPath) ? fs.readFileSync(lockPath, 'utf8').trim() : null;
      // The portal's own opening path: the stale lockfile, then PostgreSQL's recovery from the WAL, then migrate.
      reopened = await openDatabase(loadConfig({ PORTAL_DATA_DIR: dataDir }, ROOT), { log: () => undefined });
    } else if (testDatabase !== null) {
      await waitForSessionsToEnd(testDatabase, 30_000);
      const url = new URL(testDatabase.connectionString ?? '');
      url.searchParams.set('application_name', REOPENED_APPLICATION);
      reopened = await openDatabase(loadConfig({ DATABASE_URL: url.toString() }, ROOT), { log: () => undefined });
    }
  }, 120_000);

  afterAll(async () => {
    if (stream !== null && stream.child.exitCode === null && stream.child.signalCode === null) {
      stream.child.kill('SIGKILL');
      await stream.closed;
    }
    await reopened?.close();
    await testDatabase?.close();
    if (dataDir !== null) fs.rmSync(dataDir, { recursive: true, force: true });
  });

  const database = (): PortalDatabase => {
    if (reopened === null) throw new Error('The database was not reopened (see beforeAll)');
    return reopened;
  };

  it('was killed by the signal while streaming, after answering every batch in order with exact counts', () => {
    expect(exit).toEqual({ code: null, signal: 'SIGKILL' });
    expect(stream?.strayLines).toEqual([]);
    const acks = stream?.acks ?? [];
    expect(acks.length).toBeGreaterThanOrEqual(ACKS_BEFORE_KILL);
    expect(acks.map((ack) => ack.n)).toEqual(upTo(lastAck));
    for (const { n, answer } of acks) expect(answer, `answer of batch ${n}`).toEqual(streamAnswer(n));
  });

  it('was taken over by the reopened database: its lockfile (PGlite), its server session (PostgreSQL)', async () => {
    if (testDatabase !== null) {
      expect(await sessionsOf(testDatabase, CHILD_APPLICATION)).toBe(0);
      expect(await sessionsOf(testDatabase, REOPENED_APPLICATION)).toBeGreaterThan(0);
    } else {
      expect(lockAfterKill).toBe(String(stream?.child.pid));
      expect(fs.readFileSync(path.join(dataDir ?? '', 'db', 'portal.lock'), 'utf8').trim()).toBe(String(process.pid));
    }
  });

  it('stores every acknowledged batch and, beyond them, whole batches only', async () => {
    const { db } = database();
    const jobs = await db.selectFrom('jobs').where('tenant_id', '=', STREAM_TENANT).select('id').execute();
    const events = await db
      .selectFrom('events')
      .where('tenant_id', '=', STREAM_TENANT)
      .select(['id', 'ended_at'])
      .execute();
    const jobBatches = jobs.map((row) => batchOf(row.id)).sort((a, b) => a - b);
    lastStored = jobBatches.length - 1;
    const landed = `killed ${killDelayMs} ms after ack ${ACKS_BEFORE_KILL - 1}: acknowledged up to batch ${lastAck}, jobs stored up to ${lastStored}`;
    // Batches are stored from 0 without a gap, each with its event; the batch in flight at the kill may have committed
    // (its ack never printed), no later one can have started.
    expect(jobBatches, landed).toEqual(upTo(lastStored));
    expect(lastStored, landed).toBeGreaterThanOrEqual(lastAck);
    expect(lastStored, landed).toBeLessThanOrEqual(lastAck + 1);
    const ends = new Map(events.map((row) => [batchOf(row.id), row.ended_at]));
    expect(
      [...ends.keys()].sort((a, b) => a - b),
      landed,
    ).toEqual(upTo(lastStored));
    // Each stored batch n > 0 ended event n-1; the last one's event is still open.
    for (const n of upTo(lastStored)) {
      expect(ends.get(n), `end of event ${n}; ${landed}`).toEqual(n < lastStored ? streamEventEnd(n) : null);
    }

    expect(await storedFactCount(db), landed).toBe(2 * (lastStored + 1));
    // The same transaction moved the printers' last update and the rollups: they match the stored batches exactly.
    const systems = await db
      .selectFrom('systems')
      .where('tenant_id', '=', STREAM_TENANT)
      .select(['serial_number', 'last_reported_at'])
      .orderBy('serial_number')
      .execute();
    expect(systems).toEqual([
      { serial_number: 'A-100', last_reported_at: new Date(String(streamBatch(lastStored).at(-1)?.['startedAt'])) },
      { serial_number: 'A-200', last_reported_at: new Date(String(streamJob(lastStored)['endedAt'])) },
    ]);
    await expectRollupsFromRaw(db, upTo(lastStored).map(streamJob));
  });

  it('ingests after the restart: the batch in flight at the kill, resent, and the next one count as they should', async () => {
    expect(lastStored, 'the previous test measured what is stored').toBeGreaterThanOrEqual(0);
    const { db } = database();
    const ingest = (n: number) => ingestTelemetry(db, STREAM_TENANT, streamBatch(n), { now: STREAM_NOW });
    // A gateway without an answer for the batch in flight sends it again: stored already, it is all duplicates.
    const inFlight = lastAck + 1;
    const resent = await ingest(inFlight);
    expect(resent).toEqual(
      lastStored === inFlight
        ? { accepted: 0, updated: 0, duplicates: streamBatch(inFlight).length, rejected: [] }
        : streamAnswer(inFlight),
    );
    expect(await ingest(inFlight + 1)).toEqual(streamAnswer(inFlight + 1));
    const ended = await db
      .selectFrom('events')
      .where('tenant_id', '=', STREAM_TENANT)
      .where('id', '=', streamEventId(inFlight))
      .select('ended_at')
      .executeTakeFirstOrThrow();
    expect(ended.ended_at).toEqual(streamEventEnd(inFlight));
    await expectRollupsFromRaw(db, upTo(inFlight + 1).map(streamJob));
  });

  it('closes the reopened database, leaving nothing of it open: its lockfile (PGlite), its sessions (PostgreSQL)', async () => {
    await database().close();
    reopened = null;
    if (testDatabase !== null) await waitForSessionsToEnd(testDatabase, 10_000, REOPENED_APPLICATION);
    else expect(fs.existsSync(path.join(dataDir ?? '', 'db', 'portal.lock'))).toBe(false);
  });
});
