import { spawn, type ChildProcessWithoutNullStreams } from 'node:child_process';
import fs from 'node:fs';
import https from 'node:https';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { freePort } from './testing/free-port.ts';

const MAIN = fileURLToPath(new URL('./main.ts', import.meta.url));
const ROOT = fileURLToPath(new URL('../../', import.meta.url));

interface Portal {
  child: ChildProcessWithoutNullStreams;
  output: () => string;
  exited: Promise<number | null>;
}

/** Runs src/server/main.ts on the Node running the tests (Node 24), like `npm start` does after its build step. */
function startPortal(dataDir: string, port: number): Portal {
  const env: NodeJS.ProcessEnv = {
    ...process.env,
    PORTAL_DATA_DIR: dataDir,
    PORTAL_PORT: String(port),
    PORTAL_HOST: 'localhost',
    // A two-day history, all filled before the ready line: a quick start and no background backfill competing with other tests.
    PORTAL_DEMO_HISTORY_DAYS: '2',
  };
  delete env['DATABASE_URL'];
  delete env['PORTAL_OIDC_ISSUER'];
  const child = spawn(process.execPath, [MAIN], { cwd: ROOT, env });
  let output = '';
  child.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()));
  child.stderr.on('data', (chunk: Buffer) => (output += chunk.toString()));
  const exited = new Promise<number | null>((resolve) => child.on('exit', (code) => resolve(code)));
  return { child, output: () => output, exited };
}

async function waitForReady(portal: Portal): Promise<void> {
  const deadline = Date.now() + 100_000;
  while (!portal.output().includes('Fleet Portal ready at')) {
    if (portal.child.exitCode !== null) throw new Error(`The portal exited early:\n${portal.output()}`);
    if (Date.now() > deadline) throw new Error(`The portal did not become ready:\n${portal.output()}`);
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
}

async function waitForOutput(portal: Portal, text: string): Promise<void> {
  const deadline = Date.now() + 30_000;
  while (!portal.output().includes(text)) {
    if (Date.now() > deadline) throw new Error(`The portal never printed '${text}':\n${portal.output()}`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

function getJson(
  url: string,
  ca: string,
  headers: Record<string, string> = {},
): Promise<{ status: number; body: unknown }> {
  return new Promise((resolve, reject) => {
    https
      .get(url, { ca, rejectUnauthorized: true, headers }, (response) => {
        let text = '';
        response.on('data', (chunk: Buffer) => (text += chunk.toString()));
        response.on('end', () => resolve({ status: response.statusCode ?? 0, body: JSON.parse(text) }));
      })
      .on('error', reject);
  });
}

describe('the portal process', () => {
  let dataDir: string;
  let port: number;
  let first: Portal;

  beforeAll(async () => {
    dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'portal-process-'));
    port = await freePort();
    first = startPortal(dataDir, port);
    await waitForReady(first);
  }, 120_000);

  afterAll(async () => {
    if (first.child.exitCode === null) {
      first.child.kill('SIGKILL');
      await first.exited;
    }
    fs.rmSync(dataDir, { recursive: true, force: true });
  });

  it('prints the URL, the demo accounts and how to trust the CA, and ends the banner with the ready line', () => {
    const lines = first.output().split('\n');
    const bannerStart = lines.findIndex((line) => line.startsWith('Fleet Portal 1.'));
    const readyAt = lines.indexOf(`Fleet Portal ready at https://localhost:${port}`);
    expect(bannerStart).toBeGreaterThan(-1);
    expect(readyAt).toBeGreaterThan(bannerStart);
    const banner = lines.slice(bannerStart, readyAt + 1).join('\n');
    for (const email of ['admin@northwind.demo', 'admin@sunrise.demo', 'owner@cornerprint.demo']) {
      expect(banner).toContain(email);
    }
    expect(banner).toContain('NODE_EXTRA_CA_CERTS');
  });

  it('keeps log lines out of the start-up text: they follow the ready line', async () => {
    await waitForOutput(first, 'Server listening');
    const lines = first.output().split('\n');
    const readyAt = lines.indexOf(`Fleet Portal ready at https://localhost:${port}`);
    const logLines = lines.flatMap((line, index) => (line.startsWith('{') ? [index] : []));
    expect(logLines.length).toBeGreaterThan(0);
    expect(logLines.every((index) => index > readyAt)).toBe(true);
    expect(lines[readyAt + 1]).toContain('"msg":"Server listening at https://127.0.0.1:');
  });

  it('says how much of the history is ready at the ready line, in words and with a true record count', () => {
    const output = first.output();
    expect(output).toContain('Fleet history: filling the newest 2 days of 2 before the start...\n');
    expect(output).toMatch(/\nFleet history: 2 of 2 days ready \([1-9][\d,]* records in \d+\.\d s\)\.\n/);
    expect(output).toMatch(
      /\n {2}Demo data: simulated fleet, history \S+ to \S+ \(all 2 days ready\); live telemetry /,
    );
    expect(output).not.toMatch(/ 0 records/);
  });

  it('answers /api/health over HTTPS with a certificate from its own CA', async () => {
    const ca = fs.readFileSync(path.join(dataDir, 'tls', 'ca.crt'), 'utf8');
    const health = await getJson(`https://localhost:${port}/api/health`, ca);
    expect(health).toEqual({
      status: 200,
      body: {
        status: 'ok',
        database: 'pglite',
        version: expect.any(String),
        history: { daysAvailable: 2, daysTotal: 2 },
      },
    });
  });

  it('accepts a request head of 40 KB (report URLs carry the machine-tree selection)', async () => {
    const ca = fs.readFileSync(path.join(dataDir, 'tls', 'ca.crt'), 'utf8');
    const health = await getJson(`https://localhost:${port}/api/health`, ca, { 'x-long': 'x'.repeat(40_000) });
    expect(health.status).toBe(200);
  });

  it('refuses a second process on the same data folder with a clear message', async () => {
    const second = startPortal(dataDir, port);
    const code = await second.exited;
    expect(code).not.toBe(0);
    expect(second.output()).toContain(
      `Another portal process (pid ${first.child.pid}) is using the data folder ${dataDir}`,
    );
  }, 60_000);

  it('shuts down cleanly on SIGTERM, releasing the lock', async () => {
    first.child.kill('SIGTERM');
    expect(await first.exited).toBe(0);
    expect(first.output()).toContain('Fleet Portal stopped.');
    expect(fs.existsSync(path.join(dataDir, 'db', 'portal.lock'))).toBe(false);
  }, 30_000);
});
