import { createHash, randomBytes } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { useIdpTestServer } from './use-idp-test-server.ts';
import { HttpsSession } from './idp-test-harness.ts';

/**
 * Issue #10 item 6 for the embedded identity provider: NUL characters and huge values in the sign-in form, the
 * interaction id and the provider's own endpoints get a 4xx (or the sign-in page again), never a 500.
 */

const idp = useIdpTestServer();

const session = () => new HttpsSession(idp.server.config.publicUrl, idp.tls.ca);

function authorizeUrl(overrides: Record<string, string> = {}): string {
  const challenge = createHash('sha256').update(randomBytes(32).toString('base64url')).digest('base64url');
  const url = new URL(`${idp.server.config.oidc.issuer}/auth`);
  url.search = new URLSearchParams({
    client_id: idp.server.config.oidc.clientId,
    redirect_uri: `${idp.server.config.publicUrl}/redirect.html`,
    response_type: 'code',
    response_mode: 'fragment',
    scope: 'openid profile',
    code_challenge: challenge,
    code_challenge_method: 'S256',
    state: 'fuzz',
    nonce: 'n',
    ...overrides,
  }).toString();
  return url.href;
}

/** A browser session on the sign-in page; returns the page's URL. */
async function openLoginPage(browser: HttpsSession): Promise<string> {
  const response = await browser.get(authorizeUrl());
  expect(response.status).toBe(303);
  return response.location ?? '';
}

const HUGE = 'x'.repeat(5000);

describe('the sign-in form with malformed input', () => {
  it.each([
    ['a NUL in the e-mail', { email: 'demo\u0000@example.test', password: 'secret' }],
    ['a NUL in the password', { email: 'nobody@example.test', password: 'a\u0000b' }],
    ['NUL only', { email: '\u0000', password: '\u0000' }],
    ['a huge e-mail', { email: HUGE, password: 'x' }],
    ['no password', { email: 'nobody@example.test' }],
    ['unicode', { email: '日本語🚀\u202E@example.test', password: '\uFEFF' }],
  ])('answers %s with a 4xx or the sign-in page', async (_label, form: Record<string, string>) => {
    const browser = session();
    const loginUrl = await openLoginPage(browser);
    const response = await browser.postForm(loginUrl, form);
    expect(response.status, response.body.slice(0, 300)).toBeLessThan(500);
    expect([200, 400, 413]).toContain(response.status);
  });

  it('answers a NUL or a huge interaction id with a 4xx', async () => {
    const browser = session();
    await openLoginPage(browser);
    for (const uid of ['%00', `a%00b`, HUGE]) {
      const url = `${idp.server.config.oidc.issuer}/interaction/${uid}`;
      for (const response of [await browser.get(url), await browser.postForm(url, { email: 'a', password: 'b' })]) {
        expect(response.status, uid.slice(0, 10)).toBeGreaterThanOrEqual(400);
        expect(response.status, uid.slice(0, 10)).toBeLessThan(500);
      }
    }
  });
});

describe("the provider's endpoints with malformed input", () => {
  it.each([
    ['client_id', '\u0000'],
    ['client_id', 'x'.repeat(300)],
    ['redirect_uri', 'https://x/\u0000'],
    ['state', '\u0000'],
    ['nonce', '\u0000'],
    ['scope', 'openid \u0000'],
    ['login_hint', '\u0000'],
    ['code_challenge', '\u0000'],
  ])('GET /auth with %s = %j is refused: a 4xx, or the error sent back to the client', async (name, value) => {
    const response = await session().get(authorizeUrl({ [name]: value }));
    // Once the client and its redirect URI are known, OpenID Connect reports errors to the client (303 with error=…).
    if (response.status === 303) {
      expect(response.location).toMatch(new RegExp(`^${idp.server.config.publicUrl}/redirect.html#error=invalid_`));
    } else {
      expect(response.status, response.body.slice(0, 300)).toBeGreaterThanOrEqual(400);
      expect(response.status, response.body.slice(0, 300)).toBeLessThan(500);
    }
  });

  it.each<Record<string, string>>([
    { grant_type: 'authorization_code', code: '\u0000', code_verifier: 'x', redirect_uri: 'https://x/' },
    { grant_type: 'refresh_token', refresh_token: '\u0000' },
    { grant_type: 'refresh_token', refresh_token: 'x'.repeat(300) },
    { grant_type: '\u0000' },
  ])('POST /token with %j is a 4xx', async (form) => {
    const response = await session().postForm(`${idp.server.config.oidc.issuer}/token`, {
      client_id: idp.server.config.oidc.clientId,
      ...form,
    });
    expect(response.status, response.body.slice(0, 300)).toBeGreaterThanOrEqual(400);
    expect(response.status, response.body.slice(0, 300)).toBeLessThan(500);
  });

  it('answers GET /me and /session/end with NUL tokens without a 5xx', async () => {
    const browser = session();
    const me = await browser.get(`${idp.server.config.oidc.issuer}/me?access_token=%00`);
    expect(me.status).toBeLessThan(500);
    const end = await browser.get(`${idp.server.config.oidc.issuer}/session/end?id_token_hint=%00&state=%00`);
    expect(end.status).toBeLessThan(500);
  });
});
