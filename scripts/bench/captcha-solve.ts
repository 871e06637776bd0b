import { solveChallenge } from '../../src/api/captcha-solver.ts';
import { CAPTCHA_MAX_NUMBER, createCaptchaChallenge } from '../../src/server/users/reset-captcha.ts';

/**
 * How long the reset captcha's proof of work takes with the browser solver's code (Web Crypto SHA-256, sliced, no
 * Worker) on Node: `node scripts/bench/captcha-solve.ts [challenges]`. Prints each solve and the hash rate; the result
 * goes to docs/benchmarks.md ("Reset captcha").
 */
const count = Number(process.argv[2] ?? 20);
const key = Buffer.from('benchmark key');
const times: number[] = [];
for (let index = 0; index < count; index += 1) {
  const challenge = await createCaptchaChallenge(key, new Date());
  const started = performance.now();
  await solveChallenge(challenge);
  times.push(performance.now() - started);
}
times.sort((a, b) => a - b);
const at = (fraction: number) =>
  Math.round(times[Math.min(times.length - 1, Math.floor(fraction * times.length))] ?? 0);
console.log(
  `max number ${CAPTCHA_MAX_NUMBER}, ${count} challenges: p50 ${at(0.5)} ms, p95 ${at(0.95)} ms, max ${at(1)} ms`,
);

const hashes = 20_000;
const challenge = { ...(await createCaptchaChallenge(key, new Date())), challenge: 'none' };
const started = performance.now();
await solveChallenge({ ...challenge, maxnumber: hashes - 1 }).catch(() => undefined);
console.log(`${Math.round(hashes / ((performance.now() - started) / 1000))} hashes/s`);
