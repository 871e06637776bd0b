import { sql, type Kysely } from 'kysely';
import type { Database } from '../db/schema.ts';

/** How many requests one client certificate may make: a burst of `capacity`, refilled at `perSecond`. */
export interface RateLimit {
  capacity: number;
  perSecond: number;
}

/** The public data API's default: bursts of 30 requests, 2 a second (120 a minute) sustained, per certificate. */
export const DEFAULT_RATE_LIMIT: RateLimit = { capacity: 30, perSecond: 2 };

/** Whether a request may go ahead, and when the next one may when it may not. */
export type TakeResult = { allowed: true } | { allowed: false; retryAfterSeconds: number };

/** How often a node deletes the buckets that have filled up again (so the table holds only recent callers). */
const SWEEP_INTERVAL_MS = 60_000;

/**
 * Token buckets, one per key (a certificate's thumbprint), refilled continuously, kept in the database
 * (`api_rate_buckets`, migration 031) so every portal node counts against the same bucket (issue #29 item 3). One
 * statement takes a token: an upsert that refills the bucket for the time since its last request and takes a token if
 * a whole one is there; the row lock of `ON CONFLICT DO UPDATE` puts concurrent requests — on any node — one after the
 * other. `clock` gives the time (tests pin it).
 */
export function tokenBuckets(db: Kysely<Database>, limit: RateLimit, clock: () => Date = () => new Date()) {
  const fullAfterSeconds = limit.capacity / limit.perSecond;
  let sweptAt = Number.NEGATIVE_INFINITY;

  async function sweep(now: Date): Promise<void> {
    if (now.getTime() - sweptAt < SWEEP_INTERVAL_MS) return;
    sweptAt = now.getTime();
    await sql`DELETE FROM api_rate_buckets
      WHERE at < ${now}::timestamptz - make_interval(secs => ${fullAfterSeconds}::float8)`.execute(db);
  }

  return {
    async take(key: string): Promise<TakeResult> {
      const now = clock();
      const refilled = sql`LEAST(${limit.capacity}::float8, b.tokens + GREATEST(0, EXTRACT(EPOCH FROM (EXCLUDED.at - b.at))::float8) * ${limit.perSecond}::float8)`;
      const { rows } = await sql<{ tokens: number; allowed: boolean }>`
        INSERT INTO api_rate_buckets AS b (thumbprint, tokens, at, allowed)
        VALUES (${key}, ${limit.capacity - 1}::float8, ${now}::timestamptz, true)
        ON CONFLICT (thumbprint) DO UPDATE SET
          tokens = CASE WHEN ${refilled} >= 1 THEN ${refilled} - 1 ELSE ${refilled} END,
          at = GREATEST(b.at, EXCLUDED.at),
          allowed = ${refilled} >= 1
        RETURNING tokens, allowed`.execute(db);
      await sweep(now);
      const bucket = rows[0];
      if (bucket === undefined) throw new Error('The rate-limit upsert returned no row');
      if (bucket.allowed) return { allowed: true };
      return { allowed: false, retryAfterSeconds: Math.ceil((1 - Number(bucket.tokens)) / limit.perSecond) };
    },
  };
}

export type TokenBuckets = ReturnType<typeof tokenBuckets>;
