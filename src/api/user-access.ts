import type { CaptchaChallenge } from '../shared/contract/user-access.contract.ts';
import {
  CAPTCHA_HEADER,
  CAPTCHA_REQUIRED_CODE,
  CAPTCHA_REQUIRED_STATUS,
} from '../shared/contract/user-access.contract.ts';
import { solveChallenge } from './captcha-solver.ts';
import { customErrorCode } from './error-catalogue.ts';
import { ApiError, getApiClient } from './http-client.ts';

/**
 * Account Management's access calls (spec shell §7, issue #28): send an invitation, reset a password, and solve the
 * captcha the server demands after repeated resets of one user (spec shell §2 "captcha step", §8 "Failed password
 * reset opens the captcha dialog").
 */

/** A password reset the server refused until a captcha is solved (429 with code CAPTCHA_REQUIRED; silent, no toast). */
export class CaptchaRequiredError extends Error {
  override name = 'CaptchaRequiredError';
}

/** Where the set-password page sends the user once the password is set: the portal's start page. */
const redirectUrl = () => `${window.location.origin}/`;

const userPath = (userId: string, call: string) => `/api/users/${encodeURIComponent(userId)}/${call}`;

function isCaptchaRequired(error: unknown): boolean {
  if (!(error instanceof ApiError) || error.failure.kind !== 'http') return false;
  const { status, body } = error.failure;
  return status === CAPTCHA_REQUIRED_STATUS && customErrorCode(body) === CAPTCHA_REQUIRED_CODE;
}

/** E-mails the user a link to set their password (7 days, single use). */
export async function sendInvitation(userId: string): Promise<void> {
  await getApiClient().post({ redirectUrl: redirectUrl() }, userPath(userId, 'invitation')).res();
}

/**
 * E-mails the user a link to choose a new password (1 hour, single use). Rejects with CaptchaRequiredError when the
 * server wants a solved captcha first (pass `solveCaptcha()`'s token then).
 */
export async function resetPassword(userId: string, captchaToken?: string): Promise<void> {
  const headers: Record<string, string> = captchaToken === undefined ? {} : { [CAPTCHA_HEADER]: captchaToken };
  try {
    await getApiClient()
      .headers(headers)
      .post({ redirectUrl: redirectUrl() }, userPath(userId, 'password-reset'))
      .res();
  } catch (error) {
    if (isCaptchaRequired(error)) throw new CaptchaRequiredError('The server asks for a captcha', { cause: error });
    throw error;
  }
}

/**
 * Fetches a challenge and solves it in the browser (a Web Worker running Web Crypto's SHA-256; no third-party
 * service). `onProgress` receives the fraction of possible numbers tried, from 0 once the challenge has arrived.
 * Resolves with the X-Recaptcha-Token value.
 */
export async function solveCaptcha(onProgress: (fraction: number) => void = () => undefined): Promise<string> {
  const challenge = await getApiClient().get('/api/users/captcha-challenge').json<CaptchaChallenge>();
  onProgress(0);
  return solveChallenge(challenge, onProgress);
}
