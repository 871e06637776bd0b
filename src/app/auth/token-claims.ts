import { readPortalClaims } from '../../shared/auth/claims.ts';
import type { SessionTokens } from '../../machines/session.machine.ts';

/** Decodes a JWT's payload without verifying it (the API verifies tokens; the browser only reads claims). */
export function decodeJwtPayload(token: string): Record<string, unknown> | null {
  const payload = token.split('.')[1];
  if (!payload) return null;
  try {
    const base64 = payload
      .replace(/-/g, '+')
      .replace(/_/g, '/')
      .padEnd(Math.ceil(payload.length / 4) * 4, '=');
    const bytes = Uint8Array.from(atob(base64), (char) => char.charCodeAt(0));
    const value: unknown = JSON.parse(new TextDecoder().decode(bytes));
    return typeof value === 'object' && value !== null && !Array.isArray(value)
      ? (value as Record<string, unknown>)
      : null;
  } catch {
    return null;
  }
}

/** The part of an MSAL AuthenticationResult the session needs. */
export interface TokenResult {
  accessToken: string;
  idToken: string;
  idTokenClaims: object;
  expiresOn: Date | null;
  account?: { idToken?: string | undefined } | null;
}

/**
 * Session tokens of a sign-in or renewal: claims come from the id token over the access token's payload
 * (both carry the namespaced claims); expiry is the access token's.
 */
export function sessionTokensFrom(result: TokenResult, claimsNamespace: string): SessionTokens {
  const accessPayload = decodeJwtPayload(result.accessToken) ?? {};
  const payload = { ...accessPayload, ...(result.idTokenClaims as Record<string, unknown>) };
  const accessExp = typeof accessPayload['exp'] === 'number' ? accessPayload['exp'] * 1000 : 0;
  return {
    accessToken: result.accessToken,
    // A token served from MSAL's cache may come without the raw id token; the account still carries it.
    idToken: result.idToken || result.account?.idToken || '',
    expiresAt: result.expiresOn?.getTime() ?? accessExp,
    claims: readPortalClaims(payload, claimsNamespace),
  };
}
