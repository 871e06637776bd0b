/**
 * Node's flags for the portal's process, wherever it is started: `npm start` (package.json), the e2e run's server
 * (playwright.config.ts) and the benchmarks' portal processes, so what is measured is what runs.
 *
 * `--max-semi-space-size=8`: V8 sizes its young generation by the machine's memory; on a 24 GB machine it grew to
 * 2 × 32 MB under a download's allocation rate, and the 200,000-job XLSX took the process from 200 to 322 MB. With 8 MB
 * semi-spaces (V8's own default on smaller machines) it peaks at 250 MB and finishes sooner (2.2 → 1.9 s): the download's
 * garbage is short-lived, and a smaller young generation is collected more often, in less time each
 * (`npm run bench -- jobs-xlsx`, docs/benchmarks.md). V8 reads the flag only when the process starts.
 */
export const PORTAL_NODE_FLAGS: readonly string[] = ['--max-semi-space-size=8'];

/**
 * The script `npm start` runs, likewise wherever the portal is started: JavaScript, so Node's compile cache is on
 * before its first TypeScript module (scripts/start.mjs).
 */
export const PORTAL_START_SCRIPT = 'scripts/start.mjs';

/** The script `npm ci`'s prepare step runs (package.json), with the same flags: V8 keeps compiled code per set of flags. */
export const PREPARE_SCRIPT = 'scripts/prepare.mjs';
