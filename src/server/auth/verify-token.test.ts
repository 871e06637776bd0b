import { createLocalJWKSet, exportJWK, generateKeyPair, SignJWT, type CryptoKey, type JWTVerifyGetKey } from 'jose';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { DEFAULT_CLAIMS_NAMESPACE } from '../../shared/auth/claims.ts';
import { accessTokenVerifier, MAX_VERIFIED_TOKENS } from './verify-token.ts';

const issuer = 'https://idp.example';
const audience = 'https://portal.example/api';
const options = { issuer, audience, claimsNamespace: DEFAULT_CLAIMS_NAMESPACE };
const NOW_MS = Date.parse('2026-11-30T10:00:00Z');

/** The issuer's key set, counting how often jose asks it for a key: once per verification of a token. */
function countingKeys(keys: JWTVerifyGetKey): { getKey: JWTVerifyGetKey; lookups: () => number } {
  let lookups = 0;
  return {
    getKey: (header, token) => {
      lookups += 1;
      return keys(header, token);
    },
    lookups: () => lookups,
  };
}

describe('accessTokenVerifier', () => {
  let privateKey: CryptoKey;
  let keys: JWTVerifyGetKey;

  beforeAll(async () => {
    const pair = await generateKeyPair('RS256');
    privateKey = pair.privateKey;
    keys = createLocalJWKSet({ keys: [{ ...(await exportJWK(pair.publicKey)), kid: 'k1', alg: 'RS256' }] });
  });

  afterEach(() => {
    vi.useRealTimers();
  });

  function token(subject: string, expiresAtS?: number): Promise<string> {
    const jwt = new SignJWT({})
      .setProtectedHeader({ alg: 'RS256', kid: 'k1' })
      .setIssuer(issuer)
      .setAudience(audience)
      .setSubject(subject);
    return (expiresAtS === undefined ? jwt : jwt.setExpirationTime(expiresAtS)).sign(privateKey);
  }

  it('verifies a token once and answers its later calls with the same claims, in objects of their own', async () => {
    const { getKey, lookups } = countingKeys(keys);
    const verify = accessTokenVerifier(getKey, options);
    const bearer = `Bearer ${await token('user-1', Math.floor(Date.now() / 1000) + 300)}`;
    const first = await verify(bearer);
    const second = await verify(bearer);
    expect(second).toEqual(first);
    expect(second).not.toBe(first);
    expect(second.roles).not.toBe(first.roles);
    expect(first.sub).toBe('user-1');
    expect(lookups()).toBe(1);
    await verify(`Bearer ${await token('user-2', Math.floor(Date.now() / 1000) + 300)}`);
    expect(lookups()).toBe(2);
  });

  it('refuses a kept token from the second of its exp on, as jose does', async () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(NOW_MS);
    const expiresAtS = NOW_MS / 1000 + 60;
    const verify = accessTokenVerifier(keys, options);
    const bearer = `Bearer ${await token('user-1', expiresAtS)}`;
    await verify(bearer);
    vi.setSystemTime(expiresAtS * 1000 - 1);
    expect((await verify(bearer)).sub).toBe('user-1');
    vi.setSystemTime(expiresAtS * 1000);
    await expect(verify(bearer)).rejects.toThrow('The access token has expired');
  });

  it('verifies other bytes on their own while a token is kept', async () => {
    const verify = accessTokenVerifier(keys, options);
    const kept = await token('user-1', Math.floor(Date.now() / 1000) + 300);
    await verify(`Bearer ${kept}`);
    const [header, payload, signature = ''] = kept.split('.');
    const forged = `${header}.${payload}.${signature.startsWith('A') ? 'B' : 'A'}${signature.slice(1)}`;
    await expect(verify(`Bearer ${forged}`)).rejects.toThrow('The access token signature is invalid');
  });

  it('verifies a token without exp on every call', async () => {
    const { getKey, lookups } = countingKeys(keys);
    const verify = accessTokenVerifier(getKey, options);
    const bearer = `Bearer ${await token('user-1')}`;
    await verify(bearer);
    await verify(bearer);
    expect(lookups()).toBe(2);
  });

  it(`keeps at most ${MAX_VERIFIED_TOKENS} tokens, dropping the oldest`, async () => {
    const secret = new TextEncoder().encode('a shared secret of thirty-two bytes!');
    const { getKey, lookups } = countingKeys(() => secret);
    const verify = accessTokenVerifier(getKey, options);
    const expiresAtS = Math.floor(Date.now() / 1000) + 300;
    const bearers = await Promise.all(
      Array.from(
        { length: MAX_VERIFIED_TOKENS + 1 },
        async (_, index) =>
          `Bearer ${await new SignJWT({})
            .setProtectedHeader({ alg: 'HS256' })
            .setIssuer(issuer)
            .setAudience(audience)
            .setSubject(`user-${index}`)
            .setExpirationTime(expiresAtS)
            .sign(secret)}`,
      ),
    );
    for (const bearer of bearers) await verify(bearer);
    expect(lookups()).toBe(MAX_VERIFIED_TOKENS + 1);
    await verify(bearers[1] ?? '');
    await verify(bearers.at(-1) ?? '');
    expect(lookups()).toBe(MAX_VERIFIED_TOKENS + 1);
    await verify(bearers[0] ?? '');
    expect(lookups()).toBe(MAX_VERIFIED_TOKENS + 2);
  });
});
