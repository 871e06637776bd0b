import { createHash, randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { PortalDatabase } from '../db/database.ts';
import { loadConfig } from '../config.ts';
import { openTestDatabase } from '../db/test-database.ts';
import { DEMO_PASSWORD, seedDemoAccounts } from './demo-accounts.ts';
import { createTestCertificate, HttpsSession, startIdpTestServer, type IdpTestServer } from './idp-test-harness.ts';
import { databaseLoginThrottle } from './shared-login-throttle.ts';

// The sign-in form of the real provider over HTTPS, with the shared (database) throttle of the default configuration
// on a test clock.
const clock = { now: Date.parse('2026-11-25T09:00:00Z') };
let database: PortalDatabase;
let server: IdpTestServer;
let ca: string;
const logLines: Record<string, unknown>[] = [];

beforeAll(async () => {
  const [opened, tls] = await Promise.all([openTestDatabase(), createTestCertificate()]);
  database = opened;
  ca = tls.ca;
  await seedDemoAccounts(database.db);
  const throttle = databaseLoginThrottle(database.db, { ...loadConfig({}).signInThrottle, now: () => clock.now });
  const logStream = { write: (line: string) => void logLines.push(JSON.parse(line) as Record<string, unknown>) };
  server = await startIdpTestServer({ db: database.db, tls, throttle, logStream });
});

afterAll(async () => {
  await server?.close();
  await database?.close();
});

/** A fresh browser at the sign-in page of a new authorization request; returns the page's URL. */
async function openSignInPage(): Promise<{ session: HttpsSession; url: string }> {
  const session = new HttpsSession(server.config.publicUrl, ca);
  const authorize = new URL(`${server.config.oidc.issuer}/auth`);
  authorize.search = new URLSearchParams({
    client_id: server.config.oidc.clientId,
    redirect_uri: `${server.config.publicUrl}/redirect.html`,
    response_type: 'code',
    scope: 'openid profile',
    code_challenge: createHash('sha256').update(randomBytes(32).toString('base64url')).digest('base64url'),
    code_challenge_method: 'S256',
  }).toString();
  const response = await session.get(authorize.href);
  expect(response.status).toBe(303);
  return { session, url: response.location ?? '' };
}

describe('sign-in throttling at the embedded provider', () => {
  it('answers 429 with Retry-After from the fifth wrong password, and lets the right one in after the lock', async () => {
    const { session, url } = await openSignInPage();
    const tryPassword = (password: string) => session.postForm(url, { email: 'goals@northwind.demo', password });

    for (let attempt = 1; attempt <= 4; attempt += 1) {
      const wrong = await tryPassword(`wrong-${attempt}`);
      expect(wrong.status).toBe(200);
      expect(wrong.body).toContain('Invalid email or password');
    }
    const fifth = await tryPassword('wrong-5');
    expect(fifth.status).toBe(429);
    expect(fifth.headers['retry-after']).toBe('60');
    expect(fifth.body).toContain(
      '<p class="error" role="alert">Too many failed sign-in attempts. Please wait 1 minute and try again.</p>',
    );

    // While locked even the right password is refused, without being checked.
    clock.now += 45_000;
    const early = await tryPassword(DEMO_PASSWORD);
    expect(early.status).toBe(429);
    expect(early.headers['retry-after']).toBe('15');

    // Another account, from the same client, signs in as usual.
    const other = await openSignInPage();
    const otherLogin = await other.session.postForm(other.url, {
      email: 'admin@northwind.demo',
      password: DEMO_PASSWORD,
    });
    expect(otherLogin.status).toBe(303);

    clock.now += 15_000;
    const afterLock = await tryPassword(DEMO_PASSWORD);
    expect(afterLock.status).toBe(303);
    expect(afterLock.location).toMatch(new RegExp(`^${server.config.oidc.issuer}/auth/`));

    // The audit trail: a line per failure and one for the lock, with account, address and counts, never the password.
    const audit = logLines.filter((line) => line['account'] === 'goals@northwind.demo');
    expect(audit.map((line) => [line['msg'], line['accountFailures'] ?? line['lockSeconds']])).toEqual([
      ['sign-in failed', 1],
      ['sign-in failed', 2],
      ['sign-in failed', 3],
      ['sign-in failed', 4],
      ['sign-in failed', 5],
      ['sign-in locked', 60],
    ]);
    expect(audit.at(-1)).toMatchObject({ level: 40, address: '127.0.0.1', lockedScope: 'account', lockNumber: 1 });
    expect(JSON.stringify(logLines)).not.toMatch(/wrong-\d/);
    expect(JSON.stringify(logLines)).not.toContain(DEMO_PASSWORD);
  });

  it('counts an unknown e-mail like a known one, so the answer does not tell which accounts exist', async () => {
    const { session, url } = await openSignInPage();
    const answers: number[] = [];
    for (let attempt = 0; attempt < 5; attempt += 1) {
      answers.push((await session.postForm(url, { email: 'nobody@northwind.demo', password: 'guess' })).status);
    }
    expect(answers).toEqual([200, 200, 200, 200, 429]);
    clock.now += 60_000;
  });
});
