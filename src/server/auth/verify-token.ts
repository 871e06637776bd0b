import { errors as joseErrors, jwtVerify, type JWTVerifyGetKey } from 'jose';
import { readPortalClaims, type PortalClaims } from '../../shared/auth/claims.ts';
import type { PortalConfig } from '../config.ts';
import { HttpError } from '../http-errors.ts';

/** What token verification needs from the configuration. */
export type TokenVerifyOptions = Pick<PortalConfig['oidc'], 'issuer' | 'audience' | 'claimsNamespace'>;

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
 * Verifies a bearer access token (signature against the issuer's keys, issuer, audience, expiry) and reads the portal's
 * claims from it. Throws a 401 HttpError for a missing, malformed, invalid or expired token, or one without a subject.
 */
export async function verifyAccessToken(
  authorization: string | undefined,
  getKey: JWTVerifyGetKey,
  options: TokenVerifyOptions,
): Promise<PortalClaims> {
  const match = /^Bearer\s+(\S+)\s*$/i.exec(authorization ?? '');
  const token = match?.[1];
  if (token === undefined) throw unauthorized('A bearer access token is required');
  let payload: Record<string, unknown>;
  try {
    ({ payload } = await jwtVerify(token, getKey, { issuer: options.issuer, audience: options.audience }));
  } catch (error) {
    throw unauthorized(describe(error));
  }
  const claims = readPortalClaims(payload, options.claimsNamespace);
  if (claims.sub === '') throw unauthorized('The access token has no subject');
  return claims;
}
