/**
 * Runs PGlite on its own thread: PGlite executes on the thread that calls it and blocks it
 * (measured: 8 queued report queries stalled the event loop 0.5 s), so the HTTP thread only posts messages here.
 *
 * Queries go through pg's Client over PGlite's node-postgres adapter, so parameters are serialised and
 * results parsed by exactly the same code as with a real PostgreSQL server (timestamptz → Date, int8/numeric → string,
 * arrays, json/jsonb parsed): Kysely sees no difference between the two databases.
 *
 * Durability: PGlite starts PostgreSQL with fsync off (-F), and Emscripten's NODEFS has no fsync at all.
 * We start it with fsync on and wal_sync_method=open_datasync, which opens the WAL with O_DSYNC (NODEFS passes it to
 * the real file as O_SYNC), so every commit is on disk before it is acknowledged, and after a clean shutdown we fsync the
 * whole data folder ourselves. What stays unprotected while running: the data-file fsyncs of a checkpoint are no-ops, so
 * an operating-system crash or power loss shortly after a checkpoint can lose or tear pages the WAL no longer covers.
 * A process crash (kill -9) loses nothing that was committed. Use PostgreSQL (DATABASE_URL) where that matters.
 */
import fs from 'node:fs';
import path from 'node:path';
import { parentPort, workerData } from 'node:worker_threads';
import { PGlite } from '@electric-sql/pglite';
import { createPgConfig } from '@electric-sql/pglite/node-postgres';
import pg from 'pg';
import {
  PG_ERROR_FIELDS,
  type PgliteErrorData,
  type PgliteQueryResult,
  type PgliteRequest,
  type PgliteResponse,
  type PgliteWorkerData,
} from './pglite-protocol.ts';

const port = parentPort;
if (port === null) throw new Error('pglite.worker.ts must run as a worker thread');
const { dataDir, template } = workerData as PgliteWorkerData;

/**
 * PostgreSQL keeps up to max_wal_size (1 GB by default) of WAL segments for reuse: after the 400-day demo history that was
 * 1.1 GB of a 1.8 GB data folder, beside a 0.7 GB database. 64 MB makes checkpoints come sooner while a history is
 * filled (measured in docs/benchmarks.md) and lets the folder shrink back after each one; no warning about checkpoints
 * coming often, which would only land in the console.
 */
const WAL_SIZE = ['-c', 'max_wal_size=64MB', '-c', 'min_wal_size=32MB', '-c', 'checkpoint_warning=0'];

const startParams = PGlite.defaultStartParams
  .filter((param) => param !== '-F')
  .concat(['-c', 'wal_sync_method=open_datasync', ...WAL_SIZE]);

const pglite = new PGlite({
  ...(dataDir === null ? {} : { dataDir }),
  ...(template === null ? {} : { loadDataDir: new Blob([fs.readFileSync(template)]) }),
  startParams,
});
// pg accepts a ready-made connection object; PGlite's adapter provides one that speaks the wire protocol in-process.
const client = new pg.Client(createPgConfig(pglite) as unknown as pg.ClientConfig);
const ready = pglite.waitReady.then(() => client.connect());
// A failed start is reported to the first request (the pool sends one right away), not as an unhandled rejection.
ready.catch(() => undefined);

/** fsync every file and folder under `dir` (about 1,000 files, 0.2 s): what PostgreSQL's own fsyncs cannot do here. */
function syncTree(dir: string): void {
  for (const entry of fs.readdirSync(dir, { withFileTypes: true })) {
    const child = path.join(dir, entry.name);
    if (entry.isDirectory()) syncTree(child);
    else if (entry.isFile()) syncPath(child);
  }
  syncPath(dir);
}

function syncPath(target: string): void {
  const fd = fs.openSync(target, 'r');
  try {
    fs.fsyncSync(fd);
  } finally {
    fs.closeSync(fd);
  }
}

function toResult(result: pg.QueryResult | pg.QueryResult[]): PgliteQueryResult {
  // A multi-statement text (migrations) yields one result per statement; callers only read the last one.
  const last = Array.isArray(result) ? result[result.length - 1] : result;
  return {
    rows: (last?.rows ?? []) as Record<string, unknown>[],
    rowCount: last?.rowCount ?? 0,
    command: last?.command ?? '',
    fields: (last?.fields ?? []).map((field) => ({ name: field.name, dataTypeID: field.dataTypeID })),
  };
}

function toErrorData(error: unknown): PgliteErrorData {
  if (!(error instanceof Error)) return { message: String(error) };
  const data: PgliteErrorData = { message: error.message };
  for (const field of PG_ERROR_FIELDS) {
    const value = (error as unknown as Record<string, unknown>)[field];
    if (typeof value === 'string') data[field] = value;
  }
  return data;
}

async function handle(request: PgliteRequest): Promise<PgliteResponse> {
  try {
    await ready;
    if (request.type === 'close') {
      await client.end();
      await pglite.close();
      if (dataDir !== null) syncTree(dataDir);
      return { id: request.id, ok: true, result: null };
    }
    if (request.type === 'dump') {
      const tarball = await pglite.dumpDataDir('none');
      fs.writeFileSync(request.file, Buffer.from(await tarball.arrayBuffer()));
      return { id: request.id, ok: true, result: null };
    }
    const result = (await client.query(request.text, [...request.values])) as pg.QueryResult | pg.QueryResult[];
    return { id: request.id, ok: true, result: toResult(result) };
  } catch (error) {
    return { id: request.id, ok: false, error: toErrorData(error) };
  }
}

// Requests are handled strictly one after another: PGlite has a single connection.
let queue: Promise<void> = Promise.resolve();
port.on('message', (request: PgliteRequest) => {
  queue = queue.then(async () => {
    const response = await handle(request);
    port.postMessage(response);
    if (request.type === 'close') port.close();
  });
});
