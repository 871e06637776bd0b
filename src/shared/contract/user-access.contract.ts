import { Type, type Static } from 'typebox';
import { Closed, StringEnum } from './primitives.ts';

/**
 * Contract of Account Management's access calls (spec shell §7, issue #28): the invitation and password-reset e-mails
 * and the captcha that guards repeated resets.
 */

/**
 * POST /api/users/:id/invitation and /api/users/:id/password-reset: where the set-password page sends the user once
 * the password is set. Only the portal's own origin is accepted (anything else is a 400), the page appends nothing.
 */
export const AccessLinkRequestSchema = Closed(
  { redirectUrl: Type.String({ minLength: 1, maxLength: 2048 }) },
  { $id: 'AccessLinkRequest' },
);
export type AccessLinkRequest = Static<typeof AccessLinkRequestSchema>;

/**
 * The header of a password reset that carries a solved captcha (spec shell §7 names it X-Recaptcha-Token; the value
 * is altcha's payload: base64 of the JSON `{ algorithm, challenge, number, salt, signature }`).
 */
export const CAPTCHA_HEADER = 'x-recaptcha-token';

/** The status of a password reset refused until a captcha is solved; 429 is silent in the client's catalogue (§8). */
export const CAPTCHA_REQUIRED_STATUS = 429;

/** The `code` of that answer's error body: the client opens the captcha step on it (spec shell §8). */
export const CAPTCHA_REQUIRED_CODE = 'CAPTCHA_REQUIRED';

/**
 * GET /api/users/captcha-challenge — a proof-of-work challenge (altcha's protocol): find `number` in 0…maxnumber such
 * that hex(SHA-256(salt + number)) equals `challenge`. `signature` is the server's HMAC of the challenge; the salt
 * carries its expiry (`?expires=<epoch seconds>`).
 */
export const CaptchaChallengeSchema = Closed(
  {
    algorithm: StringEnum(['SHA-256']),
    challenge: Type.String(),
    maxnumber: Type.Integer({ minimum: 1 }),
    salt: Type.String(),
    signature: Type.String(),
  },
  { $id: 'CaptchaChallenge' },
);
export type CaptchaChallenge = Static<typeof CaptchaChallengeSchema>;

/** A solved challenge as the X-Recaptcha-Token header carries it, before base64: the challenge plus its `number`. */
export const CaptchaSolutionSchema = Closed({
  algorithm: StringEnum(['SHA-256']),
  challenge: Type.String(),
  number: Type.Integer({ minimum: 0 }),
  salt: Type.String(),
  signature: Type.String(),
});
export type CaptchaSolution = Static<typeof CaptchaSolutionSchema>;
