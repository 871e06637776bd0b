/**
 * `npm run test:e2e`: builds the SPA, clears the e2e data folder (each run signs in against a fresh database
 * with freshly seeded demo accounts) and runs Playwright. Extra arguments go to Playwright.
 */
import { rmSync } from 'node:fs';
import { spawnSync } from 'node:child_process';

const dataDir = process.env['E2E_DATA_DIR'] ?? 'var/e2e';
rmSync(dataDir, { recursive: true, force: true });

function run(command: string, args: string[]): void {
  const result = spawnSync(command, args, { stdio: 'inherit', env: process.env });
  if (result.status !== 0) process.exit(result.status ?? 1);
}

run('npx', ['vite', 'build', '--logLevel', 'warn']);
run('npx', ['playwright', 'test', ...process.argv.slice(2)]);
