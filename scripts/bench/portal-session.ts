/**
 * The real portal for browser benchmarks: scripts/start.ts on a fresh data folder (14 demo days, no live telemetry
 * unless the benchmark asks for it), headless Debian Chromium, signed in through the real sign-in page as the demo
 * admin or another demo account.
 */
import { chromium, type Browser, type Page } from '@playwright/test';
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { existsSync, mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { CHROMIUM_LAUNCH_OPTIONS } from '../../tests/chromium-launch.ts';
import { needsSpaBuild } from '../start.ts';
import { PORTAL_NODE_FLAGS, PORTAL_START_SCRIPT } from '../portal-node-flags.ts';
import { freePort } from '../../src/server/testing/free-port.ts';

const READY_LINE = 'Fleet Portal ready at';
const ADMIN = 'admin@northwind.demo';
const PASSWORD = 'fleet-demo';

/** What a benchmark changes of the portal session. */
export interface PortalSessionOptions {
  /** Demo account to sign in as (default the Northwind admin). */
  email?: string;
  /** PORTAL_* settings over the defaults, e.g. PORTAL_SIMULATOR_LIVE '1' or PORTAL_INGEST_TOKENS. */
  env?: Record<string, string>;
}

function startPortal(
  root: string,
  dataDir: string,
  port: number,
  extraEnv: Record<string, string>,
): Promise<{ child: ChildProcess; url: string }> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, [...PORTAL_NODE_FLAGS, PORTAL_START_SCRIPT], {
      cwd: root,
      env: {
        ...process.env,
        PORTAL_DATA_DIR: dataDir,
        PORTAL_PORT: String(port),
        PORTAL_DEMO_HISTORY_DAYS: '14',
        PORTAL_SIMULATOR_LIVE: '0',
        PORTAL_LOG_LEVEL: 'warn',
        ...extraEnv,
      },
      stdio: ['ignore', 'pipe', 'inherit'],
    });
    let output = '';
    child.stdout?.on('data', (chunk: Buffer) => {
      output += chunk.toString();
      const line = output.split('\n').find((entry) => entry.includes(READY_LINE));
      if (line !== undefined) resolve({ child, url: line.slice(line.indexOf(READY_LINE) + READY_LINE.length).trim() });
    });
    child.once('exit', (code) => {
      if (!output.includes(READY_LINE)) reject(new Error(`portal exited with ${code} before ready:\n${output}`));
    });
  });
}

function stopPortal(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return Promise.resolve();
  return new Promise((resolve) => {
    const timer = setTimeout(() => child.kill('SIGKILL'), 10_000);
    child.once('exit', () => {
      clearTimeout(timer);
      resolve();
    });
    child.kill('SIGTERM');
  });
}

/** Whether the build in `root`/dist has its source maps (filter-change-profile.ts reads them; `npm start`'s build has none). */
function hasSourceMaps(root: string): boolean {
  const assets = path.join(root, 'dist', 'assets');
  return existsSync(assets) && readdirSync(assets).some((name) => name.endsWith('.js.map'));
}

/** The repository root, with dist/ built (with source maps) when it is missing, older than the sources or has none. */
export function builtRoot(): string {
  const root = fileURLToPath(new URL('../..', import.meta.url));
  if (needsSpaBuild(root) || !hasSourceMaps(root)) {
    const build = spawnSync('npx', ['vite', 'build', '--logLevel', 'error'], { cwd: root, stdio: 'inherit' });
    if (build.status !== 0) throw new Error(`vite build failed with ${build.status}`);
  }
  return root;
}

/**
 * Runs `work` with a page of a fresh portal signed in as the demo admin or `options.email` (at the first report), then
 * stops the browser, the portal and removes its data folder.
 */
export async function withSignedInPortal<T>(
  viewport: { width: number; height: number },
  work: (page: Page) => Promise<T>,
  options: PortalSessionOptions = {},
): Promise<T> {
  const root = builtRoot();
  const dataDir = mkdtempSync(path.join(tmpdir(), 'fleet-portal-bench-'));
  let portal: ChildProcess | undefined;
  let browser: Browser | undefined;
  try {
    const started = await startPortal(root, dataDir, await freePort(), options.env ?? {});
    portal = started.child;
    browser = await chromium.launch(CHROMIUM_LAUNCH_OPTIONS);
    const context = await browser.newContext({
      baseURL: started.url,
      ignoreHTTPSErrors: true,
      serviceWorkers: 'block',
      viewport,
      timezoneId: 'UTC',
      locale: 'en-US',
    });
    const page = await context.newPage();
    await page.goto('/');
    await page.getByRole('button', { name: 'Sign in' }).waitFor();
    await page.getByLabel('Email').fill(options.email ?? ADMIN);
    await page.getByLabel('Password').fill(PASSWORD);
    await page.getByRole('button', { name: 'Sign in' }).click();
    await page.waitForURL(/\/reports\/overview/);
    return await work(page);
  } finally {
    await browser?.close();
    if (portal !== undefined) await stopPortal(portal);
    rmSync(dataDir, { recursive: true, force: true });
  }
}
