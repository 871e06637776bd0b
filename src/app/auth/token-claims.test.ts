import { describe, expect, it } from 'vitest';
import { decodeJwtPayload, sessionTokensFrom } from './token-claims.ts';
import { fakeJwt } from '../testing/fake-identity.ts';

const NS = 'https://fleet-portal/';

describe('decodeJwtPayload', () => {
  it('reads the payload of a JWT, including non-ASCII text', () => {
    expect(decodeJwtPayload(fakeJwt({ sub: 'u1', name: 'Zoë' }))).toEqual({ sub: 'u1', name: 'Zoë' });
  });

  it('gives null for anything that is not a JWT with an object payload', () => {
    expect(decodeJwtPayload('opaque-token')).toBeNull();
    expect(decodeJwtPayload('a.%%%.c')).toBeNull();
    expect(decodeJwtPayload(`x.${btoa('[1,2]')}.y`)).toBeNull();
  });
});

describe('sessionTokensFrom', () => {
  it('reads namespaced claims from the id token over the access token, and the access-token expiry', () => {
    const accessToken = fakeJwt({ sub: 'u1', exp: 2_000, [`${NS}roles`]: ['admin'], [`${NS}tenant_id`]: 't1' });
    const tokens = sessionTokensFrom(
      {
        accessToken,
        idToken: 'id',
        idTokenClaims: { sub: 'u1', email: 'a@b.c', [`${NS}given_name`]: 'Ada', [`${NS}roles`]: ['admin', 'bogus'] },
        expiresOn: new Date(1_000_000),
      },
      NS,
    );
    expect(tokens.expiresAt).toBe(1_000_000);
    expect(tokens.claims).toMatchObject({
      sub: 'u1',
      email: 'a@b.c',
      givenName: 'Ada',
      roles: ['admin'],
      tenantId: 't1',
    });
  });

  it("falls back to the access token's exp claim when MSAL gives no expiry", () => {
    const tokens = sessionTokensFrom(
      { accessToken: fakeJwt({ sub: 'u1', exp: 2_000 }), idToken: 'id', idTokenClaims: {}, expiresOn: null },
      NS,
    );
    expect(tokens.expiresAt).toBe(2_000_000);
    expect(tokens.claims.sub).toBe('u1');
  });
});
