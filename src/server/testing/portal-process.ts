import { spawn, type ChildProcess } from 'node:child_process';

/**
 * Test and benchmark support (not product code): a real portal as an OS process (`src/server/main.ts`, or
 * `scripts/start.ts`, which builds the web app first), started with its own environment and stopped like an operator
 * would, SIGTERM first.
 */

/** What main.ts prints once it accepts connections, followed by its public URL (READY_LINE there). */
const READY_LINE = 'Fleet Portal ready at';
const STOP_GRACE_MS = 10_000;

/** Settings a portal must not inherit from the shell that runs the tests: each process gets only what it is given. */
const INHERITED_PORTAL_SETTINGS = /^(PORTAL_|DATABASE_URL$)/;

export interface PortalProcess {
  child: ChildProcess;
  /** The public URL of the ready line. */
  url: string;
  /** Everything the process wrote so far, stdout and stderr. */
  output(): string;
  /** SIGTERM, then SIGKILL if it has not exited after 10 s; resolves once it has exited. */
  stop(): Promise<void>;
}

export interface PortalProcessOptions {
  /** The script to run with this Node, e.g. the absolute path of src/server/main.ts. */
  entry: string;
  cwd: string;
  /** PORTAL_* settings and DATABASE_URL of this process. */
  env: Record<string, string>;
  /** Give up (and kill the process) when it is not ready after this long. */
  readyTimeoutMs: number;
}

function stopProcess(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return Promise.resolve();
  return new Promise((resolve) => {
    const kill = setTimeout(() => child.kill('SIGKILL'), STOP_GRACE_MS);
    child.once('exit', () => {
      clearTimeout(kill);
      resolve();
    });
    child.kill('SIGTERM');
  });
}

/** Starts a portal process and resolves when it printed its ready line; rejects with its output when it exits first. */
export function startPortalProcess(options: PortalProcessOptions): Promise<PortalProcess> {
  const env = Object.fromEntries(
    Object.entries(process.env).filter(([name]) => !INHERITED_PORTAL_SETTINGS.test(name)),
  ) as NodeJS.ProcessEnv;
  const child = spawn(process.execPath, [options.entry], {
    cwd: options.cwd,
    env: { ...env, ...options.env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  const portal = (url: string): PortalProcess => ({ child, url, output: () => output, stop: () => stopProcess(child) });
  return new Promise((resolve, reject) => {
    const giveUp = setTimeout(() => {
      void stopProcess(child).then(() =>
        reject(new Error(`The portal was not ready after ${options.readyTimeoutMs} ms:\n${output}`)),
      );
    }, options.readyTimeoutMs);
    let ready = false;
    // Read to the end, so a process that logs never blocks on a full pipe.
    const onOutput = (chunk: Buffer) => {
      output += chunk.toString();
      if (ready) return;
      const line = output.split('\n').find((entry) => entry.includes(READY_LINE));
      if (line === undefined) return;
      ready = true;
      clearTimeout(giveUp);
      child.off('exit', onExit);
      resolve(portal(line.slice(line.indexOf(READY_LINE) + READY_LINE.length).trim()));
    };
    const onExit = (code: number | null) => {
      clearTimeout(giveUp);
      reject(new Error(`The portal exited with ${code} before it was ready:\n${output}`));
    };
    child.stdout?.on('data', onOutput);
    child.stderr?.on('data', (chunk: Buffer) => (output += chunk.toString()));
    child.once('exit', onExit);
  });
}
