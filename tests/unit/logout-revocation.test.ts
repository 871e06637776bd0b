import { CacheLookupPolicy, type AccountInfo, type AuthenticationResult } from '@azure/msal-browser';
import * as client from 'openid-client';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { createRefreshTokenTap, revokeRefreshToken } from '../../src/app/auth/token-revocation.ts';
import type { PortalDatabase } from '../../src/server/db/database.ts';
import { openTestDatabase } from '../../src/server/db/test-database.ts';
import { seedDemoAccounts } from '../../src/server/idp/demo-accounts.ts';
import {
  caTrustingFetch,
  createTestCertificate,
  discoverIdp,
  signInWithPkce,
  startIdpTestServer,
  type IdpTestServer,
  type TlsMaterial,
} from '../../src/server/idp/idp-test-harness.ts';

/**
 * Issue #31: logout's revocation (src/app/auth/token-revocation.ts) against the real embedded provider. MSAL stands
 * in by what it does on a silent renewal with a refresh token: a form POST to the token endpoint through its network
 * module, here the portal's refresh-token tap.
 */

let database: PortalDatabase;
let tls: TlsMaterial;
let server: IdpTestServer;
let config: client.Configuration;

beforeAll(async () => {
  [database, tls] = await Promise.all([openTestDatabase(), createTestCertificate()]);
  await seedDemoAccounts(database.db);
  server = await startIdpTestServer({ db: database.db, tls });
  config = await discoverIdp(server, tls.ca);
});

afterAll(async () => {
  await server?.close();
  await database?.close();
});

const ACCOUNT = { homeAccountId: 'user-readonly', username: 'readonly@northwind.demo' } as AccountInfo;

describe("logout's refresh-token revocation", () => {
  it('leaves the refresh token MSAL held, and the one before it, unable to renew', async () => {
    const signedIn = await signInWithPkce(server, tls.ca, config, 'readonly@northwind.demo');
    const send = caTrustingFetch(tls.ca);
    const tap = createRefreshTokenTap(send);
    const msal = {
      acquireTokenSilent: vi.fn(async (): Promise<AuthenticationResult> => {
        await tap.networkClient.sendPostRequestAsync(config.serverMetadata().token_endpoint ?? '', {
          headers: { 'content-type': 'application/x-www-form-urlencoded;charset=utf-8' },
          body: new URLSearchParams({
            client_id: server.config.oidc.clientId,
            grant_type: 'refresh_token',
            refresh_token: signedIn.refresh_token ?? '',
          }).toString(),
        });
        return {} as AuthenticationResult;
      }),
    };

    const revoked = await revokeRefreshToken(
      msal,
      tap,
      {
        account: ACCOUNT,
        scopes: ['user_metadata'],
        authority: server.config.oidc.issuer,
        clientId: server.config.oidc.clientId,
      },
      send,
    );

    expect(revoked).toBe(true);
    expect(msal.acquireTokenSilent).toHaveBeenCalledWith({
      account: ACCOUNT,
      scopes: ['user_metadata'],
      cacheLookupPolicy: CacheLookupPolicy.RefreshToken,
    });
    const held = tap.latestRefreshToken();
    expect(held).toEqual(expect.any(String));
    expect(held).not.toBe(signedIn.refresh_token);
    for (const token of [held ?? '', signedIn.refresh_token ?? '']) {
      await expect(client.refreshTokenGrant(config, token)).rejects.toMatchObject({ error: 'invalid_grant' });
    }
  });
});
