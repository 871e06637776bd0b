import { createHash, randomBytes } from 'node:crypto';
import type { ParsedMail } from 'mailparser';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { ROLE } from '../../shared/auth/roles.ts';
import type { CaptchaChallenge } from '../../shared/contract/user-access.contract.ts';
import {
  freePort,
  HttpsSession,
  createTestCertificate,
  startIdpTestServer,
  type IdpTestServer,
  type TlsMaterial,
} from '../idp/idp-test-harness.ts';
import { createApiTestHarness, type ApiTestHarness, type TestIdentity } from '../testing/api-test-harness.ts';
import { startSmtpInbox, type SmtpInbox } from '../testing/smtp-inbox.ts';

// Invitations, password resets and the reset captcha (issue #28; spec shell §2 Account Management, §4 Invitation,
// §7 POST /api/users/{id}/invitation and /password-reset with X-Recaptcha-Token, §8 "Failed password reset opens the
// captcha dialog"). The API and the embedded identity provider share one database; the e-mails go through a real
// SMTP server; links are opened and passwords set as a browser would, then the user signs in at the real provider.

const T = 'tenant-access';
const OTHER = 'tenant-access-other';
const admin: TestIdentity = { sub: 'u-access-admin', tenantId: T, roles: [ROLE.Admin] };
const viewer: TestIdentity = { sub: 'u-access-viewer', tenantId: T, roles: [ROLE.Scheduler] };
const HOUR = 3_600_000;

let h: ApiTestHarness;
let idp: IdpTestServer;
let tls: TlsMaterial;
let inbox: SmtpInbox;
let portalUrl: string;
let now = new Date('2026-11-02T09:00:00Z');

beforeAll(async () => {
  const port = await freePort();
  portalUrl = `https://localhost:${port}`;
  [tls, inbox] = await Promise.all([createTestCertificate(), startSmtpInbox()]);
  h = await createApiTestHarness({ env: { PORTAL_PUBLIC_URL: portalUrl, SMTP_URL: inbox.url }, clock: () => now });
  const { db } = h.database;
  await db
    .insertInto('tenants')
    .values([
      { id: T, name: 'Access Prints' },
      { id: OTHER, name: 'Other Prints' },
    ])
    .execute();
  const user = (id: string, tenantId: string, firstName: string, extra: object = {}) => ({
    id,
    tenant_id: tenantId,
    email: `${id}@access.test`,
    first_name: firstName,
    last_name: 'Tester',
    ...extra,
  });
  await db
    .insertInto('users')
    .values([
      user(admin.sub, T, 'Ada', { roles: [ROLE.Admin], is_root_user: true }),
      user(viewer.sub, T, 'Vic', { roles: [ROLE.Scheduler] }),
      user('u-invitee', T, 'Ivy'),
      user('u-resetter', T, 'Rex'),
      user('u-captcha', T, 'Cap'),
      user('u-expiry', T, 'Eve'),
      user('u-shadow', T, 'Sid', { is_shadow_user: true }),
      user('u-foreign', OTHER, 'Fay'),
    ])
    .execute();
  idp = await startIdpTestServer({ db, tls, port, clock: () => now });
});

afterAll(async () => {
  await idp?.close();
  await h?.close();
  await inbox?.close();
});

beforeEach(() => {
  inbox.messages.length = 0;
});

async function post(identity: TestIdentity, url: string, body: unknown, headers: Record<string, string> = {}) {
  return h.app.inject({
    method: 'POST',
    url,
    headers: { authorization: await h.bearer(identity), ...headers },
    payload: body as object,
  });
}

const invite = (userId: string, redirectUrl = `${portalUrl}/`) =>
  post(admin, `/api/users/${userId}/invitation`, { redirectUrl });
const reset = (userId: string, headers: Record<string, string> = {}) =>
  post(admin, `/api/users/${userId}/password-reset`, { redirectUrl: `${portalUrl}/` }, headers);

/** The set-password link of the only e-mail received. */
function linkOf(mail: ParsedMail | undefined): string {
  const text = mail?.text ?? '';
  const link = /https:\/\/\S+\/idp\/set-password\?token=[\w-]+/.exec(text)?.[0];
  if (link === undefined) throw new Error(`no set-password link in: ${text}`);
  return link;
}

async function receivedLink(): Promise<string> {
  expect(inbox.messages).toHaveLength(1);
  return linkOf(inbox.messages[0]);
}

/** Opens `link` in a fresh browser and submits the form with `password` (twice, unless `confirmation`). */
async function setPassword(link: string, password: string, confirmation = password) {
  const session = new HttpsSession(portalUrl, tls.ca);
  const form = await session.get(link);
  const token = new URL(link).searchParams.get('token') ?? '';
  const submitted = await session.postForm(
    `${portalUrl}/idp/set-password`,
    { token, password, confirmation },
    { origin: portalUrl },
  );
  return { form, submitted };
}

/** Signs in at the provider's own sign-in page of a new authorization request: 303 on success. */
async function signIn(email: string, password: string): Promise<number> {
  const session = new HttpsSession(portalUrl, tls.ca);
  const authorize = new URL(`${idp.config.oidc.issuer}/auth`);
  authorize.search = new URLSearchParams({
    client_id: idp.config.oidc.clientId,
    redirect_uri: `${portalUrl}/redirect.html`,
    response_type: 'code',
    scope: 'openid profile',
    code_challenge: createHash('sha256').update(randomBytes(32).toString('base64url')).digest('base64url'),
    code_challenge_method: 'S256',
  }).toString();
  const start = await session.get(authorize.href);
  const attempt = await session.postForm(start.location ?? '', { email, password });
  return attempt.status;
}

describe('invitation', () => {
  it('e-mails a link that sets the password once, after which the user signs in at the provider', async () => {
    expect(await signIn('u-invitee@access.test', 'a-good-passphrase')).toBe(200);

    const sent = await invite('u-invitee');
    expect(sent.statusCode, sent.body).toBe(204);
    const link = await receivedLink();
    const mail = inbox.messages[0];
    expect(mail?.to).toMatchObject({ text: 'u-invitee@access.test' });
    expect(mail?.subject).toBe('You are invited to Fleet Portal');
    expect(mail?.text).toContain('Hello Ivy,');
    expect(mail?.text).toContain('Ada Tester invited you');
    expect(mail?.html).toContain(`href="${link}"`);
    // Only the token's hash is stored.
    const stored = await h.database.db.selectFrom('user_access_tokens').select('token_hash').execute();
    const token = new URL(link).searchParams.get('token') ?? '';
    expect(stored.map((row) => row.token_hash)).not.toContain(token);

    const mismatch = await setPassword(link, 'a-good-passphrase', 'another-passphrase');
    expect(mismatch.form.status).toBe(200);
    expect(mismatch.form.body).toContain('Set your password for u-invitee@access.test');
    expect(mismatch.form.body).toContain('At least 10 characters');
    expect(mismatch.submitted.status).toBe(400);
    expect(mismatch.submitted.body).toContain('The two passwords are not the same.');
    const tooShort = await setPassword(link, 'short');
    expect(tooShort.submitted.body).toContain('The password needs at least 10 characters.');

    const done = await setPassword(link, 'a-good-passphrase');
    expect(done.submitted.status).toBe(200);
    expect(done.submitted.body).toContain('Your password is set.');
    expect(done.submitted.body).toContain(`href="${portalUrl}/"`);
    expect(done.submitted.headers['referrer-policy']).toBe('no-referrer');

    expect(await signIn('u-invitee@access.test', 'a-good-passphrase')).toBe(303);
    expect(await signIn('u-invitee@access.test', 'wrong-passphrase')).toBe(200);

    const again = await setPassword(link, 'a-third-passphrase');
    expect(again.form.status).toBe(410);
    expect(again.form.body).toContain('This link was already used');
    expect(again.submitted.status).toBe(410);
    expect(await signIn('u-invitee@access.test', 'a-third-passphrase')).toBe(200);
  });

  it('refuses a form posted from another origin', async () => {
    expect((await invite('u-invitee')).statusCode).toBe(204);
    const link = await receivedLink();
    const session = new HttpsSession(portalUrl, tls.ca);
    const token = new URL(link).searchParams.get('token') ?? '';
    const form = { token, password: 'cross-site-pass', confirmation: 'cross-site-pass' };
    const forged = await session.postForm(`${portalUrl}/idp/set-password`, form, { origin: 'https://evil.test' });
    expect(forged.status).toBe(403);
    const crossSite = await session.postForm(`${portalUrl}/idp/set-password`, form, { 'sec-fetch-site': 'cross-site' });
    expect(crossSite.status).toBe(403);
    // `Origin: null` (what a sandboxed frame sends) passes only with the browser's own same-origin Fetch Metadata.
    const nullOrigin = await session.postForm(`${portalUrl}/idp/set-password`, form, { origin: 'null' });
    expect(nullOrigin.status).toBe(403);
    // What Chromium sends for the page's own post under its no-referrer policy: Origin null, same-origin.
    const ownPage = await session.postForm(
      `${portalUrl}/idp/set-password`,
      { ...form, confirmation: 'not-the-same' },
      { origin: 'null', 'sec-fetch-site': 'same-origin' },
    );
    expect(ownPage.status).toBe(400);
    expect(ownPage.body).toContain('The two passwords are not the same.');
    expect((await session.get(link)).status).toBe(200);
  });

  it('says so for a link without or with an unknown token', async () => {
    const session = new HttpsSession(portalUrl, tls.ca);
    const missing = await session.get(`${portalUrl}/idp/set-password`);
    expect(missing.status).toBe(400);
    const unknown = await session.get(`${portalUrl}/idp/set-password?token=not-a-real-token`);
    expect(unknown.status).toBe(410);
    expect(unknown.body).toContain('This link is not valid.');
  });

  it('answers 400 for a redirectUrl outside the portal origin and sends nothing', async () => {
    for (const redirectUrl of [
      'https://evil.test/',
      `http://localhost:${new URL(portalUrl).port}/`,
      'https://localhost:1/',
      '/relative',
      'javascript:alert(1)',
    ]) {
      const answer = await invite('u-invitee', redirectUrl);
      expect(answer.statusCode, redirectUrl).toBe(400);
      expect(answer.json()).toMatchObject({ message: expect.stringContaining('redirectUrl') });
    }
    expect(inbox.messages).toHaveLength(0);
  });

  it('is for admins only (403) and for users of the tenant only (404, shadow users too)', async () => {
    const forbidden = await post(viewer, '/api/users/u-invitee/invitation', { redirectUrl: `${portalUrl}/` });
    expect(forbidden.statusCode).toBe(403);
    const forbiddenReset = await post(viewer, '/api/users/u-invitee/password-reset', {
      redirectUrl: `${portalUrl}/`,
    });
    expect(forbiddenReset.statusCode).toBe(403);
    for (const id of ['u-foreign', 'u-shadow', 'u-nobody']) {
      expect((await invite(id)).statusCode, id).toBe(404);
      expect((await reset(id)).statusCode, id).toBe(404);
    }
    const badBody = await post(admin, '/api/users/u-invitee/invitation', { redirectUrl: `${portalUrl}/`, extra: 1 });
    expect(badBody.statusCode).toBe(400);
    expect(inbox.messages).toHaveLength(0);
  });
});

describe('links expire and are replaced', () => {
  it('a reset link works for one hour, an invitation for seven days', async () => {
    const start = now;
    expect((await reset('u-expiry')).statusCode).toBe(204);
    const resetLink = await receivedLink();
    inbox.messages.length = 0;
    expect((await invite('u-expiry')).statusCode).toBe(204);
    const invitation = await receivedLink();
    // The invitation replaced the reset link.
    const replaced = await new HttpsSession(portalUrl, tls.ca).get(resetLink);
    expect(replaced.status).toBe(410);
    expect(replaced.body).toContain('A newer e-mail replaced this link.');

    inbox.messages.length = 0;
    expect((await reset('u-expiry')).statusCode).toBe(204);
    const fresh = await receivedLink();
    now = new Date(start.getTime() + HOUR - 1000);
    expect((await new HttpsSession(portalUrl, tls.ca).get(fresh)).status).toBe(200);
    now = new Date(start.getTime() + HOUR + 1000);
    const expired = await setPassword(fresh, 'late-passphrase');
    expect(expired.form.status).toBe(410);
    expect(expired.form.body).toContain('This link has expired.');
    expect(expired.submitted.status).toBe(410);
    expect((await new HttpsSession(portalUrl, tls.ca).get(invitation)).status).toBe(410);

    inbox.messages.length = 0;
    expect((await invite('u-expiry')).statusCode).toBe(204);
    const week = await receivedLink();
    const issued = now;
    now = new Date(issued.getTime() + 7 * 24 * HOUR - 60_000);
    expect((await new HttpsSession(portalUrl, tls.ca).get(week)).status).toBe(200);
    now = new Date(issued.getTime() + 7 * 24 * HOUR + 1000);
    expect((await new HttpsSession(portalUrl, tls.ca).get(week)).body).toContain('This link has expired.');
  });

  it('a reset invalidates the earlier unused links of that user', async () => {
    expect((await invite('u-resetter')).statusCode).toBe(204);
    const invitation = await receivedLink();
    inbox.messages.length = 0;
    expect((await reset('u-resetter')).statusCode).toBe(204);
    const resetLink = await receivedLink();
    expect(inbox.messages[0]?.subject).toBe('Reset your Fleet Portal password');

    const old = await setPassword(invitation, 'old-link-passphrase');
    expect(old.submitted.status).toBe(410);
    const used = await setPassword(resetLink, 'new-link-passphrase');
    expect(used.submitted.status).toBe(200);
    expect(await signIn('u-resetter@access.test', 'new-link-passphrase')).toBe(303);
    expect(await signIn('u-resetter@access.test', 'old-link-passphrase')).toBe(200);
  });
});

describe('captcha after repeated resets', () => {
  async function challenge(): Promise<CaptchaChallenge> {
    const answer = await h.app.inject({
      method: 'GET',
      url: '/api/users/captcha-challenge',
      headers: { authorization: await h.bearer(admin) },
    });
    expect(answer.statusCode).toBe(200);
    expect(answer.headers['cache-control']).toBe('no-store');
    return answer.json<CaptchaChallenge>();
  }

  /**
   * Solves a challenge by altcha's protocol (the number whose SHA-256 of salt + number is the challenge) and encodes
   * it for X-Recaptcha-Token as a browser would.
   */
  function solve(served: CaptchaChallenge, change: Partial<Record<string, unknown>> = {}): string {
    let number = 0;
    while (createHash('sha256').update(`${served.salt}${number}`).digest('hex') !== served.challenge) {
      number += 1;
      if (number > served.maxnumber) throw new Error('no solution');
    }
    const payload = { ...served, number, ...change };
    delete (payload as { maxnumber?: number }).maxnumber;
    return Buffer.from(JSON.stringify(payload)).toString('base64');
  }

  it('requires a valid, unused solution after 3 resets within an hour', async () => {
    const start = now;
    for (let attempt = 1; attempt <= 3; attempt += 1) {
      expect((await reset('u-captcha')).statusCode, `reset ${attempt}`).toBe(204);
    }
    expect(inbox.messages).toHaveLength(3);

    const refused = await reset('u-captcha');
    expect(refused.statusCode).toBe(429);
    expect(refused.json()).toMatchObject({ statusCode: 429, code: 'CAPTCHA_REQUIRED' });
    expect(inbox.messages).toHaveLength(3);

    const served = await challenge();
    expect(served.algorithm).toBe('SHA-256');
    const forgedSignature = solve(served, { signature: 'f'.repeat(64) });
    const wrongNumber = solve(served, { number: served.maxnumber + 1 });
    const otherKey = Buffer.from(
      JSON.stringify({
        algorithm: 'SHA-256',
        challenge: 'ab',
        number: 1,
        salt: 'x?expires=9999999999&',
        signature: 'cd',
      }),
    ).toString('base64');
    for (const token of [forgedSignature, wrongNumber, otherKey, 'not base64 json', '']) {
      const answer = await reset('u-captcha', { 'x-recaptcha-token': token });
      expect(answer.statusCode, token).toBe(429);
      expect(answer.json()).toMatchObject({ code: 'CAPTCHA_REQUIRED' });
    }

    const valid = solve(served);
    expect((await reset('u-captcha', { 'x-recaptcha-token': valid })).statusCode).toBe(204);
    expect(inbox.messages).toHaveLength(4);
    const reused = await reset('u-captcha', { 'x-recaptcha-token': valid });
    expect(reused.statusCode).toBe(429);
    expect(reused.json()).toMatchObject({ message: expect.stringContaining('already used') });

    // A challenge expires 10 minutes after it was served.
    const stale = solve(await challenge());
    now = new Date(now.getTime() + 11 * 60_000);
    expect((await reset('u-captcha', { 'x-recaptcha-token': stale })).statusCode).toBe(429);

    // An hour after the first resets, the window has room again.
    now = new Date(start.getTime() + HOUR + 60_000);
    expect((await reset('u-captcha')).statusCode).toBe(204);
  });

  it('serves challenges to admins only', async () => {
    const answer = await h.app.inject({
      method: 'GET',
      url: '/api/users/captcha-challenge',
      headers: { authorization: await h.bearer(viewer) },
    });
    expect(answer.statusCode).toBe(403);
  });
});
