import type { CaptchaChallenge } from '../shared/contract/user-access.contract.ts';
import { searchSlice, SLICE, type SolverMessage } from './captcha-search.ts';

/** The reset captcha's proof of work off the main thread (captcha-solver.ts starts it with the challenge). */

/** The dedicated worker's global scope, as far as it is used (the project's lib is DOM's, not WebWorker's). */
interface SolverScope {
  postMessage(message: SolverMessage): void;
  addEventListener(type: 'message', listener: (event: MessageEvent<CaptchaChallenge>) => void): void;
}
const scope = self as unknown as SolverScope;

scope.addEventListener('message', (event) => {
  const challenge = event.data;
  void (async () => {
    for (let from = 0; from <= challenge.maxnumber; from += SLICE) {
      const number = await searchSlice(challenge, from, from + SLICE);
      if (number !== null) return scope.postMessage({ kind: 'done', number });
      scope.postMessage({ kind: 'progress', tried: Math.min(from + SLICE, challenge.maxnumber + 1) });
    }
    return scope.postMessage({ kind: 'done', number: null });
  })();
});
