import { createHash, randomBytes } from 'node:crypto';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { PortalDatabase } from '../db/database.ts';
import { openTestDatabase } from '../db/test-database.ts';
import { addLocaleFolder } from '../i18n/server-texts.ts';
import { seedDemoAccounts } from './demo-accounts.ts';
import {
  createTestCertificate,
  HttpsSession,
  startIdpTestServer,
  type IdpTestServer,
  type TlsMaterial,
} from './idp-test-harness.ts';

/**
 * The running identity provider answers in the language the sign-in asks for (issue #27 item 1): the request's
 * ui_locales, else the browser's Accept-Language. German comes from the test's own folder only.
 */
addLocaleFolder(fileURLToPath(new URL('../i18n/testing/locales/', import.meta.url)));

let database: PortalDatabase;
let tls: TlsMaterial;
let server: IdpTestServer;

beforeAll(async () => {
  [database, tls] = await Promise.all([openTestDatabase(), createTestCertificate()]);
  await seedDemoAccounts(database.db);
  server = await startIdpTestServer({ db: database.db, tls });
});

afterAll(async () => {
  await server?.close();
  await database?.close();
});

/** The sign-in page's address of a new authorization request (with `ui_locales` when given). */
async function loginPageUrl(session: HttpsSession, uiLocales?: string): Promise<string> {
  const url = new URL(`${server.config.oidc.issuer}/auth`);
  url.search = new URLSearchParams({
    client_id: server.config.oidc.clientId,
    redirect_uri: `${server.config.publicUrl}/redirect.html`,
    response_type: 'code',
    response_mode: 'fragment',
    scope: 'openid profile',
    code_challenge: createHash('sha256').update(randomBytes(32).toString('base64url')).digest('base64url'),
    code_challenge_method: 'S256',
    state: 'language',
    nonce: randomBytes(8).toString('hex'),
    ...(uiLocales === undefined ? {} : { ui_locales: uiLocales }),
  }).toString();
  const authorization = await session.get(url.href);
  expect(authorization.status).toBe(303);
  return authorization.location ?? '';
}

describe('the sign-in page’s language', () => {
  it('follows Accept-Language, also for a failed attempt', async () => {
    const session = new HttpsSession(server.config.publicUrl, tls.ca);
    const german = { 'accept-language': 'de-CH, de;q=0.9, en;q=0.5' };
    const page = await loginPageUrl(session);
    const form = await session.get(page, german);
    expect(form.status).toBe(200);
    expect(form.body).toContain('<html lang="de-DE">');
    expect(form.body).toContain('Melden Sie sich bei Ihrem Konto an');
    const failed = await session.postForm(page, { email: 'nobody@example.test', password: 'wrong' }, german);
    expect(failed.body).toContain('<p class="error" role="alert">E-Mail oder Passwort ungültig</p>');
  });

  it('takes the request’s ui_locales before Accept-Language, and en-US when nothing offered is asked for', async () => {
    const session = new HttpsSession(server.config.publicUrl, tls.ca);
    const english = await session.get(await loginPageUrl(session, 'en-US'), { 'accept-language': 'de' });
    expect(english.body).toContain('Sign in to your account');
    const german = await session.get(await loginPageUrl(session, 'de'), { 'accept-language': 'en' });
    expect(german.body).toContain('Melden Sie sich bei Ihrem Konto an');
    const french = await session.get(await loginPageUrl(session), { 'accept-language': 'fr-FR' });
    expect(french.body).toContain('<html lang="en-US">');
    expect(french.body).toContain('Sign in to your account');
  });

  it('words an expired sign-in in the browser’s language', async () => {
    const session = new HttpsSession(server.config.publicUrl, tls.ca);
    const expired = await session.get(`${server.config.oidc.issuer}/interaction/unknown-uid`, {
      'accept-language': 'de',
    });
    expect(expired.status).toBe(400);
    expect(expired.body).toContain('Diese Anmeldeseite ist abgelaufen.');
  });
});
