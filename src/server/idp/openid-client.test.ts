import { randomBytes } from 'node:crypto';
import * as client from 'openid-client';
import { beforeAll, describe, expect, it } from 'vitest';
import { useIdpTestServer } from './use-idp-test-server.ts';
import { discoverIdp, HttpsSession, signInWithPkce } from './idp-test-harness.ts';

/**
 * Issue #31: the embedded provider as a standard relying party sees it (openid-client 6): it offers the
 * authorization-code flow with PKCE and refresh tokens only, refuses implicit and hybrid requests, and revokes.
 */

const idp = useIdpTestServer();
let config: client.Configuration;

beforeAll(async () => {
  config = await discoverIdp(idp.server, idp.tls.ca);
});

const redirectUri = () => `${idp.server.config.publicUrl}/redirect.html`;
const signIn = (email: string) => signInWithPkce(idp.server, idp.tls.ca, config, email);

describe('the embedded provider, seen by openid-client', () => {
  it('advertises the authorization-code flow with PKCE, refresh tokens and revocation only', () => {
    const metadata = config.serverMetadata();
    expect(metadata.grant_types_supported).toEqual(['authorization_code', 'refresh_token']);
    expect(metadata.response_types_supported).toEqual(['code']);
    expect(metadata.code_challenge_methods_supported).toEqual(['S256']);
    expect(metadata.revocation_endpoint).toBe(`${idp.server.config.oidc.issuer}/token/revocation`);
  });

  it.each(['id_token token', 'id_token', 'code id_token', 'token'])(
    'refuses response_type=%s',
    async (responseType) => {
      const request = client.buildAuthorizationUrl(config, {
        redirect_uri: redirectUri(),
        scope: 'openid',
        response_type: responseType,
        nonce: randomBytes(8).toString('hex'),
        state: 'implicit',
      });
      const answer = await new HttpsSession(idp.server.config.publicUrl, idp.tls.ca).get(request.href);
      // Back to the portal with an error and nothing else: no token, no code.
      expect(answer.status).toBe(303);
      const back = new URL(answer.location ?? '');
      expect(`${back.origin}${back.pathname}`).toBe(redirectUri());
      const fields = new URLSearchParams(back.hash.slice(1));
      expect(fields.get('error')).toBe('unsupported_response_type');
      expect([...fields.keys()].sort()).toEqual(['error', 'error_description', 'iss', 'state']);
    },
  );

  it('signs in with PKCE and renews with the refresh token', async () => {
    const tokens = await signIn('admin@northwind.demo');
    expect(tokens.refresh_token).toEqual(expect.any(String));
    const renewed = await client.refreshTokenGrant(config, tokens.refresh_token ?? '');
    expect(renewed.access_token).toEqual(expect.any(String));
  });

  it('revokes a refresh token at its revocation endpoint', async () => {
    const tokens = await signIn('scheduler@northwind.demo');
    await client.tokenRevocation(config, tokens.refresh_token ?? '', { token_type_hint: 'refresh_token' });
    await expect(client.refreshTokenGrant(config, tokens.refresh_token ?? '')).rejects.toMatchObject({
      error: 'invalid_grant',
    });
  });
});
