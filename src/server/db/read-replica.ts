/**
 * Report reads on a PostgreSQL hot-standby replica (issue #29 item 2, `DATABASE_REPLICA_URL`), with two guarantees:
 * - **read-your-writes**: a request that wrote hands its client the primary's WAL position after the commit (a cookie,
 *   tenant-request.ts); a later read that carries it goes to the replica only once the replica has replayed that far
 *   (waiting up to READ_AFTER_WAIT_MS), else to the primary;
 * - **bounded staleness**: a probe measures the replica's lag every LAG_PROBE_MS; while it is more than MAX_LAG_MS behind
 *   (or does not answer) every read goes to the primary. A report is never older than that bound, so the pages need no
 *   "data as of" note.
 */
import { sql, type Kysely } from 'kysely';
import { createKysely, postgresPool } from './database.ts';
import { repeatTask } from './repeat-task.ts';
import type { Database } from './schema.ts';

export const LAG_PROBE_MS = 1000;
/** Reads go to the primary while the replica is further behind than this (a report refresh interval is 60 s). */
export const MAX_LAG_MS = 5000;
/** How long a read waits for the replica to replay its client's last write before it goes to the primary. */
export const READ_AFTER_WAIT_MS = 500;

export interface ReplicaLag {
  /** WAL bytes the replica has still to replay (0: caught up). */
  bytes: number;
  /** 0 when caught up, else how long ago the primary was where the replica is (to the probe interval). */
  ms: number;
}

export interface ReadReplica {
  db: Kysely<Database>;
  /** The last probe's view: null when the replica did not answer. */
  lag(): ReplicaLag | null;
  /** Whether reads may go to the replica now (answering, within MAX_LAG_MS). */
  usable(): boolean;
  /** Whether the replica has replayed the primary's WAL up to `lsn` (waits up to READ_AFTER_WAIT_MS). */
  caughtUpTo(lsn: string): Promise<boolean>;
  close(): Promise<void>;
}

/**
 * The primary's WAL position past every transaction committed before this call: the insert position, which is past a
 * commit record even before it is flushed (`synchronous_commit = off`). What a writer's later reads wait for.
 */
export async function primaryLsn(primary: Kysely<Database>): Promise<string> {
  const { rows } = await sql<{ lsn: string }>`SELECT pg_current_wal_insert_lsn()::text AS lsn`.execute(primary);
  return rows[0]?.lsn ?? '0/0';
}

/** The primary's WAL flushed so far: what a caught-up replica has replayed (the lag probe's reference). */
async function primaryFlushedLsn(primary: Kysely<Database>): Promise<string> {
  const { rows } = await sql<{ lsn: string }>`SELECT pg_current_wal_flush_lsn()::text AS lsn`.execute(primary);
  return rows[0]?.lsn ?? '0/0';
}

/** A WAL position as PostgreSQL prints it (e.g. 0/16B3748): what a client may send back. */
export const LSN_PATTERN = /^[0-9A-F]{1,8}\/[0-9A-F]{1,8}$/i;

/** A WAL position as a number (PostgreSQL prints it as two 32-bit halves in hex). */
export function lsnValue(lsn: string): bigint {
  const [high = '0', low = '0'] = lsn.split('/');
  return (BigInt(`0x${high}`) << 32n) + BigInt(`0x${low}`);
}

/** The primary's WAL positions of the last probes, to tell how long ago the replica's position was the primary's. */
const LSN_HISTORY_MS = 3 * MAX_LAG_MS;

/**
 * Lag without writing anything: each probe notes the primary's WAL position and when; the replica is as far behind
 * in time as the oldest noted position it has not replayed yet (0 when it has replayed the newest).
 */
function lagMeter(primary: Kysely<Database>, replica: Kysely<Database>) {
  const seen: { at: number; lsn: bigint }[] = [];
  return async (): Promise<ReplicaLag> => {
    const at = Date.now();
    const current = lsnValue(await primaryFlushedLsn(primary));
    seen.push({ at, lsn: current });
    while (seen.length > 1 && (seen[0]?.at ?? at) < at - LSN_HISTORY_MS) seen.shift();
    const { rows } = await sql<{ replayed: string | null }>`
      SELECT pg_last_wal_replay_lsn()::text AS replayed`.execute(replica);
    const replayedText = rows[0]?.replayed ?? null;
    if (replayedText === null) throw new Error('DATABASE_REPLICA_URL names a server that is not a standby');
    const replayed = lsnValue(replayedText);
    const firstMissed = seen.find((sample) => sample.lsn > replayed);
    return {
      bytes: current > replayed ? Number(current - replayed) : 0,
      ms: firstMissed === undefined ? 0 : Date.now() - firstMissed.at,
    };
  };
}

export function openReadReplica(
  url: string,
  primary: Kysely<Database>,
  options: { maxConnections: number; onError?: (error: unknown) => void },
): ReadReplica {
  const db = createKysely(
    postgresPool({ connectionString: url, max: options.maxConnections, application_name: 'fleet-portal-reads' }),
  );
  let lag: ReplicaLag | null = null;
  const measure = lagMeter(primary, db);
  const probe = async () => {
    lag = await measure().catch((error: unknown) => {
      options.onError?.(error);
      return null;
    });
  };
  const stopProbe = repeatTask(probe, LAG_PROBE_MS, () => undefined, { atOnce: true });
  return {
    db,
    lag: () => lag,
    usable: () => lag !== null && lag.ms <= MAX_LAG_MS,
    async caughtUpTo(lsn) {
      const deadline = Date.now() + READ_AFTER_WAIT_MS;
      for (;;) {
        const { rows } = await sql<{ done: boolean }>`
          SELECT coalesce(pg_last_wal_replay_lsn() >= ${lsn}::pg_lsn, false) AS done`.execute(db);
        if (rows[0]?.done === true) return true;
        if (Date.now() >= deadline) return false;
        await new Promise((resolve) => setTimeout(resolve, 20));
      }
    },
    async close() {
      stopProbe();
      await db.destroy();
    },
  };
}
