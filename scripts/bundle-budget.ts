/**
 * `npm run bundle:budget`: the JavaScript each route loads in the last build (`dist/`), gzip, against its budget
 * (scripts/bundle-budget/route-budgets.ts). Prints the table; exits 1 when a route is over. `npm run test:e2e` checks
 * its own build the same way (one build per `npm test`).
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';
import { budgetTable, checkBudgets } from './bundle-budget/budget.ts';
import type { Manifest } from './bundle-budget/route-closure.ts';
import { routeBudgets } from './bundle-budget/route-budgets.ts';

/** Checks the build in `distDir`; returns whether every route is within its budget. */
export function checkBuild(distDir = 'dist'): boolean {
  const manifest = JSON.parse(readFileSync(join(distDir, '.vite/manifest.json'), 'utf8')) as Manifest;
  // Level 9, as the build's precompressed .gz copies that the portal serves.
  const gzipBytesOf = (file: string): number => gzipSync(readFileSync(join(distDir, file)), { level: 9 }).length;
  const results = checkBudgets(manifest, routeBudgets(manifest), gzipBytesOf);
  console.log(budgetTable(results));
  return results.every((result) => !result.over);
}

export const OVER_BUDGET_HINT =
  'JavaScript over budget: `npm run build:report` shows what each chunk holds (var/bundle-report.html).';

if (import.meta.main && !checkBuild()) {
  console.error(OVER_BUDGET_HINT);
  process.exit(1);
}
