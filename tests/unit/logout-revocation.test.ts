import { CacheLookupPolicy, type AccountInfo, type AuthenticationResult } from '@azure/msal-browser';
import * as client from 'openid-client';
import { beforeAll, describe, expect, it, vi } from 'vitest';
import { useIdpTestServer } from '../../src/server/idp/use-idp-test-server.ts';
import { createRefreshTokenTap, revokeRefreshToken } from '../../src/app/auth/token-revocation.ts';
import { caTrustingFetch, discoverIdp, signInWithPkce } from '../../src/server/idp/idp-test-harness.ts';

/**
 * Issue #31: logout's revocation (src/app/auth/token-revocation.ts) against the real embedded provider. MSAL stands
 * in by what it does on a silent renewal with a refresh token: a form POST to the token endpoint through its network
 * module, here the portal's refresh-token tap.
 */

const idp = useIdpTestServer();
let config: client.Configuration;

beforeAll(async () => {
  config = await discoverIdp(idp.server, idp.tls.ca);
});

const ACCOUNT = { homeAccountId: 'user-readonly', username: 'readonly@northwind.demo' } as AccountInfo;

describe("logout's refresh-token revocation", () => {
  it('leaves the refresh token MSAL held, and the one before it, unable to renew', async () => {
    const signedIn = await signInWithPkce(idp.server, idp.tls.ca, config, 'readonly@northwind.demo');
    const send = caTrustingFetch(idp.tls.ca);
    const tap = createRefreshTokenTap(send);
    const msal = {
      acquireTokenSilent: vi.fn(async (): Promise<AuthenticationResult> => {
        await tap.networkClient.sendPostRequestAsync(config.serverMetadata().token_endpoint ?? '', {
          headers: { 'content-type': 'application/x-www-form-urlencoded;charset=utf-8' },
          body: new URLSearchParams({
            client_id: idp.server.config.oidc.clientId,
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
        authority: idp.server.config.oidc.issuer,
        clientId: idp.server.config.oidc.clientId,
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
