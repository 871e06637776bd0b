/**
 * Throttles password guessing at the embedded identity provider. Failed sign-ins are counted per account (the e-mail as
 * typed, lower-cased, whether or not it exists, so the answer never tells which addresses are accounts) and per client
 * address, each within a sliding window. Reaching a limit locks that key for a while: the first lock lasts `lockMs`,
 * each further lock of the same key doubles it up to `maxLockMs`. Every lock expires, and while a key is locked its
 * attempts are refused before the password is checked, so they neither count nor extend the lock: an attacker can keep
 * an account waiting at most `maxLockMs` at a time, never lock it for good. A successful sign-in clears the account's
 * failures and lock history; the address keeps its count, so one known password does not reset a guessing client.
 *
 * This is the rule over one map of key states. In the portal the states live in the database, shared by every node
 * (shared-login-throttle.ts loads an attempt's two keys into a map, applies this rule and saves them); a map of its
 * own in memory serves tests and tools.
 */

export interface LoginThrottleOptions {
  /** Failures of one account within the window that lock it. */
  maxAccountFailures: number;
  /** Failures from one client address within the window that lock it (higher: offices share an address). */
  maxAddressFailures: number;
  windowMs: number;
  /** The first lock of a key; each further one doubles, up to maxLockMs. */
  lockMs: number;
  maxLockMs: number;
  /** Keys kept at most; idle ones are dropped first, then unlocked ones, locked ones last. */
  maxKeys?: number;
  now?: () => number;
}

export interface SignInAttempt {
  /** The e-mail as typed. */
  account: string;
  /** The client's address (the socket's peer: the portal trusts no proxy header). */
  address: string;
}

export type ThrottleScope = 'account' | 'address';

export type ThrottleCheck = { allowed: true } | { allowed: false; scope: ThrottleScope; retryAfterMs: number };

export interface FailureOutcome {
  /** Failures of the account and of the address within the window, this one included. */
  accountFailures: number;
  addressFailures: number;
  /** Set when this failure locked a key. */
  lock: { scope: ThrottleScope; retryAfterMs: number; lockNumber: number } | null;
}

export interface LoginThrottle {
  /** Whether an attempt may check its password now. */
  check(attempt: SignInAttempt): ThrottleCheck;
  recordFailure(attempt: SignInAttempt): FailureOutcome;
  recordSuccess(attempt: SignInAttempt): void;
}

export interface KeyState {
  /** Times of the failures within the window, oldest first. */
  failures: number[];
  lockedUntil: number;
  /** Locks so far: the next one lasts lockMs * 2^locks. Forgotten once a full maxLockMs passes without a failure. */
  locks: number;
  lastFailure: number;
}

const DEFAULT_MAX_KEYS = 100_000;

export function accountKey(email: string): string {
  return email.trim().toLowerCase();
}

/** The keys an attempt is counted under: its account and its client address. */
export const throttleKeyOf = (scope: ThrottleScope, attempt: SignInAttempt) =>
  scope === 'account' ? `account:${accountKey(attempt.account)}` : `address:${attempt.address}`;

export function createLoginThrottle(
  options: LoginThrottleOptions,
  states: Map<string, KeyState> = new Map(),
): LoginThrottle {
  const now = options.now ?? Date.now;
  const maxKeys = options.maxKeys ?? DEFAULT_MAX_KEYS;
  const keyOf = throttleKeyOf;

  /** The state of a key with its expired failures dropped, and its lock history forgotten after a quiet spell. */
  function current(key: string, at: number): KeyState | undefined {
    const state = states.get(key);
    if (state === undefined) return undefined;
    state.failures = state.failures.filter((time) => time > at - options.windowMs);
    if (state.locks > 0 && at >= Math.max(state.lockedUntil, state.lastFailure) + options.maxLockMs) state.locks = 0;
    return state;
  }

  function isIdle(state: KeyState, at: number): boolean {
    return state.failures.length === 0 && state.lockedUntil <= at && state.locks === 0;
  }

  /** Drops idle keys, then unlocked ones oldest first (Map keeps insertion order), then, if need be, the oldest. */
  function makeRoom(at: number): void {
    if (states.size < maxKeys) return;
    const drop = (keep: (state: KeyState) => boolean) => {
      for (const key of [...states.keys()]) {
        if (states.size < maxKeys) return;
        const state = current(key, at);
        if (state === undefined || !keep(state)) states.delete(key);
      }
    };
    for (const [key, state] of states) if (isIdle(current(key, at) ?? state, at)) states.delete(key);
    drop((state) => state.lockedUntil > at);
    drop(() => false);
  }

  function fail(scope: ThrottleScope, attempt: SignInAttempt, at: number, limit: number) {
    const key = keyOf(scope, attempt);
    let state = current(key, at);
    if (state === undefined) {
      makeRoom(at);
      state = { failures: [], lockedUntil: 0, locks: 0, lastFailure: at };
      states.set(key, state);
    }
    state.failures.push(at);
    state.lastFailure = at;
    const count = state.failures.length;
    if (count < limit) return { count, lock: null };
    const lockMs = Math.min(options.lockMs * 2 ** state.locks, options.maxLockMs);
    state.locks += 1;
    state.lockedUntil = at + lockMs;
    state.failures = [];
    return { count, lock: { scope, retryAfterMs: lockMs, lockNumber: state.locks } };
  }

  return {
    check(attempt) {
      const at = now();
      for (const scope of ['account', 'address'] as const) {
        const state = current(keyOf(scope, attempt), at);
        if (state !== undefined && state.lockedUntil > at) {
          return { allowed: false, scope, retryAfterMs: state.lockedUntil - at };
        }
      }
      return { allowed: true };
    },
    recordFailure(attempt) {
      const at = now();
      const account = fail('account', attempt, at, options.maxAccountFailures);
      const address = fail('address', attempt, at, options.maxAddressFailures);
      return { accountFailures: account.count, addressFailures: address.count, lock: account.lock ?? address.lock };
    },
    recordSuccess(attempt) {
      states.delete(keyOf('account', attempt));
    },
  };
}
