/**
 * `npm run test:e2e`: builds the SPA, checks the build's JavaScript budgets (scripts/bundle-budget.ts), clears the e2e
 * data folder (each run signs in against a fresh database with freshly seeded demo accounts) and runs Playwright.
 * Extra arguments go to Playwright.
 */
import { rmSync } from 'node:fs';
import { spawnSync } from 'node:child_process';
import { checkBuild, OVER_BUDGET_HINT } from './bundle-budget.ts';

const dataDir = process.env['E2E_DATA_DIR'] ?? 'var/e2e';
rmSync(dataDir, { recursive: true, force: true });

function run(command: string, args: string[]): void {
  const result = spawnSync(command, args, { stdio: 'inherit', env: process.env });
  if (result.status !== 0) process.exit(result.status ?? 1);
}

run('npx', ['vite', 'build', '--logLevel', 'warn']);
if (!checkBuild()) {
  console.error(OVER_BUDGET_HINT);
  process.exit(1);
}
run('npx', ['playwright', 'test', ...process.argv.slice(2)]);
