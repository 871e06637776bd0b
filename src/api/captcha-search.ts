import type { CaptchaChallenge } from '../shared/contract/user-access.contract.ts';

/**
 * The proof of work of the reset captcha (altcha's protocol, issue #28): the number n in 0…maxnumber whose
 * hex(SHA-256(salt + n)) is the challenge, found by trying them in order with Web Crypto. Used by the solver's Worker
 * and, where there is no Worker, in slices on the main thread (captcha-solver.ts).
 */

const encoder = new TextEncoder();

async function hexSha256(text: string): Promise<string> {
  const digest = new Uint8Array(await crypto.subtle.digest('SHA-256', encoder.encode(text)));
  let hex = '';
  for (const byte of digest) hex += byte.toString(16).padStart(2, '0');
  return hex;
}

/** Tries `from` … `to - 1` (capped at maxnumber); the number, or null when it is not in that slice. */
export async function searchSlice(challenge: CaptchaChallenge, from: number, to: number): Promise<number | null> {
  const end = Math.min(to, challenge.maxnumber + 1);
  for (let number = from; number < end; number += 1) {
    if ((await hexSha256(`${challenge.salt}${number}`)) === challenge.challenge) return number;
  }
  return null;
}

/** Numbers tried between progress reports (and, on the main thread, between yields to the page). */
export const SLICE = 1000;

/** Messages of the solver's Worker: progress as the fraction of numbers tried, then the number (null: none). */
export type SolverMessage = { kind: 'progress'; tried: number } | { kind: 'done'; number: number | null };
