import { spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, describe, expect, it } from 'vitest';
import { freePort } from './testing/free-port.ts';

const MAIN = fileURLToPath(new URL('./main.ts', import.meta.url));
const ROOT = fileURLToPath(new URL('../../', import.meta.url));
const READY = 'Fleet Portal ready at';
const work = fs.mkdtempSync(path.join(os.tmpdir(), 'fleet-web-app-build-'));
afterAll(() => fs.rmSync(work, { recursive: true, force: true }));

/**
 * `npm start` builds the web app beside the portal's start (scripts/start.ts passes the build to main): runs main with
 * `build` (a module expression for the webAppBuild promise) until the ready line or exit, stopping it after the ready line.
 */
async function runMain(name: string, build: string): Promise<{ output: string; code: number | null }> {
  const env: NodeJS.ProcessEnv = {
    ...process.env,
    PORTAL_DATA_DIR: path.join(work, name),
    PORTAL_PORT: String(await freePort()),
    PORTAL_HOST: 'localhost',
    PORTAL_SEED_DEMO: '0',
  };
  delete env['DATABASE_URL'];
  delete env['PORTAL_OIDC_ISSUER'];
  // A script file, not `-e`: PGlite's worker thread inherits the process's flags.
  const script = path.join(work, `${name}.mjs`);
  fs.writeFileSync(
    script,
    `const { main } = await import(${JSON.stringify(MAIN)});\nawait main({ webAppBuild: ${build} });\n`,
  );
  const child = spawn(process.execPath, [script], { cwd: ROOT, env });
  let output = '';
  const collect = (chunk: Buffer) => {
    output += chunk.toString();
    if (output.includes(READY)) child.kill('SIGTERM');
  };
  child.stdout.on('data', collect);
  child.stderr.on('data', collect);
  const code = await new Promise<number | null>((resolve) => child.on('exit', (exitCode) => resolve(exitCode)));
  return { output, code };
}

describe('the web app built beside the start', () => {
  it('prints the ready line only once the build is done', async () => {
    const { output } = await runMain(
      'slow-build',
      `new Promise((resolve) => setTimeout(() => { console.log('build finished'); resolve(); }, 3000))`,
    );
    expect(output).toContain(READY);
    expect(output.indexOf('build finished')).toBeGreaterThan(-1);
    expect(output.indexOf('build finished')).toBeLessThan(output.indexOf(READY));
  });

  it('does not start when the build fails: its message, no stack, exit code 1', async () => {
    const { output, code } = await runMain(
      'failed-build',
      `Promise.reject(new Error('vite build failed (exit code 1)'))`,
    );
    expect(code).toBe(1);
    expect(output).toContain('Fleet Portal cannot start:\nvite build failed (exit code 1)');
    expect(output).not.toContain(READY);
    expect(output).not.toMatch(/\n\s+at /);
  });
});
