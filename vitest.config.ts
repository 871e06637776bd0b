import { availableParallelism } from 'node:os';
import { setFlagsFromString } from 'node:v8';
import { defineConfig } from 'vitest/config';
import react from '@vitejs/plugin-react';
import { storybookTest } from '@storybook/addon-vitest/vitest-plugin';
import { playwright } from '@vitest/browser-playwright';
import { browserDependencyModules } from './tests/browser-dependencies.ts';
import { CHROMIUM_LAUNCH_OPTIONS } from './tests/chromium-launch.ts';
import { databaseSuites } from './tests/database-suites.ts';

/**
 * Database parity: the `node` project always runs the database suites on in-memory PGlite; when TEST_DATABASE_URL
 * names a PostgreSQL server (.ci/run starts one), the `postgres` project runs them again against it: every server
 * test file that opens a test database, directly or through a helper (tests/database-suites.ts).
 */
const postgresUrl = process.env['TEST_DATABASE_URL'] ?? '';
/**
 * Test files that need a PostgreSQL server (LISTEN/NOTIFY between two portals) or its binaries (the cluster of
 * scripts/cluster/); only the `postgres` project runs them.
 */
const POSTGRES_ONLY = '{src/server,scripts}/**/*.postgres.test.ts';

/**
 * V8 crashes now and then (`Check failed: jit_page_->allocations_.erase(addr) == 1`, SIGTRAP) when it tiers up a
 * Wasm-to-JS import wrapper of PGlite (Runtime_TierUpWasmToJSWrapper → WasmImportWrapperCache::Free → FreeCode), the
 * ThreadIsolation bug of nodejs/node#64500 that PGlite churn triggers. Test files open and close a PGlite each, so the
 * test process keeps those wrappers generic: a budget no import call reaches means no wrapper tier-up, no such free.
 * Test files run in worker threads, which share the process's V8 and its flags: `npm run test:unit` starts Vitest with
 * the flag, and a direct `npx vitest` sets it here, before the first worker starts.
 */
setFlagsFromString('--wasm-wrapper-tiering-budget=2147483647');

/**
 * One time zone for every test file, so dates shown and expected do not depend on the machine (the jsdom suites'
 * last-update texts). Set in the main process: worker threads share its zone, a worker's own process.env.TZ is not read.
 */
process.env['TZ'] = 'UTC';

/** Stories run in Debian's Chromium, never a downloaded browser. */
const chromium = playwright({ launchOptions: CHROMIUM_LAUNCH_OPTIONS });

/**
 * Vitest's default is one worker fewer than the CPUs, a single worker on two cores; test files mostly wait on PGlite,
 * PostgreSQL or Chromium, so two run side by side there (docs/architecture.md "Test suites").
 */
const WORKERS = Math.max(2, availableParallelism() - 1);

export default defineConfig({
  plugins: [react()],
  test: {
    maxWorkers: WORKERS,
    // Worker threads, not forks: a thread starts and tears down for less (measured on two cores: the jsdom suites 116 → 75 s,
    // the node suites 342 → 251 s, about half of it system time saved).
    pool: 'threads',
    projects: [
      {
        extends: true,
        test: {
          name: 'node',
          environment: 'node',
          globalSetup: ['tests/pglite-template.global-setup.ts'],
          include: [
            'src/server/**/*.test.ts',
            'src/shared/**/*.test.ts',
            'tests/unit/**/*.test.ts',
            'scripts/**/*.test.ts',
          ],
          // Suites about PostgreSQL itself (two portal processes on one server): the postgres project runs them.
          exclude: ['**/node_modules/**', POSTGRES_ONLY],
          testTimeout: 60_000,
          hookTimeout: 120_000,
          env: { TEST_DATABASE_URL: '' },
        },
      },
      ...(postgresUrl === ''
        ? []
        : [
            {
              extends: true as const,
              test: {
                name: 'postgres',
                environment: 'node' as const,
                include: [...databaseSuites(), POSTGRES_ONLY],
                testTimeout: 60_000,
                hookTimeout: 120_000,
                env: { TEST_DATABASE_URL: postgresUrl },
              },
            },
          ]),
      {
        extends: true,
        test: {
          name: 'dom',
          environment: 'jsdom',
          include: [
            'src/app/**/*.test.{ts,tsx}',
            'src/api/**/*.test.{ts,tsx}',
            'src/runtime/**/*.test.{ts,tsx}',
            'src/machines/**/*.test.{ts,tsx}',
            'src/i18n/**/*.test.{ts,tsx}',
            'panels/**/*.test.{ts,tsx}',
          ],
          setupFiles: ['tests/setup-dom.ts'],
          testTimeout: 30_000,
        },
      },
      {
        // Every story of .storybook/main.ts runs as a test (render + play function) in headless Chromium.
        extends: true,
        plugins: [storybookTest({ configDir: '.storybook' })],
        // Pre-bundle every dependency the stories reach before the first test: a dependency found mid-run makes Vite
        // re-optimize and reload the browser, which fails the stories running at that moment.
        optimizeDeps: {
          entries: ['.storybook/preview.tsx', 'panels/**/*.stories.tsx', 'src/**/*.stories.tsx'],
          // Lazily imported panel and page code is not always found by the scan: every module of a runtime dependency
          // that browser code imports is listed, read from the source (tests/browser-dependencies.ts).
          // axe-core: a devDependency the stories import (Toasts.stories.tsx checks contrast with it).
          include: [...browserDependencyModules(), 'axe-core'],
        },
        test: {
          name: 'storybook',
          browser: { enabled: true, headless: true, provider: chromium, instances: [{ browser: 'chromium' }] },
          testTimeout: 20_000,
        },
      },
    ],
  },
});
