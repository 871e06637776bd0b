import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { ROLE } from '../../shared/auth/roles.ts';
import { DEMO_TENANTS } from '../fixtures/demo-tenants.ts';
import { seedDemoAccounts } from '../idp/demo-accounts.ts';
import { registerIdentityProvider } from '../idp/identity-provider.ts';
import { createApiTestHarness, type ApiTestHarness } from '../testing/api-test-harness.ts';
import { issuePickerToken, PICKER_TOKEN_TTL_MS, type PickerSignIn } from './picker-store.ts';

/**
 * GET /api/super-users/get-super-user-tenants and /login-callback (spec shell §4 "Tenant search", §5, §7, §8;
 * issue #28 item 2): authorised only by the sign-in's sessionToken of a super user; anyone else gets 403.
 */

const START = new Date('2026-03-02T09:00:00Z');
let now = START;
let h: ApiTestHarness;
let keysDir: string;

/** Extra tenants whose names differ in letter case, to see the search ignore it and the sort too. */
const ALP_TENANTS = [
  { id: 'alpine-works', name: 'alpine Works' },
  { id: 'alpha-prints', name: 'Alpha Prints' },
  { id: 'alpaca-textiles', name: 'ALPACA Textiles' },
];

beforeAll(async () => {
  keysDir = await mkdtemp(path.join(tmpdir(), 'fleet-super-users-'));
  h = await createApiTestHarness({
    registerExtras: async (app, config, db) => {
      await registerIdentityProvider(app, { config, db, keysDir, clock: () => now });
    },
  });
  await seedDemoAccounts(h.database.db);
  await h.database.db.insertInto('tenants').values(ALP_TENANTS).execute();
});

afterAll(async () => {
  await h?.close();
  await rm(keysDir, { recursive: true, force: true });
});

beforeEach(() => {
  now = START;
});

let signIns = 0;
/** A sessionToken as the identity provider issues it at a sign-in's tenant step. */
async function sessionTokenFor(userId: string): Promise<{ sessionToken: string; state: string }> {
  signIns += 1;
  const signIn: PickerSignIn = {
    userId,
    interactionUid: `interaction-${signIns}`,
    sessionUid: `session-${signIns}`,
    loginTs: Math.floor(now.getTime() / 1000),
  };
  return { sessionToken: await issuePickerToken(h.database.db, signIn, now), state: signIn.interactionUid };
}

async function get(route: string, query: Record<string, string>, headers: Record<string, string> = {}) {
  return h.app.inject({
    method: 'GET',
    url: `/api/super-users/${route}?${new URLSearchParams(query)}`,
    headers,
  });
}

const search = (sessionToken: string, namePattern: string) =>
  get('get-super-user-tenants', { sessionToken, namePattern });

describe('GET /api/super-users/get-super-user-tenants', () => {
  it('lists the tenants whose name contains the pattern in any letter case, sorted by name case-insensitively', async () => {
    const { sessionToken } = await sessionTokenFor('user-super');
    const alp = await search(sessionToken, 'ALP');
    expect(alp.statusCode).toBe(200);
    expect(alp.headers['cache-control']).toBe('no-store');
    expect(alp.json()).toEqual([
      { id: 'alpaca-textiles', name: 'ALPACA Textiles' },
      { id: 'alpha-prints', name: 'Alpha Prints' },
      { id: 'alpine-works', name: 'alpine Works' },
    ]);
    expect((await search(sessionToken, 'textiles')).json()).toEqual([
      { id: 'alpaca-textiles', name: 'ALPACA Textiles' },
      DEMO_TENANTS.main,
    ]);
    expect((await search(sessionToken, 'no such customer')).json()).toEqual([]);
  });

  it('matches the pattern literally: LIKE wildcards are plain characters', async () => {
    const { sessionToken } = await sessionTokenFor('user-super');
    expect((await search(sessionToken, '%%%')).json()).toEqual([]);
    expect((await search(sessionToken, '___')).json()).toEqual([]);
  });

  it('refuses a pattern under 3 characters, or none, with a 400 naming the rule', async () => {
    const { sessionToken } = await sessionTokenFor('user-super');
    const short = await search(sessionToken, 'Al');
    expect(short.statusCode).toBe(400);
    expect(short.json<{ message: string }>().message).toMatch(/namePattern.*must NOT have fewer than 3 characters/);
    expect((await get('get-super-user-tenants', { sessionToken })).statusCode).toBe(400);
    expect((await get('get-super-user-tenants', { namePattern: 'Northwind' })).statusCode).toBe(400);
  });

  it('answers 403 to a sessionToken of a user who is not a super user', async () => {
    const { sessionToken } = await sessionTokenFor('user-admin');
    const refused = await search(sessionToken, 'Northwind');
    expect(refused.statusCode).toBe(403);
    expect(refused.body).not.toContain(DEMO_TENANTS.main.name);
  });

  it("answers 403 to a normal user's bearer token (it is not the sign-in's sessionToken)", async () => {
    const authorization = await h.bearer({ sub: 'user-admin', tenantId: DEMO_TENANTS.main.id, roles: [ROLE.Admin] });
    const refused = await get(
      'get-super-user-tenants',
      { sessionToken: 'not-a-picker-token', namePattern: 'Northwind' },
      { authorization },
    );
    expect(refused.statusCode).toBe(403);
  });

  it('answers 403 to an unknown sessionToken and to one past its lifetime', async () => {
    expect((await search('made-up-token', 'Northwind')).statusCode).toBe(403);
    const { sessionToken } = await sessionTokenFor('user-super');
    now = new Date(START.getTime() + PICKER_TOKEN_TTL_MS - 1000);
    expect((await search(sessionToken, 'Northwind')).statusCode).toBe(200);
    now = new Date(START.getTime() + PICKER_TOKEN_TTL_MS);
    expect((await search(sessionToken, 'Northwind')).statusCode).toBe(403);
  });
});

describe('GET /api/super-users/login-callback', () => {
  it("records the choice (who, when, which tenant) and answers the identity provider's URL of the sign-in step", async () => {
    const picker = await sessionTokenFor('user-super');
    const chosen = await get('login-callback', { selectedTenantId: DEMO_TENANTS.small.id, ...picker });
    expect(chosen.statusCode).toBe(200);
    expect(chosen.json()).toEqual({ callbackUrl: `${h.config.oidc.issuer}/interaction/${picker.state}` });
    expect(h.config.oidc.issuer).toBe(`${h.config.publicUrl}/idp`);

    const audit = await h.database.db
      .selectFrom('super_user_tenant_choices')
      .select(['user_id', 'user_email', 'tenant_id', 'interaction_uid', 'chosen_at'])
      .where('interaction_uid', '=', picker.state)
      .execute();
    expect(audit).toEqual([
      {
        user_id: 'user-super',
        user_email: 'super@fleet-portal.demo',
        tenant_id: DEMO_TENANTS.small.id,
        interaction_uid: picker.state,
        chosen_at: START,
      },
    ]);
  });

  it('spends the sessionToken: a second choice and a later search get 403', async () => {
    const picker = await sessionTokenFor('user-super');
    expect((await get('login-callback', { selectedTenantId: DEMO_TENANTS.small.id, ...picker })).statusCode).toBe(200);
    expect((await get('login-callback', { selectedTenantId: DEMO_TENANTS.main.id, ...picker })).statusCode).toBe(403);
    expect((await search(picker.sessionToken, 'Northwind')).statusCode).toBe(403);
  });

  it('refuses another sign-in step (state) and an expired token with 403, recording nothing', async () => {
    const picker = await sessionTokenFor('user-super');
    const otherStep = await get('login-callback', {
      selectedTenantId: DEMO_TENANTS.small.id,
      sessionToken: picker.sessionToken,
      state: 'interaction-of-someone-else',
    });
    expect(otherStep.statusCode).toBe(403);
    now = new Date(START.getTime() + PICKER_TOKEN_TTL_MS);
    expect((await get('login-callback', { selectedTenantId: DEMO_TENANTS.small.id, ...picker })).statusCode).toBe(403);
    const recorded = await h.database.db
      .selectFrom('super_user_tenant_choices')
      .select('id')
      .where('interaction_uid', '=', picker.state)
      .execute();
    expect(recorded).toEqual([]);
  });

  it('answers 403 to a sessionToken of a user who is not a super user', async () => {
    const picker = await sessionTokenFor('user-readonly');
    expect((await get('login-callback', { selectedTenantId: DEMO_TENANTS.small.id, ...picker })).statusCode).toBe(403);
  });

  it('answers 404 for an unknown tenant and leaves the token usable for a real choice', async () => {
    const picker = await sessionTokenFor('user-super');
    expect((await get('login-callback', { selectedTenantId: 'no-such-tenant', ...picker })).statusCode).toBe(404);
    expect((await get('login-callback', { selectedTenantId: DEMO_TENANTS.apollo.id, ...picker })).statusCode).toBe(200);
  });

  it('refuses a missing parameter with a 400', async () => {
    const picker = await sessionTokenFor('user-super');
    const missing = await get('login-callback', picker);
    expect(missing.statusCode).toBe(400);
    expect(missing.json<{ message: string }>().message).toContain('selectedTenantId');
  });
});
