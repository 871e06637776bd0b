import { errors as joseErrors, jwtVerify, type JWTPayload, type JWTVerifyGetKey } from 'jose';
import { readPortalClaims, type PortalClaims } from '../../shared/auth/claims.ts';
import type { PortalConfig } from '../config.ts';
import { HttpError } from '../http-errors.ts';

/** What token verification needs from the configuration. */
export type TokenVerifyOptions = Pick<PortalConfig['oidc'], 'issuer' | 'audience' | 'claimsNamespace'>;

/** Checks a request's `Authorization` header and answers the portal's claims of its bearer token, or throws a 401. */
export type AccessTokenVerifier = (authorization: string | undefined) => Promise<PortalClaims>;

/** Verified tokens kept at most (a signed-in user's SPA sends one token until it refreshes it); the oldest go first. */
export const MAX_VERIFIED_TOKENS = 4096;

function unauthorized(message: string): HttpError {
  return new HttpError(401, message);
}

function describe(error: unknown): string {
  if (error instanceof joseErrors.JWTExpired) return 'The access token has expired';
  if (error instanceof joseErrors.JWTClaimValidationFailed)
    return `The access token is not valid here: ${error.message}`;
  if (error instanceof joseErrors.JWSSignatureVerificationFailed) return 'The access token signature is invalid';
  if (error instanceof joseErrors.JWKSNoMatchingKey) return 'The access token was signed with an unknown key';
  return 'The access token is invalid';
}

/**
 * Verifies bearer access tokens (signature against the issuer's keys, issuer, audience, expiry) and reads the portal's
 * claims from them. Throws a 401 HttpError for a missing, malformed, invalid or expired token, or one without a subject.
 *
 * A token that verified is kept, by its exact text, until its `exp` (a token without one is verified on every call):
 * the same bytes verify the same way against the same keys, issuer and audience, and the only check that changes with
 * time is `exp` (jose's `nbf` check can only turn from failing to passing), so a kept token is answered as jose would
 * answer it, without an RSA verification per call. Failures are not kept. One consequence: a key the provider removes
 * keeps its already-verified tokens accepted until they expire (docs/architecture.md "Process start", item 7).
 */
export function accessTokenVerifier(getKey: JWTVerifyGetKey, options: TokenVerifyOptions): AccessTokenVerifier {
  const verified = new Map<string, { payload: JWTPayload; expiresAtMs: number }>();

  function keep(token: string, payload: JWTPayload, now: number): void {
    if (payload.exp === undefined) return;
    for (const [kept, { expiresAtMs }] of verified) if (expiresAtMs <= now) verified.delete(kept);
    const oldest = verified.keys().next();
    if (verified.size >= MAX_VERIFIED_TOKENS && oldest.done !== true) verified.delete(oldest.value);
    verified.set(token, { payload, expiresAtMs: payload.exp * 1000 });
  }

  async function payloadOf(token: string): Promise<JWTPayload> {
    const now = Date.now();
    const kept = verified.get(token);
    // jose refuses a token once its whole-second clock reaches `exp`, i.e. from exp × 1000 ms on.
    if (kept !== undefined && now < kept.expiresAtMs) return kept.payload;
    let payload: JWTPayload;
    try {
      ({ payload } = await jwtVerify(token, getKey, { issuer: options.issuer, audience: options.audience }));
    } catch (error) {
      throw unauthorized(describe(error));
    }
    keep(token, payload, now);
    return payload;
  }

  return async (authorization) => {
    const match = /^Bearer\s+(\S+)\s*$/i.exec(authorization ?? '');
    const token = match?.[1];
    if (token === undefined) throw unauthorized('A bearer access token is required');
    const claims = readPortalClaims(await payloadOf(token), options.claimsNamespace);
    if (claims.sub === '') throw unauthorized('The access token has no subject');
    return claims;
  };
}
