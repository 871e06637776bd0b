import { createChallenge, verifySolution } from 'altcha-lib/v1';
import type { Kysely } from 'kysely';
import { Value } from 'typebox/value';
import {
  CaptchaSolutionSchema,
  type CaptchaChallenge,
  type CaptchaSolution,
} from '../../shared/contract/user-access.contract.ts';
import type { Database } from '../db/schema.ts';

/**
 * The captcha of repeated password resets (issue #28, spec shell §2 "captcha step"): a self-hosted proof of work in
 * altcha's protocol (altcha-lib), signed with a key of `portal_secrets`, so no third-party service sees the portal.
 * A solved challenge is accepted once: its signature is recorded in `captcha_spent` (migration 022) until it expires.
 */

/** Resets of one user allowed within RESET_WINDOW_MS without a captcha; the next one needs a solved challenge. */
export const RESETS_WITHOUT_CAPTCHA = 3;
export const RESET_WINDOW_MS = 3_600_000;

/** How long a challenge may be solved and used. */
export const CAPTCHA_TTL_MS = 10 * 60_000;

/**
 * The largest secret number: a browser tries half of them on average, each one SHA-256; about 50,000 hashes take
 * a fraction of a second in a Web Worker (docs/benchmarks.md) and cost a script resetting in bulk the same each time.
 */
export const CAPTCHA_MAX_NUMBER = 100_000;

/** The `portal_secrets` name of the captcha's HMAC key. */
export const CAPTCHA_KEY_NAME = 'captcha-hmac';

export async function createCaptchaChallenge(
  hmacKey: Buffer,
  now: Date,
  maxNumber = CAPTCHA_MAX_NUMBER,
): Promise<CaptchaChallenge> {
  const challenge = await createChallenge({
    algorithm: 'SHA-256',
    hmacKey: hmacKey.toString('base64'),
    maxnumber: maxNumber,
    expires: new Date(now.getTime() + CAPTCHA_TTL_MS),
  });
  return { ...challenge, algorithm: 'SHA-256', maxnumber: challenge.maxnumber ?? maxNumber };
}

/** The solution an X-Recaptcha-Token header carries, or null when it is not altcha's base64 JSON payload. */
function parseSolution(token: string): CaptchaSolution | null {
  try {
    const value: unknown = JSON.parse(Buffer.from(token, 'base64').toString('utf8'));
    return Value.Check(CaptchaSolutionSchema, value) ? value : null;
  } catch {
    return null;
  }
}

/** The expiry a challenge's salt carries (`…?expires=<epoch seconds>&`). */
function expiryOf(solution: CaptchaSolution): Date | null {
  const expires = Number(new URLSearchParams(solution.salt.split('?')[1] ?? '').get('expires'));
  return Number.isSafeInteger(expires) && expires > 0 ? new Date(expires * 1000) : null;
}

export type CaptchaCheck = 'accepted' | 'invalid' | 'reused';

/**
 * Checks a solved challenge and spends it in the caller's tenant transaction. 'invalid': not a payload, a wrong
 * number, a signature not ours, no expiry or an expired one; 'reused': valid but already spent (in any tenant).
 */
export async function spendCaptchaSolution(
  trx: Kysely<Database>,
  options: { hmacKey: Buffer; token: string; tenantId: string; now: Date },
): Promise<CaptchaCheck> {
  const solution = parseSolution(options.token);
  if (solution === null) return 'invalid';
  const expiresAt = expiryOf(solution);
  if (expiresAt === null || expiresAt.getTime() <= options.now.getTime()) return 'invalid';
  // verifySolution also checks the expiry, on the real clock; ours above uses the portal's clock.
  if (!(await verifySolution(solution, options.hmacKey.toString('base64'), false))) return 'invalid';
  await trx.deleteFrom('captcha_spent').where('expires_at', '<', options.now).execute();
  const spent = await trx
    .insertInto('captcha_spent')
    .values({ signature: solution.signature, tenant_id: options.tenantId, expires_at: expiresAt })
    .onConflict((conflict) => conflict.column('signature').doNothing())
    .returning('signature')
    .executeTakeFirst();
  return spent === undefined ? 'reused' : 'accepted';
}
