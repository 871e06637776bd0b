/**
 * Test support (not product code), run as its own process by ingest-kill.process.test.ts: opens the database the way
 * the portal does (loadConfig + openDatabase: a PGlite data folder under PORTAL_DATA_DIR with the portal's durability
 * settings and lockfile, or DATABASE_URL), seeds test fleet A unless it is there, then ingests streamBatch(0), (1), …
 * and prints `ack <n> <answer as JSON>` on stdout only once batch n's ingestTelemetry has resolved, i.e. committed.
 * It runs until it is killed; STREAM_MAX_BATCHES only bounds a child whose parent is gone.
 */
import { loadConfig } from '../config.ts';
import { openDatabase } from '../db/database.ts';
import { ingestTelemetry } from '../ingest/ingest-telemetry.ts';
import { seedTestFleet } from '../ingest/ingest-test-fleet.ts';
import { STREAM_MAX_BATCHES, STREAM_NOW, STREAM_TENANT, streamBatch } from './ingest-stream.ts';

// stdout carries the acks only: progress lines of the database's first start go to stderr.
const database = await openDatabase(loadConfig(), { log: (line) => console.error(line) });
const seeded = await database.db.selectFrom('tenants').where('id', '=', STREAM_TENANT).select('id').executeTakeFirst();
if (seeded === undefined) await seedTestFleet(database.db);

for (let n = 0; n < STREAM_MAX_BATCHES; n += 1) {
  const answer = await ingestTelemetry(database.db, STREAM_TENANT, streamBatch(n), { now: STREAM_NOW });
  // A write to a pipe is synchronous on Linux (Node's process I/O): once this returns, the parent gets the line even if
  // this process is killed on the next statement.
  process.stdout.write(`ack ${n} ${JSON.stringify(answer)}\n`);
}
await database.close();
