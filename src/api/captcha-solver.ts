import type { CaptchaChallenge, CaptchaSolution } from '../shared/contract/user-access.contract.ts';
import { searchSlice, SLICE, type SolverMessage } from './captcha-search.ts';

/**
 * Solves a reset captcha challenge in the browser (issue #28): in a Worker, so the page stays responsive while tens of
 * thousands of hashes run; where Workers do not exist (tests' jsdom), in slices that yield to the page between them.
 * `onProgress` receives the fraction of possible numbers tried (0…1). Resolves with the X-Recaptcha-Token value:
 * base64 of altcha's JSON payload.
 */
export async function solveChallenge(
  challenge: CaptchaChallenge,
  onProgress: (fraction: number) => void = () => undefined,
): Promise<string> {
  const total = challenge.maxnumber + 1;
  const number =
    typeof Worker === 'undefined'
      ? await solveInSlices(challenge, (tried) => onProgress(tried / total))
      : await solveInWorker(challenge, (tried) => onProgress(tried / total));
  if (number === null) throw new Error('The captcha challenge has no solution');
  onProgress(1);
  const solution: CaptchaSolution = {
    algorithm: challenge.algorithm,
    challenge: challenge.challenge,
    number,
    salt: challenge.salt,
    signature: challenge.signature,
  };
  return btoa(JSON.stringify(solution));
}

async function solveInSlices(challenge: CaptchaChallenge, onTried: (tried: number) => void): Promise<number | null> {
  for (let from = 0; from <= challenge.maxnumber; from += SLICE) {
    const number = await searchSlice(challenge, from, from + SLICE);
    if (number !== null) return number;
    onTried(Math.min(from + SLICE, challenge.maxnumber + 1));
    await new Promise((resolve) => setTimeout(resolve, 0));
  }
  return null;
}

function solveInWorker(challenge: CaptchaChallenge, onTried: (tried: number) => void): Promise<number | null> {
  const worker = new Worker(new URL('./captcha-solver.worker.ts', import.meta.url), { type: 'module' });
  return new Promise<number | null>((resolve, reject) => {
    worker.addEventListener('message', (event: MessageEvent<SolverMessage>) => {
      if (event.data.kind === 'progress') return onTried(event.data.tried);
      worker.terminate();
      return resolve(event.data.number);
    });
    worker.addEventListener('error', (event) => {
      worker.terminate();
      reject(new Error(`The captcha solver failed: ${event.message}`));
    });
    worker.postMessage(challenge);
  });
}
