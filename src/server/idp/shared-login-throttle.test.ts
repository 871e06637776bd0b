import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { PortalDatabase } from '../db/database.ts';
import { openTestDatabase } from '../db/test-database.ts';
import type { LoginThrottleOptions, SignInAttempt } from './login-throttle.ts';
import { databaseLoginThrottle } from './shared-login-throttle.ts';

const MINUTE = 60_000;
const clock = { now: 1_000_000 };
const OPTIONS: LoginThrottleOptions = {
  maxAccountFailures: 5,
  maxAddressFailures: 20,
  windowMs: 15 * MINUTE,
  lockMs: MINUTE,
  maxLockMs: 15 * MINUTE,
  now: () => clock.now,
};

let database: PortalDatabase;
beforeAll(async () => {
  database = await openTestDatabase();
});
afterAll(async () => {
  await database.close();
});

/** Two portal nodes: each its own throttle object over the one database. */
const nodes = () => [databaseLoginThrottle(database.db, OPTIONS), databaseLoginThrottle(database.db, OPTIONS)] as const;

describe('the sign-in throttle shared through the database', () => {
  it('counts failures sent to different nodes as one, and locks the account on every node', async () => {
    const [first, second] = nodes();
    const carol: SignInAttempt = { account: 'carol@example.com', address: '10.9.0.1' };
    for (let failure = 1; failure <= 4; failure += 1) {
      const node = failure % 2 === 0 ? second : first;
      expect(await node.recordFailure(carol)).toEqual({
        accountFailures: failure,
        addressFailures: failure,
        lock: null,
      });
    }
    expect((await first.recordFailure(carol)).lock).toEqual({ scope: 'account', retryAfterMs: MINUTE, lockNumber: 1 });
    clock.now += 20_000;
    expect(await second.check(carol)).toEqual({ allowed: false, scope: 'account', retryAfterMs: 40_000 });
    clock.now += 40_000;
    expect(await first.check(carol)).toEqual({ allowed: true });
  });

  it('clears an account on every node after a successful sign-in on one, keeping its address count', async () => {
    const [first, second] = nodes();
    const dave: SignInAttempt = { account: 'dave@example.com', address: '10.9.0.2' };
    await first.recordFailure(dave);
    await second.recordFailure(dave);
    await second.recordSuccess(dave);
    expect(await first.recordFailure(dave)).toEqual({ accountFailures: 1, addressFailures: 3, lock: null });
  });

  it('counts concurrent failures on two nodes one after the other (none lost)', async () => {
    const [first, second] = nodes();
    const attempts = Array.from({ length: 12 }, (_, index) => ({
      account: `erin${index}@example.com`,
      address: '10.9.0.3',
    }));
    const outcomes = await Promise.all(
      attempts.map((attempt, index) => (index % 2 === 0 ? first : second).recordFailure(attempt)),
    );
    expect(outcomes.map((outcome) => outcome.addressFailures).sort((a, b) => a - b)).toEqual(
      Array.from({ length: 12 }, (_, index) => index + 1),
    );
  });

  it('forgets keys idle for longer than the window and the longest lock', async () => {
    const [first] = nodes();
    const frank: SignInAttempt = { account: 'frank@example.com', address: '10.9.0.4' };
    await first.recordFailure(frank);
    const keys = async () =>
      (await database.db.selectFrom('sign_in_throttle').select('key').where('key', 'like', '%frank%').execute()).length;
    expect(await keys()).toBe(1);
    clock.now += OPTIONS.windowMs + OPTIONS.maxLockMs + 1;
    await first.recordFailure({ account: 'grace@example.com', address: '10.9.0.5' });
    expect(await keys()).toBe(0);
  });
});
