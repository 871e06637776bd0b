import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { PortalDatabase } from '../db/database.ts';
import { openTestDatabase } from '../db/test-database.ts';
import { tokenBuckets } from './token-bucket.ts';

let database: PortalDatabase;
beforeAll(async () => {
  database = await openTestDatabase();
});
afterAll(async () => {
  await database.close();
});

const clock = { now: Date.parse('2026-11-29T10:00:00Z') };
const at = () => new Date(clock.now);

describe('token buckets of the public API, kept in the database', () => {
  it('allows a burst of the capacity, then refuses until tokens refill at the given rate', async () => {
    const buckets = tokenBuckets(database.db, { capacity: 3, perSecond: 2 }, at);
    const takes = async (count: number) => {
      const allowed: boolean[] = [];
      for (let i = 0; i < count; i += 1) allowed.push((await buckets.take('burst')).allowed);
      return allowed;
    };
    expect(await takes(3)).toEqual([true, true, true]);
    expect(await buckets.take('burst')).toEqual({ allowed: false, retryAfterSeconds: 1 });
    clock.now += 500; // one token back
    expect(await takes(2)).toEqual([true, false]);
    clock.now += 10_000; // refilled, never beyond the capacity
    expect(await takes(4)).toEqual([true, true, true, false]);
  });

  it('counts each key apart', async () => {
    const buckets = tokenBuckets(database.db, { capacity: 1, perSecond: 1 }, at);
    expect((await buckets.take('a')).allowed).toBe(true);
    expect((await buckets.take('a')).allowed).toBe(false);
    expect((await buckets.take('b')).allowed).toBe(true);
  });

  it('counts the requests two portal nodes take, one after the other or at the same moment, against one bucket', async () => {
    const limit = { capacity: 10, perSecond: 0.001 };
    const [first, second] = [tokenBuckets(database.db, limit, at), tokenBuckets(database.db, limit, at)];
    const answers = await Promise.all(
      Array.from({ length: 16 }, (_, i) => (i % 2 === 0 ? first : second).take('shared')),
    );
    expect(answers.filter((answer) => answer.allowed)).toHaveLength(10);
    expect((await first.take('shared')).allowed).toBe(false);
    expect((await second.take('shared')).allowed).toBe(false);
  });

  it('forgets buckets that have filled up again', async () => {
    const buckets = tokenBuckets(database.db, { capacity: 2, perSecond: 1 }, at);
    await buckets.take('idle');
    clock.now += 61_000; // full after 2 s; the next sweep (at most once a minute) deletes it
    await buckets.take('busy');
    const { rows } = await sql<{ thumbprint: string }>`SELECT thumbprint FROM api_rate_buckets`.execute(database.db);
    expect(rows.map((row) => row.thumbprint)).not.toContain('idle');
    expect(rows.map((row) => row.thumbprint)).toContain('busy');
  });
});
