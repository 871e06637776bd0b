import { createHash, randomBytes } from 'node:crypto';
import { mkdtemp, rm, stat } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { createLocalJWKSet, decodeProtectedHeader, jwtVerify } from 'jose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { readPortalClaims } from '../../shared/auth/claims.ts';
import { ROLE } from '../../shared/auth/roles.ts';
import type { PortalDatabase } from '../db/database.ts';
import { openTestDatabase } from '../db/test-database.ts';
import { DEMO_TENANTS } from '../fixtures/demo-tenants.ts';
import { DEMO_PASSWORD, seedDemoAccounts } from './demo-accounts.ts';
import { IDP_KEYS_FILE } from './idp-keys.ts';
import {
  createTestCertificate,
  HttpsSession,
  startIdpTestServer,
  type IdpTestServer,
  type TlsMaterial,
} from './idp-test-harness.ts';

const SPA_SCOPE = 'openid profile user_metadata app_metadata';

interface TokenResponse {
  access_token: string;
  id_token: string;
  refresh_token?: string;
  expires_in: number;
  token_type: string;
}

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

function newSession(target: IdpTestServer = server): HttpsSession {
  return new HttpsSession(target.config.publicUrl, tls.ca);
}

function pkcePair(): { verifier: string; challenge: string } {
  const verifier = randomBytes(32).toString('base64url');
  return { verifier, challenge: createHash('sha256').update(verifier).digest('base64url') };
}

function redirectUri(target: IdpTestServer): string {
  return `${target.config.publicUrl}/redirect.html`;
}

function authorizeUrl(target: IdpTestServer, challenge: string, state: string): string {
  const url = new URL(`${target.config.oidc.issuer}/auth`);
  url.search = new URLSearchParams({
    client_id: target.config.oidc.clientId,
    redirect_uri: redirectUri(target),
    response_type: 'code',
    response_mode: 'fragment',
    scope: SPA_SCOPE,
    code_challenge: challenge,
    code_challenge_method: 'S256',
    state,
    nonce: randomBytes(8).toString('hex'),
  }).toString();
  return url.href;
}

/** Starts an authorization request and returns the sign-in page's URL. */
async function openLoginPage(
  session: HttpsSession,
  challenge: string,
  state: string,
  target = server,
): Promise<string> {
  const response = await session.get(authorizeUrl(target, challenge, state));
  expect(response.status).toBe(303);
  expect(response.location).toMatch(new RegExp(`^${target.config.oidc.issuer}/interaction/[\\w-]+$`));
  const cookies = [response.headers['set-cookie'] ?? []].flat();
  expect(cookies.length).toBeGreaterThan(0);
  for (const cookie of cookies) expect(cookie).toMatch(/samesite=lax; secure; httponly/);
  return response.location ?? '';
}

async function redeem(session: HttpsSession, form: Record<string, string>, target = server): Promise<TokenResponse> {
  const response = await session.postForm(`${target.config.oidc.issuer}/token`, form, {
    origin: target.config.publicUrl,
  });
  expect(response.status, response.body).toBe(200);
  expect(response.headers['access-control-allow-origin']).toBe(target.config.publicUrl);
  return JSON.parse(response.body) as TokenResponse;
}

/** Signs in through the login form and redeems the code: what MSAL does in the browser. */
async function signIn(session: HttpsSession, email: string, target = server): Promise<TokenResponse> {
  const { verifier, challenge } = pkcePair();
  const loginUrl = await openLoginPage(session, challenge, 'state-1', target);
  const login = await session.postForm(loginUrl, { email, password: DEMO_PASSWORD });
  expect(login.status).toBe(303);
  const callback = new URL(await session.followUntil(login.location ?? '', redirectUri(target)));
  const answer = new URLSearchParams(callback.hash.slice(1));
  expect(answer.get('state')).toBe('state-1');
  return redeem(
    session,
    {
      grant_type: 'authorization_code',
      code: answer.get('code') ?? '',
      redirect_uri: redirectUri(target),
      client_id: target.config.oidc.clientId,
      code_verifier: verifier,
    },
    target,
  );
}

async function verifyAccessToken(token: string, target = server) {
  const { payload } = await jwtVerify(token, createLocalJWKSet(target.idp.getPublicJwks()), {
    issuer: target.config.oidc.issuer,
    audience: target.config.oidc.audience,
  });
  return payload;
}

describe('embedded identity provider', () => {
  it('publishes discovery with the https issuer and every endpoint under /idp', async () => {
    const response = await newSession().get(`${server.config.oidc.issuer}/.well-known/openid-configuration`);
    expect(response.status).toBe(200);
    const discovery = JSON.parse(response.body) as Record<string, unknown>;
    const issuer = `${server.config.publicUrl}/idp`;
    expect(server.config.oidc.issuer).toBe(issuer);
    expect(issuer).toMatch(/^https:\/\/localhost:\d+\/idp$/);
    expect(discovery).toMatchObject({
      issuer,
      authorization_endpoint: `${issuer}/auth`,
      token_endpoint: `${issuer}/token`,
      jwks_uri: `${issuer}/jwks`,
      userinfo_endpoint: `${issuer}/me`,
      end_session_endpoint: `${issuer}/session/end`,
      code_challenge_methods_supported: ['S256'],
    });
    expect(discovery['scopes_supported']).toEqual(expect.arrayContaining(SPA_SCOPE.split(' ')));

    const jwks = await newSession().get(`${issuer}/jwks`);
    expect(JSON.parse(jwks.body)).toEqual(server.idp.getPublicJwks());
  });

  it('serves public signing keys only', () => {
    const [key, ...others] = server.idp.getPublicJwks().keys;
    expect(others).toEqual([]);
    expect(key).toMatchObject({ kty: 'RSA', alg: 'RS256', use: 'sig' });
    expect(Object.keys(key ?? {}).sort()).toEqual(['alg', 'e', 'kid', 'kty', 'n', 'use']);
  });

  it('signs in with PKCE through the login page and issues JWT access, id and refresh tokens', async () => {
    const session = newSession();
    const { verifier, challenge } = pkcePair();
    const loginUrl = await openLoginPage(session, challenge, 'state-1');

    const page = await session.get(loginUrl);
    expect(page.status).toBe(200);
    expect(page.headers['content-type']).toMatch(/^text\/html/);
    expect(page.headers['content-security-policy']).toMatch(/default-src 'none'; style-src 'sha256-/);
    expect(page.body).toContain('<h1>Fleet Portal</h1>');
    expect(page.body).toContain('Sign in to your account');
    expect(page.body).toContain('<label for="email">Email</label>');
    expect(page.body).toContain('<label for="password">Password</label>');
    expect(page.body).toContain('<button type="submit">Sign in</button>');
    expect(page.body).not.toContain('Invalid email or password');

    const wrong = await session.postForm(loginUrl, { email: 'admin@northwind.demo', password: 'not-the-password' });
    expect(wrong.status).toBe(200);
    expect(wrong.body).toContain('<p class="error" role="alert">Invalid email or password</p>');
    expect(wrong.body).toContain('value="admin@northwind.demo"');

    const unknown = await session.postForm(loginUrl, { email: 'nobody@northwind.demo', password: DEMO_PASSWORD });
    expect(unknown.body).toContain('Invalid email or password');

    const right = await session.postForm(loginUrl, { email: 'Admin@Northwind.demo', password: DEMO_PASSWORD });
    expect(right.status).toBe(303);
    const callback = new URL(await session.followUntil(right.location ?? '', redirectUri(server)));
    const answer = new URLSearchParams(callback.hash.slice(1));
    expect(answer.get('state')).toBe('state-1');
    expect(answer.get('iss')).toBe(server.config.oidc.issuer);

    const tokenForm = {
      grant_type: 'authorization_code',
      code: answer.get('code') ?? '',
      redirect_uri: redirectUri(server),
      client_id: server.config.oidc.clientId,
    };
    const withoutVerifier = await session.postForm(`${server.config.oidc.issuer}/token`, tokenForm);
    expect(withoutVerifier.status).toBe(400);
    const tokens = await redeem(session, { ...tokenForm, code_verifier: verifier });
    expect(tokens).toMatchObject({ token_type: 'Bearer', expires_in: 900 });

    const access = await verifyAccessToken(tokens.access_token);
    expect(decodeProtectedHeader(tokens.access_token)).toMatchObject({
      alg: 'RS256',
      kid: server.idp.getPublicJwks().keys[0]?.kid,
    });
    expect(access.sub).toBe('user-admin');
    expect(access['email']).toBe('admin@northwind.demo');
    const claims = readPortalClaims(access, server.config.oidc.claimsNamespace);
    expect(claims).toMatchObject({
      sub: 'user-admin',
      email: 'admin@northwind.demo',
      isSuperUser: false,
      agreementVersion: '1.0',
      agreementApproved: true,
      givenName: 'Avery',
      familyName: 'Admin',
      tenantId: DEMO_TENANTS.main.id,
      tenantName: DEMO_TENANTS.main.name,
      locale: 'en-US',
    });
    expect(claims.roles).toEqual([ROLE.Admin, ROLE.GoalsSetter, ROLE.Scheduler, ROLE.ManageApi, ROLE.Certificate]);

    const { payload: idToken } = await jwtVerify(tokens.id_token, createLocalJWKSet(server.idp.getPublicJwks()), {
      issuer: server.config.oidc.issuer,
      audience: server.config.oidc.clientId,
    });
    expect(idToken).toMatchObject({ sub: 'user-admin', given_name: 'Avery', family_name: 'Admin' });
    expect(idToken['email']).toBe('admin@northwind.demo');
    expect(readPortalClaims(idToken, server.config.oidc.claimsNamespace).roles).toContain(ROLE.Admin);

    expect(tokens.refresh_token).toEqual(expect.any(String));
    const refreshed = await redeem(session, {
      grant_type: 'refresh_token',
      refresh_token: tokens.refresh_token ?? '',
      client_id: server.config.oidc.clientId,
    });
    expect(refreshed.refresh_token).toEqual(expect.any(String));
    expect(refreshed.refresh_token).not.toBe(tokens.refresh_token);
    expect((await verifyAccessToken(refreshed.access_token)).sub).toBe('user-admin');
  });

  it('puts an agreement recorded in the database into the next token', async () => {
    const session = newSession();
    const first = await signIn(session, 'goals@northwind.demo');
    const before = readPortalClaims(await verifyAccessToken(first.access_token), server.config.oidc.claimsNamespace);
    expect(before).toMatchObject({ sub: 'user-goals', agreementApproved: false, agreementVersion: null });
    expect(before.roles).toEqual([ROLE.GoalsSetter, ROLE.Scheduler]);

    await database.db
      .insertInto('agreements')
      .values({ user_id: 'user-goals', version: '1.0', approved: true })
      .execute();

    const next = await redeem(session, {
      grant_type: 'refresh_token',
      refresh_token: first.refresh_token ?? '',
      client_id: server.config.oidc.clientId,
    });
    const after = readPortalClaims(await verifyAccessToken(next.access_token), server.config.oidc.claimsNamespace);
    expect(after).toMatchObject({ sub: 'user-goals', agreementApproved: true, agreementVersion: '1.0' });
  });

  // A super user's sign-in passes through the tenant picker first: super-user-sign-in.test.ts.

  it('signs out with an id_token_hint without a confirmation page and returns to the portal', async () => {
    const session = newSession();
    const tokens = await signIn(session, 'scheduler@northwind.demo');
    const postLogout = `${server.config.publicUrl}/`;
    const endSession = new URL(`${server.config.oidc.issuer}/session/end`);
    endSession.search = new URLSearchParams({
      id_token_hint: tokens.id_token,
      post_logout_redirect_uri: postLogout,
      state: 'bye',
    }).toString();

    const page = await session.get(endSession.href);
    expect(page.status).toBe(200);
    expect(page.body).not.toContain('Do you want to sign out?');
    expect(page.body).toContain('document.forms[0].submit()');
    const scriptHash = /script-src ('sha256-[^']+')/.exec(String(page.headers['content-security-policy']))?.[1];
    const script = /<script>([^<]*)<\/script>/.exec(page.body)?.[1] ?? '';
    expect(scriptHash).toBe(`'sha256-${createHash('sha256').update(script).digest('base64')}'`);

    const action = /<form [^>]*action="([^"]+)"/.exec(page.body)?.[1] ?? '';
    expect(action).toBe(`${server.config.oidc.issuer}/session/end/confirm`);
    const fields = Object.fromEntries(
      [...page.body.matchAll(/<input type="hidden" name="(\w+)" value="([^"]*)"/g)].map((match) => [
        match[1],
        match[2],
      ]),
    );
    expect(fields['logout']).toBe('yes');
    const confirmed = await session.postForm(action, fields as Record<string, string>);
    expect(confirmed.status).toBe(303);
    expect(confirmed.location).toBe(`${postLogout}?state=bye`);

    // The refresh token ended with the session.
    const refresh = await session.postForm(`${server.config.oidc.issuer}/token`, {
      grant_type: 'refresh_token',
      refresh_token: tokens.refresh_token ?? '',
      client_id: server.config.oidc.clientId,
    });
    expect(refresh.status).toBe(400);
    expect(JSON.parse(refresh.body)).toMatchObject({ error: 'invalid_grant' });

    // The session is gone: a new authorization request asks for the password again.
    const again = await session.get(authorizeUrl(server, pkcePair().challenge, 'state-2'));
    expect(again.location).toMatch(/\/idp\/interaction\//);
    const loginPage = await session.get(again.location ?? '');
    expect(loginPage.body).toContain('Sign in to your account');
  });

  it('asks before signing out when the request carries no id_token_hint', async () => {
    const session = newSession();
    await signIn(session, 'readonly@northwind.demo');
    const page = await session.get(
      `${server.config.oidc.issuer}/session/end?client_id=${encodeURIComponent(server.config.oidc.clientId)}`,
    );
    expect(page.status).toBe(200);
    expect(page.body).toContain('Do you want to sign out?');
    expect(page.body).not.toContain('<script>');
  });

  it('renders protocol errors as a portal page', async () => {
    const response = await newSession().get(`${server.config.oidc.issuer}/auth?client_id=unknown&response_type=code`);
    expect(response.status).toBe(400);
    expect(response.body).toContain('<h1>Fleet Portal</h1>');
    expect(response.body).toContain('Something went wrong while signing you in.');
    expect(response.body).toContain('invalid_client');
  });

  it('answers an expired or unknown sign-in page with a way back', async () => {
    const response = await newSession().get(`${server.config.oidc.issuer}/interaction/unknown-uid`);
    expect(response.status).toBe(400);
    expect(response.body).toContain('This sign-in page has expired.');
  });

  it('reuses the persisted keys and stored refresh tokens after a restart', async () => {
    const keysDir = await mkdtemp(path.join(tmpdir(), 'fleet-idp-keys-'));
    const first = await startIdpTestServer({ db: database.db, tls, keysDir });
    const tokens = await signIn(newSession(first), 'certificate@northwind.demo', first);
    const [keyBefore] = first.idp.getPublicJwks().keys;
    expect((await stat(path.join(first.keysDir, IDP_KEYS_FILE))).mode & 0o777).toBe(0o600);
    await first.close();

    const restarted = await startIdpTestServer({
      db: database.db,
      tls,
      keysDir,
      port: first.config.port,
    });
    try {
      const [keyAfter] = restarted.idp.getPublicJwks().keys;
      expect(keyAfter?.kid).toEqual(expect.any(String));
      expect(keyAfter).toEqual(keyBefore);
      // A token signed before the restart still verifies with the keys after it.
      expect((await verifyAccessToken(tokens.access_token, restarted)).sub).toBe('user-certificate');

      const refreshed = await redeem(
        newSession(restarted),
        {
          grant_type: 'refresh_token',
          refresh_token: tokens.refresh_token ?? '',
          client_id: restarted.config.oidc.clientId,
        },
        restarted,
      );
      expect((await verifyAccessToken(refreshed.access_token, restarted)).sub).toBe('user-certificate');
    } finally {
      await restarted.close();
      await rm(keysDir, { recursive: true, force: true });
    }
  });
});
