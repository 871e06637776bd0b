import { createHmac, timingSafeEqual } from 'node:crypto';

/**
 * The signed token of an e-mail's unsubscribe link: which entry of which tenant, for which address, until when;
 * HMAC-SHA256 over exactly those with the portal's key (portal-secrets.ts). A token whose signature does not match
 * (forged or altered), that has expired, or that names another address than the one typed on the page changes nothing.
 */
export interface UnsubscribeClaim {
  tenantId: string;
  scheduleId: string;
  /** The address the e-mail went to, lower-cased. */
  email: string;
  /** Expiry, epoch seconds. */
  expiresAt: number;
}

/** How long an unsubscribe link works: well beyond the weeks a report stays in an inbox. */
export const UNSUBSCRIBE_TOKEN_TTL_S = 180 * 86_400;

export type UnsubscribeCheck =
  { ok: true; claim: UnsubscribeClaim } | { ok: false; reason: 'malformed' | 'forged' | 'expired' | 'wrong-email' };

const signatureOf = (key: Buffer, payload: string) => createHmac('sha256', key).update(payload).digest();

export const normalizeEmail = (email: string) => email.trim().toLowerCase();

export function signUnsubscribeToken(key: Buffer, claim: UnsubscribeClaim): string {
  const payload = Buffer.from(
    JSON.stringify([claim.tenantId, claim.scheduleId, normalizeEmail(claim.email), claim.expiresAt]),
  ).toString('base64url');
  return `${payload}.${signatureOf(key, payload).toString('base64url')}`;
}

function parseClaim(payload: string): UnsubscribeClaim | null {
  try {
    const value: unknown = JSON.parse(Buffer.from(payload, 'base64url').toString('utf8'));
    if (!Array.isArray(value) || value.length !== 4) return null;
    const [tenantId, scheduleId, email, expiresAt] = value as unknown[];
    if (typeof tenantId !== 'string' || typeof scheduleId !== 'string' || typeof email !== 'string') return null;
    if (typeof expiresAt !== 'number' || !Number.isInteger(expiresAt)) return null;
    return { tenantId, scheduleId, email, expiresAt };
  } catch {
    return null;
  }
}

/** Checks `token` against the key, the clock and the address typed on the unsubscribe page. */
export function checkUnsubscribeToken(key: Buffer, token: string, typedEmail: string, now: Date): UnsubscribeCheck {
  const [payload, signature, ...rest] = token.split('.');
  if (payload === undefined || signature === undefined || rest.length > 0) return { ok: false, reason: 'malformed' };
  const expected = signatureOf(key, payload);
  const given = Buffer.from(signature, 'base64url');
  if (given.length !== expected.length || !timingSafeEqual(given, expected)) return { ok: false, reason: 'forged' };
  const claim = parseClaim(payload);
  if (claim === null) return { ok: false, reason: 'malformed' };
  if (claim.expiresAt * 1000 <= now.getTime()) return { ok: false, reason: 'expired' };
  if (normalizeEmail(typedEmail) !== claim.email) return { ok: false, reason: 'wrong-email' };
  return { ok: true, claim };
}
