/**
 * The sign-in throttle shared by every portal node (issue #29 item 3): the rule of login-throttle.ts over key states
 * kept in the database (`sign_in_throttle`, migration 029) instead of one process's memory, so a guesser who is sent
 * round robin to three nodes meets one count and one lock, and a restart forgets nothing.
 * Each attempt loads its two keys (account and client address) into a map, applies the rule and saves what changed,
 * in one transaction; a failure or a success first takes transaction-level advisory locks on its keys (in key order),
 * so concurrent attempts on one key — on any node — are counted one after the other. Keys idle longer than the window
 * plus the longest lock (no failures, no lock, lock history forgotten) are deleted as failures come in.
 */
import { sql, type Kysely } from 'kysely';
import type { Database } from '../db/schema.ts';
import {
  createLoginThrottle,
  throttleKeyOf,
  type FailureOutcome,
  type KeyState,
  type LoginThrottle,
  type LoginThrottleOptions,
  type SignInAttempt,
  type ThrottleCheck,
} from './login-throttle.ts';

export interface SharedLoginThrottle {
  /** Whether an attempt may check its password now. */
  check(attempt: SignInAttempt): Promise<ThrottleCheck>;
  recordFailure(attempt: SignInAttempt): Promise<FailureOutcome>;
  recordSuccess(attempt: SignInAttempt): Promise<void>;
}

/** One process's throttle behind the shared interface (tests drive it on a test clock). */
export function inProcessThrottle(throttle: LoginThrottle): SharedLoginThrottle {
  return {
    check: async (attempt) => throttle.check(attempt),
    recordFailure: async (attempt) => throttle.recordFailure(attempt),
    recordSuccess: async (attempt) => throttle.recordSuccess(attempt),
  };
}

export function databaseLoginThrottle(db: Kysely<Database>, options: LoginThrottleOptions): SharedLoginThrottle {
  const now = options.now ?? Date.now;
  const idleMs = options.windowMs + options.maxLockMs;

  async function withKeys<T>(attempt: SignInAttempt, write: boolean, apply: (throttle: LoginThrottle) => T) {
    const keys = [throttleKeyOf('account', attempt), throttleKeyOf('address', attempt)].sort();
    return db.transaction().execute(async (trx) => {
      if (write) {
        await sql`SELECT pg_advisory_xact_lock(hashtext(k)) FROM unnest(${keys}::text[]) AS k ORDER BY k`.execute(trx);
      }
      const rows = await trx.selectFrom('sign_in_throttle').select(['key', 'state']).where('key', 'in', keys).execute();
      const states = new Map(rows.map((row) => [row.key, row.state as unknown as KeyState]));
      const saved = new Map(rows.map((row) => [row.key, JSON.stringify(row.state)]));
      const result = apply(createLoginThrottle({ ...options, now }, states));
      if (!write) return result;
      const at = new Date(now());
      for (const key of keys) {
        const state = states.get(key);
        if (state === undefined) {
          if (saved.has(key)) await trx.deleteFrom('sign_in_throttle').where('key', '=', key).execute();
          continue;
        }
        const text = JSON.stringify(state);
        if (text === saved.get(key)) continue;
        await trx
          .insertInto('sign_in_throttle')
          .values({ key, state: text, updated_at: at })
          .onConflict((conflict) => conflict.column('key').doUpdateSet({ state: text, updated_at: at }))
          .execute();
      }
      await trx
        .deleteFrom('sign_in_throttle')
        .where('updated_at', '<', new Date(at.getTime() - idleMs))
        .execute();
      return result;
    });
  }

  return {
    check: (attempt) => withKeys(attempt, false, (throttle) => throttle.check(attempt)),
    recordFailure: (attempt) => withKeys(attempt, true, (throttle) => throttle.recordFailure(attempt)),
    recordSuccess: (attempt) => withKeys(attempt, true, (throttle) => throttle.recordSuccess(attempt)),
  };
}
