/**
 * `npm run bench -- fresh-clone [--runs N]` (issue #25): `npm start` on a fresh clone, to its ready line.
 * The clone is the checkout's tree as it would be committed (tracked files and new files git does not ignore, as they
 * are in the working tree), in a temporary folder: no dist/, no var/. Its node_modules/ holds links to the checkout's
 * packages but not the checkout's caches (.cache with the PGlite template, Vite's folders), so the web app is built and
 * the PGlite template created as on a real fresh clone after `npm ci`. Per run:
 * 1. fresh clone → ready (build, template, database, 7 days filled), as after `npm ci --ignore-scripts`;
 * 2. restart → ready (same data folder, unchanged build);
 * 3. first start on a new data folder → ready (build and template present);
 * 4. another fresh clone: `npm ci`'s prepare step (scripts/prepare.mjs), then its first start → ready.
 * Each with the wall time, the CPU seconds of the portal process and its reaped children at the ready line (user +
 * system, /proc/PID/stat), and the lines the start printed with their times. Run it under the measure lock with a high
 * priority (docs/benchmarks.md) and note the load average it prints.
 */
import { execFileSync, spawn } from 'node:child_process';
import fs from 'node:fs';
import { loadavg, tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { freePort } from '../../src/server/testing/free-port.ts';
import { PORTAL_NODE_FLAGS, PORTAL_START_SCRIPT, PREPARE_SCRIPT } from '../portal-node-flags.ts';
import { dependencyBundlesFolder } from '../dependency-bundles.ts';
import { processCpuSeconds, statCpuSeconds } from './proc-cpu.ts';

const ROOT = fileURLToPath(new URL('../..', import.meta.url));
const READY_LINE = 'Fleet Portal ready at';
/** The checkout's caches a fresh clone has none of (`npm ci` creates node_modules without them). */
const NOT_LINKED = new Set(['.cache', '.vite', '.vite-temp', '.vitest-cache']);
/** Lines repeated while a phase runs ("still creating the database (3 s)..."). */
const PROGRESS = /^\s+still /;
/** How long a first start may take after its ready line to make what the next start uses. */
const AFTER_READY_TIMEOUT_MS = 120_000;

/** The checkout's tree as it would be committed, copied to `target`, with node_modules linked to the checkout's. */
export function makeFreshClone(target: string): void {
  const files = execFileSync('git', ['ls-files', '-z', '--cached', '--others', '--exclude-standard'], { cwd: ROOT })
    .toString()
    .split('\0')
    .filter((file) => file !== '' && fs.existsSync(path.join(ROOT, file)));
  for (const file of files) {
    fs.mkdirSync(path.dirname(path.join(target, file)), { recursive: true });
    fs.copyFileSync(path.join(ROOT, file), path.join(target, file));
  }
  const modules = path.join(target, 'node_modules');
  fs.mkdirSync(modules);
  for (const name of fs.readdirSync(path.join(ROOT, 'node_modules'))) {
    if (!NOT_LINKED.has(name)) fs.symlinkSync(path.join(ROOT, 'node_modules', name), path.join(modules, name));
  }
}

interface StartTiming {
  wallMs: number;
  cpuSeconds: number;
  /** The lines printed before the ready line, each with the milliseconds since the start. */
  lines: string[];
}

/**
 * What a first start does after its ready line for the next start (scripts/dependency-bundles.ts): a restart is timed
 * after a first run that had the time to do it, as a portal that ran for a while did.
 */
function afterReadyWork(clone: string): () => Promise<void> {
  return async () => {
    const folder = dependencyBundlesFolder(clone);
    const deadline = Date.now() + AFTER_READY_TIMEOUT_MS;
    while (!fs.existsSync(path.join(folder, 'manifest.json'))) {
      if (Date.now() > deadline) throw new Error(`No dependency bundles in ${folder} after the first start`);
      await new Promise((resolve) => setTimeout(resolve, 200));
    }
  };
}

/**
 * `npm start` in `cwd` (its script: node with the portal's flags, scripts/start.mjs) until the ready line; then stops it,
 * once `beforeStop` is done.
 */
function timeStart(
  cwd: string,
  env: Record<string, string>,
  beforeStop: () => Promise<void> = () => Promise.resolve(),
): Promise<StartTiming> {
  const started = performance.now();
  const child = spawn(process.execPath, [...PORTAL_NODE_FLAGS, PORTAL_START_SCRIPT], {
    cwd,
    env: { ...process.env, ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const lines: string[] = [];
  let pending = '';
  return new Promise((resolve, reject) => {
    let timing: StartTiming | null = null;
    let bannerShown = false;
    const onData = (chunk: Buffer) => {
      pending += chunk.toString();
      const complete = pending.split('\n');
      pending = complete.pop() ?? '';
      for (const line of complete) {
        if (timing !== null) continue;
        const ms = performance.now() - started;
        if (line.includes(READY_LINE)) {
          timing = { wallMs: ms, cpuSeconds: processCpuSeconds(child.pid ?? 0, { reapedChildren: true }), lines };
          beforeStop().then(
            () => child.kill('SIGTERM'),
            (error: unknown) => {
              child.kill('SIGTERM');
              reject(error instanceof Error ? error : new Error(String(error)));
            },
          );
        } else if (line.startsWith('Fleet Portal ')) {
          // The banner: the same at every start.
          bannerShown = true;
        } else if (!bannerShown && !PROGRESS.test(line) && line.trim() !== '') {
          lines.push(`${(ms / 1000).toFixed(2).padStart(6)} s  ${line}`);
        }
      }
    };
    child.stdout.on('data', onData);
    child.stderr.on('data', onData);
    child.once('exit', (code) => {
      if (timing === null) reject(new Error(`npm start exited with ${code} before it was ready:\n${lines.join('\n')}`));
      else resolve(timing);
    });
  });
}

/**
 * `npm ci`'s prepare step in `cwd` (package.json's command line), to its end: the wall time, and the CPU seconds of it
 * and its children (read from the shell that waited for it), and what it printed.
 */
function timePrepare(cwd: string): StartTiming {
  const started = performance.now();
  const command = [process.execPath, ...PORTAL_NODE_FLAGS, PREPARE_SCRIPT].join(' ');
  const out = execFileSync('sh', ['-c', `${command} && echo "CPU $(cat /proc/$$/stat)"`], { cwd }).toString();
  const wallMs = performance.now() - started;
  // The shell's own and its reaped children's: the prepare step and the processes it waited for.
  const cpuSeconds = statCpuSeconds(out.slice(out.lastIndexOf('CPU ') + 4), { reapedChildren: true });
  const lines = out
    .slice(0, out.lastIndexOf('CPU '))
    .split('\n')
    .filter((line) => line.trim() !== '')
    .map((line) => `${(wallMs / 1000).toFixed(2).padStart(6)} s  ${line}`);
  return { wallMs, cpuSeconds, lines };
}

const describe = (label: string, timing: StartTiming, verbose: boolean) => [
  `${label}: ${(timing.wallMs / 1000).toFixed(2)} s wall, ${timing.cpuSeconds.toFixed(2)} s CPU (load average ${(loadavg()[0] ?? 0).toFixed(2)})`,
  ...(verbose ? timing.lines.map((line) => `    ${line}`) : []),
];

export async function benchFreshClone(runs = 1): Promise<string[]> {
  if (!Number.isInteger(runs) || runs < 1) throw new Error('--runs must be a positive integer');
  const out: string[] = [
    `load average at the start: ${loadavg()
      .map((value) => value.toFixed(2))
      .join(' / ')}`,
  ];
  for (let run = 1; run <= runs; run += 1) {
    const clone = fs.mkdtempSync(path.join(tmpdir(), 'fleet-fresh-clone-'));
    try {
      makeFreshClone(clone);
      const env = { PORTAL_PORT: String(await freePort()), PORTAL_LOG_LEVEL: 'warn' };
      out.push(
        ...describe(`run ${run}, fresh clone → ready`, await timeStart(clone, env, afterReadyWork(clone)), true),
      );
      out.push(...describe(`run ${run}, restart → ready`, await timeStart(clone, env), false));
      const newData = { ...env, PORTAL_DATA_DIR: path.join(clone, 'var', 'second') };
      out.push(...describe(`run ${run}, first start, new data folder → ready`, await timeStart(clone, newData), true));
    } finally {
      fs.rmSync(clone, { recursive: true, force: true });
    }
    const prepared = fs.mkdtempSync(path.join(tmpdir(), 'fleet-fresh-clone-'));
    try {
      makeFreshClone(prepared);
      const env = { PORTAL_PORT: String(await freePort()), PORTAL_LOG_LEVEL: 'warn' };
      out.push(...describe(`run ${run}, npm ci's prepare step`, timePrepare(prepared), true));
      out.push(...describe(`run ${run}, fresh clone after prepare → ready`, await timeStart(prepared, env), true));
    } finally {
      fs.rmSync(prepared, { recursive: true, force: true });
    }
  }
  return out;
}
