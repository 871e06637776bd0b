import { describe, expect, it } from 'vitest';
import { tokenBuckets } from './token-bucket.ts';

describe('token buckets of the public API', () => {
  it('allows a burst of the capacity, then refuses until tokens refill at the given rate', () => {
    let now = 0;
    const buckets = tokenBuckets({ capacity: 3, perSecond: 2 }, () => now);
    expect([1, 2, 3].map(() => buckets.take('a').allowed)).toEqual([true, true, true]);
    expect(buckets.take('a')).toEqual({ allowed: false, retryAfterSeconds: 1 });
    now += 500; // one token back
    expect(buckets.take('a').allowed).toBe(true);
    expect(buckets.take('a').allowed).toBe(false);
    now += 10_000; // refilled, never beyond the capacity
    expect([1, 2, 3, 4].map(() => buckets.take('a').allowed)).toEqual([true, true, true, false]);
  });

  it('counts each key apart', () => {
    const buckets = tokenBuckets({ capacity: 1, perSecond: 1 }, () => 0);
    expect(buckets.take('a').allowed).toBe(true);
    expect(buckets.take('a').allowed).toBe(false);
    expect(buckets.take('b').allowed).toBe(true);
  });
});
