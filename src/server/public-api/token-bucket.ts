/** How many requests one client certificate may make: a burst of `capacity`, refilled at `perSecond`. */
export interface RateLimit {
  capacity: number;
  perSecond: number;
}

/** The public data API's default: bursts of 30 requests, 2 a second (120 a minute) sustained, per certificate. */
export const DEFAULT_RATE_LIMIT: RateLimit = { capacity: 30, perSecond: 2 };

/** Whether a request may go ahead, and when the next one may when it may not. */
export type TakeResult = { allowed: true } | { allowed: false; retryAfterSeconds: number };

interface Bucket {
  tokens: number;
  at: number;
}

/**
 * Token buckets, one per key (a certificate's thumbprint), refilled continuously; `clock` in ms (tests pin it). Full
 * buckets are forgotten, so the map holds only keys that made requests lately. In memory: replicas count apart.
 */
export function tokenBuckets(limit: RateLimit, clock: () => number = Date.now) {
  const buckets = new Map<string, Bucket>();
  const refilled = (bucket: Bucket, now: number): number =>
    Math.min(limit.capacity, bucket.tokens + ((now - bucket.at) / 1000) * limit.perSecond);

  return {
    take(key: string): TakeResult {
      const now = clock();
      const existing = buckets.get(key);
      const tokens = existing === undefined ? limit.capacity : refilled(existing, now);
      if (tokens < 1) {
        buckets.set(key, { tokens, at: now });
        return { allowed: false, retryAfterSeconds: Math.ceil((1 - tokens) / limit.perSecond) };
      }
      buckets.set(key, { tokens: tokens - 1, at: now });
      // Forget buckets that have filled up again, now and then, so the map does not grow with every key ever seen.
      if (buckets.size > 1000) {
        for (const [other, bucket] of buckets) if (refilled(bucket, now) >= limit.capacity) buckets.delete(other);
      }
      return { allowed: true };
    },
  };
}

export type TokenBuckets = ReturnType<typeof tokenBuckets>;
