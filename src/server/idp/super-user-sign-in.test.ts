import { createHash, randomBytes } from 'node:crypto';
import { createLocalJWKSet, jwtVerify } from 'jose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { readPortalClaims, type PortalClaims } from '../../shared/auth/claims.ts';
import type { PortalDatabase } from '../db/database.ts';
import { openTestDatabase } from '../db/test-database.ts';
import { DEMO_TENANTS } from '../fixtures/demo-tenants.ts';
import { DEMO_PASSWORD, seedDemoAccounts } from './demo-accounts.ts';
import { createTestCertificate, HttpsSession, startIdpTestServer, type IdpTestServer } from './idp-test-harness.ts';

/**
 * The super-user tenant picker inside the sign-in (spec shell §2 "Super-user tenant picker", §3 claims, §7
 * /api/super-users/*; issue #28 item 2): after the password, the provider sends a super user to /superUser with a
 * sessionToken; the page's calls pick a tenant; the sign-in then finishes with that tenant in the tokens.
 */

const SPA_SCOPE = 'openid profile user_metadata app_metadata';
const SUPER = 'super@fleet-portal.demo';

let database: PortalDatabase;
let server: IdpTestServer;
let ca: string;

beforeAll(async () => {
  const tls = await createTestCertificate();
  ca = tls.ca;
  database = await openTestDatabase();
  await seedDemoAccounts(database.db);
  server = await startIdpTestServer({ db: database.db, tls });
});

afterAll(async () => {
  await server?.close();
  await database?.close();
});

const redirectUri = () => `${server.config.publicUrl}/redirect.html`;
const pickerUrl = () => `${server.config.publicUrl}/superUser`;

/** One authorization request of the SPA (PKCE), optionally with a prompt. */
function authorization(prompt?: string): { url: string; verifier: string } {
  const verifier = randomBytes(32).toString('base64url');
  const url = new URL(`${server.config.oidc.issuer}/auth`);
  url.search = new URLSearchParams({
    client_id: server.config.oidc.clientId,
    redirect_uri: redirectUri(),
    response_type: 'code',
    response_mode: 'fragment',
    scope: SPA_SCOPE,
    code_challenge: createHash('sha256').update(verifier).digest('base64url'),
    code_challenge_method: 'S256',
    state: 'state-1',
    nonce: randomBytes(8).toString('hex'),
    ...(prompt === undefined ? {} : { prompt }),
  }).toString();
  return { url: url.href, verifier };
}

/** Opens the authorization request and signs in at the form; returns where the provider sends the browser next. */
async function signInAtForm(session: HttpsSession, email: string, url: string): Promise<string> {
  const start = await session.get(url);
  const login = await session.postForm(start.location ?? '', { email, password: DEMO_PASSWORD });
  expect(login.status, login.body.slice(0, 300)).toBe(303);
  return session.followUntil(login.location ?? '', pickerUrl());
}

interface Picker {
  sessionToken: string;
  state: string;
}

function pickerOf(location: string): Picker {
  const url = new URL(location);
  expect(url.origin + url.pathname).toBe(pickerUrl());
  return { sessionToken: url.searchParams.get('sessionToken') ?? '', state: url.searchParams.get('state') ?? '' };
}

async function api(session: HttpsSession, path: string, query: Record<string, string>) {
  const response = await session.get(
    `${server.config.publicUrl}/api/super-users/${path}?${new URLSearchParams(query)}`,
  );
  return { status: response.status, body: JSON.parse(response.body) as unknown };
}

/** Picks `tenantId` on the picker and follows the callback to the redirect URI; returns the redeemed tokens. */
async function pickAndFinish(session: HttpsSession, picker: Picker, tenantId: string, verifier: string) {
  const callback = await api(session, 'login-callback', { selectedTenantId: tenantId, ...picker });
  expect(callback.status).toBe(200);
  const { callbackUrl } = callback.body as { callbackUrl: string };
  expect(callbackUrl).toBe(`${server.config.oidc.issuer}/interaction/${picker.state}`);
  const back = new URL(await session.followUntil(callbackUrl, redirectUri()));
  return redeem(session, back, verifier);
}

async function redeem(session: HttpsSession, callback: URL, verifier: string) {
  const answer = new URLSearchParams(callback.hash.slice(1));
  expect(answer.get('code'), callback.href).toBeTruthy();
  const response = await session.postForm(
    `${server.config.oidc.issuer}/token`,
    {
      grant_type: 'authorization_code',
      code: answer.get('code') ?? '',
      redirect_uri: redirectUri(),
      client_id: server.config.oidc.clientId,
      code_verifier: verifier,
    },
    { origin: server.config.publicUrl },
  );
  expect(response.status, response.body).toBe(200);
  return JSON.parse(response.body) as { access_token: string; id_token: string; refresh_token: string };
}

async function claimsOf(token: string): Promise<PortalClaims> {
  const { payload } = await jwtVerify(token, createLocalJWKSet(server.idp.getPublicJwks()), {
    issuer: server.config.oidc.issuer,
  });
  return readPortalClaims(payload, server.config.oidc.claimsNamespace);
}

describe('super-user sign-in through the tenant picker', () => {
  it('sends a super user to the picker after the password and binds the chosen tenant into every token', async () => {
    const session = new HttpsSession(server.config.publicUrl, ca);
    const { url, verifier } = authorization();
    const picker = pickerOf(await signInAtForm(session, SUPER, url));
    expect(picker.sessionToken).toMatch(/^[\w-]{40,}$/);

    const found = await api(session, 'get-super-user-tenants', {
      sessionToken: picker.sessionToken,
      namePattern: 'sun',
    });
    expect(found).toEqual({ status: 200, body: [DEMO_TENANTS.apollo] });

    const tokens = await pickAndFinish(session, picker, DEMO_TENANTS.apollo.id, verifier);
    const expected = {
      sub: 'user-super',
      isSuperUser: true,
      tenantId: DEMO_TENANTS.apollo.id,
      tenantName: DEMO_TENANTS.apollo.name,
      originalUserEmail: SUPER,
    };
    expect(await claimsOf(tokens.access_token)).toMatchObject({ ...expected, agreementApproved: false });
    expect(await claimsOf(tokens.id_token)).toMatchObject(expected);

    // A renewal keeps the tenant: it is the provider session's choice, not the user's row.
    const renewed = await session.postForm(
      `${server.config.oidc.issuer}/token`,
      { grant_type: 'refresh_token', refresh_token: tokens.refresh_token, client_id: server.config.oidc.clientId },
      { origin: server.config.publicUrl },
    );
    const next = JSON.parse(renewed.body) as { access_token: string };
    expect(await claimsOf(next.access_token)).toMatchObject(expected);

    const audit = await database.db.selectFrom('super_user_tenant_choices').selectAll().execute();
    expect(audit).toEqual([
      expect.objectContaining({ user_id: 'user-super', user_email: SUPER, tenant_id: DEMO_TENANTS.apollo.id }),
    ]);
  });

  it("switches customer with prompt=select_tenant: the picker again, without the password, then the new tenant's tokens", async () => {
    const session = new HttpsSession(server.config.publicUrl, ca);
    const first = authorization();
    const firstTokens = await pickAndFinish(
      session,
      pickerOf(await signInAtForm(session, SUPER, first.url)),
      DEMO_TENANTS.main.id,
      first.verifier,
    );
    expect(await claimsOf(firstTokens.access_token)).toMatchObject({ tenantId: DEMO_TENANTS.main.id });

    const again = authorization('select_tenant');
    const start = await session.get(again.url);
    const picker = pickerOf(await session.followUntil(start.location ?? '', pickerUrl()));
    const tokens = await pickAndFinish(session, picker, DEMO_TENANTS.small.id, again.verifier);
    expect(await claimsOf(tokens.access_token)).toMatchObject({
      sub: 'user-super',
      tenantId: DEMO_TENANTS.small.id,
      tenantName: DEMO_TENANTS.small.name,
    });
  });

  it('asks again at every new login of the same browser session', async () => {
    const session = new HttpsSession(server.config.publicUrl, ca);
    const first = authorization();
    await pickAndFinish(
      session,
      pickerOf(await signInAtForm(session, SUPER, first.url)),
      DEMO_TENANTS.main.id,
      first.verifier,
    );
    // A login is known by its provider session and login time, which has one-second resolution (OIDC auth_time): a
    // person cannot sign in twice within a second, this test can. It waits for the next second, as any re-login is.
    await new Promise((resolve) => setTimeout(resolve, 1000 - (Date.now() % 1000) + 5));
    const relogin = authorization('login');
    expect(pickerOf(await signInAtForm(session, SUPER, relogin.url)).sessionToken).not.toBe('');
  });

  it('leaves other users untouched: no picker, and prompt=select_tenant keeps their own tenant', async () => {
    const session = new HttpsSession(server.config.publicUrl, ca);
    const first = authorization();
    const start = await session.get(first.url);
    const login = await session.postForm(start.location ?? '', {
      email: 'admin@sunrise.demo',
      password: DEMO_PASSWORD,
    });
    const back = new URL(await session.followUntil(login.location ?? '', redirectUri()));
    const tokens = await redeem(session, back, first.verifier);
    const own = {
      sub: 'user-sunrise-admin',
      isSuperUser: false,
      tenantId: DEMO_TENANTS.apollo.id,
      originalUserEmail: null,
    };
    expect(await claimsOf(tokens.access_token)).toMatchObject(own);

    const asked = authorization('select_tenant');
    const resumed = await session.get(asked.url);
    const done = new URL(await session.followUntil(resumed.location ?? '', redirectUri()));
    expect(await claimsOf((await redeem(session, done, asked.verifier)).access_token)).toMatchObject(own);
  });
});
