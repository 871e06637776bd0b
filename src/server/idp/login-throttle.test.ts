import { describe, expect, it } from 'vitest';
import { createLoginThrottle, type LoginThrottleOptions, type SignInAttempt } from './login-throttle.ts';

const MINUTE = 60_000;

function throttleAt(overrides: Partial<LoginThrottleOptions> = {}) {
  const clock = { now: 1_000_000 };
  const throttle = createLoginThrottle({
    maxAccountFailures: 5,
    maxAddressFailures: 20,
    windowMs: 15 * MINUTE,
    lockMs: MINUTE,
    maxLockMs: 15 * MINUTE,
    now: () => clock.now,
    ...overrides,
  });
  return { throttle, clock };
}

const alice: SignInAttempt = { account: 'alice@example.com', address: '10.0.0.1' };
const bob: SignInAttempt = { account: 'bob@example.com', address: '10.0.0.2' };

describe('login throttle', () => {
  it('locks an account for a minute at its fifth failure within the window, and the lock expires', () => {
    const { throttle, clock } = throttleAt();
    for (let failure = 1; failure <= 4; failure += 1) {
      expect(throttle.recordFailure(alice)).toEqual({ accountFailures: failure, addressFailures: failure, lock: null });
      expect(throttle.check(alice)).toEqual({ allowed: true });
    }
    expect(throttle.recordFailure(alice).lock).toEqual({ scope: 'account', retryAfterMs: MINUTE, lockNumber: 1 });
    clock.now += 20_000;
    expect(throttle.check(alice)).toEqual({ allowed: false, scope: 'account', retryAfterMs: 40_000 });
    clock.now += 40_000;
    expect(throttle.check(alice)).toEqual({ allowed: true });
  });

  it('counts the same account whatever the case and spaces of the typed e-mail, from any address', () => {
    const { throttle } = throttleAt();
    for (let failure = 0; failure < 5; failure += 1) {
      throttle.recordFailure({ account: ` Alice@Example.COM `, address: `10.1.0.${failure}` });
    }
    expect(throttle.check(alice)).toMatchObject({ allowed: false, scope: 'account' });
  });

  it('forgets failures older than the window', () => {
    const { throttle, clock } = throttleAt();
    for (let failure = 0; failure < 4; failure += 1) throttle.recordFailure(alice);
    clock.now += 15 * MINUTE;
    expect(throttle.recordFailure(alice)).toMatchObject({ accountFailures: 1, lock: null });
  });

  it('doubles each further lock of the same account up to the cap', () => {
    const { throttle, clock } = throttleAt();
    const locks: number[] = [];
    for (let round = 0; round < 6; round += 1) {
      for (let failure = 0; failure < 5; failure += 1) {
        const { lock } = throttle.recordFailure({ ...alice, address: `10.2.${round}.${failure}` });
        if (lock !== null) {
          locks.push(lock.retryAfterMs / MINUTE);
          clock.now += lock.retryAfterMs;
        }
      }
    }
    expect(locks).toEqual([1, 2, 4, 8, 15, 15]);
  });

  it('starts again at one minute after a quiet spell as long as the longest lock', () => {
    const { throttle, clock } = throttleAt();
    for (let failure = 0; failure < 5; failure += 1) throttle.recordFailure(alice);
    clock.now += MINUTE + 15 * MINUTE;
    for (let failure = 0; failure < 4; failure += 1) throttle.recordFailure(alice);
    expect(throttle.recordFailure(alice).lock).toMatchObject({ retryAfterMs: MINUTE, lockNumber: 1 });
  });

  it('leaves other accounts alone', () => {
    const { throttle } = throttleAt();
    for (let failure = 0; failure < 5; failure += 1) throttle.recordFailure(alice);
    expect(throttle.check(bob)).toEqual({ allowed: true });
    expect(throttle.check({ account: bob.account, address: alice.address })).toEqual({ allowed: true });
  });

  it('locks a client address that tries many accounts, for every account it tries', () => {
    const { throttle } = throttleAt();
    for (let failure = 1; failure < 20; failure += 1) {
      throttle.recordFailure({ account: `user${failure}@example.com`, address: '10.9.9.9' });
    }
    const last = throttle.recordFailure({ account: 'user20@example.com', address: '10.9.9.9' });
    expect(last).toEqual({
      accountFailures: 1,
      addressFailures: 20,
      lock: { scope: 'address', retryAfterMs: MINUTE, lockNumber: 1 },
    });
    expect(throttle.check({ account: 'new@example.com', address: '10.9.9.9' })).toMatchObject({
      allowed: false,
      scope: 'address',
    });
    expect(throttle.check({ account: 'new@example.com', address: '10.9.9.10' })).toEqual({ allowed: true });
  });

  it('clears the account on success but keeps the count of the address', () => {
    const { throttle } = throttleAt();
    for (let failure = 0; failure < 4; failure += 1) throttle.recordFailure(alice);
    throttle.recordSuccess(alice);
    expect(throttle.recordFailure(alice)).toEqual({ accountFailures: 1, addressFailures: 5, lock: null });
  });

  it('keeps at most maxKeys keys: a spray of fresh e-mails and addresses does not unlock a locked account', () => {
    const { throttle, clock } = throttleAt({ maxKeys: 6 });
    for (let failure = 0; failure < 5; failure += 1) throttle.recordFailure(alice);
    for (let sprayed = 0; sprayed < 50; sprayed += 1) {
      clock.now += 1000;
      throttle.recordFailure({ account: `spray${sprayed}@example.com`, address: `10.3.0.${sprayed}` });
    }
    expect(throttle.check(alice)).toMatchObject({ allowed: false, scope: 'account' });
    clock.now += MINUTE;
    expect(throttle.check(alice)).toEqual({ allowed: true });
  });
});
