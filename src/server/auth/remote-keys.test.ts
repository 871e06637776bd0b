import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { exportJWK, generateKeyPair, SignJWT, type CryptoKey } from 'jose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { claimKey, DEFAULT_CLAIMS_NAMESPACE } from '../../shared/auth/claims.ts';
import { remoteKeys } from './remote-keys.ts';
import { accessTokenVerifier } from './verify-token.ts';

/** A stand-in for an external provider (Entra ID, Keycloak…): discovery document and JWKS on loopback. */
describe('remoteKeys (external identity provider)', () => {
  let server: http.Server;
  let issuer: string;
  let privateKey: CryptoKey;
  const audience = 'https://portal.example/api';

  beforeAll(async () => {
    const pair = await generateKeyPair('RS256');
    privateKey = pair.privateKey;
    const jwk = { ...(await exportJWK(pair.publicKey)), kid: 'external-1', alg: 'RS256', use: 'sig' };
    server = http.createServer((request, response) => {
      response.setHeader('content-type', 'application/json');
      if (request.url === '/realm/.well-known/openid-configuration') {
        response.end(JSON.stringify({ issuer, jwks_uri: `${issuer}/keys` }));
      } else if (request.url === '/realm/keys') {
        response.end(JSON.stringify({ keys: [jwk] }));
      } else {
        response.statusCode = 404;
        response.end('{}');
      }
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    issuer = `http://127.0.0.1:${(server.address() as AddressInfo).port}/realm`;
  });

  afterAll(async () => {
    await new Promise((resolve) => server.close(resolve));
  });

  function token(claims: Record<string, unknown>, tokenAudience = audience): Promise<string> {
    return new SignJWT(claims)
      .setProtectedHeader({ alg: 'RS256', kid: 'external-1' })
      .setIssuer(issuer)
      .setAudience(tokenAudience)
      .setSubject('external-user')
      .setIssuedAt()
      .setExpirationTime('5m')
      .sign(privateKey);
  }

  it("verifies the provider's tokens with the keys named by its discovery document", async () => {
    const getKey = await remoteKeys(issuer);
    const verify = accessTokenVerifier(getKey, { issuer, audience, claimsNamespace: DEFAULT_CLAIMS_NAMESPACE });
    const claims = await verify(`Bearer ${await token({ [claimKey(DEFAULT_CLAIMS_NAMESPACE, 'roles')]: ['admin'] })}`);
    expect(claims.sub).toBe('external-user');
    expect(claims.roles).toEqual(['admin']);
  });

  it('rejects its tokens for another audience', async () => {
    const getKey = await remoteKeys(issuer);
    const verify = accessTokenVerifier(getKey, { issuer, audience, claimsNamespace: DEFAULT_CLAIMS_NAMESPACE });
    await expect(verify(`Bearer ${await token({}, 'https://other.example/api')}`)).rejects.toThrow();
  });

  it('fails with the discovery address when the provider cannot be read', async () => {
    await expect(remoteKeys(`${issuer}/missing`)).rejects.toThrow(/discovery document .*\/missing\/.well-known/);
  });
});
