import { defineConfig } from '@playwright/test';
import { CHROMIUM_LAUNCH_OPTIONS } from './tests/chromium-launch.ts';
import { PORTAL_NODE_FLAGS, PORTAL_START_SCRIPT } from './scripts/portal-node-flags.ts';

/**
 * End-to-end tests drive the real built app in Debian's Chromium through the real embedded IdP.
 * The portal runs on its own port and a fresh data folder (scripts/e2e.ts clears it before the run).
 */
export const E2E_PORT = Number(process.env['E2E_PORT'] ?? 8543);
export const E2E_DATA_DIR = process.env['E2E_DATA_DIR'] ?? 'var/e2e';
/** The public data API's mutual-TLS port in e2e runs (PORTAL_API_MTLS_PORT): the portal's port plus 1000. */
export const E2E_API_MTLS_PORT = E2E_PORT + 1000;
const baseURL = `https://localhost:${E2E_PORT}`;
/** The Apollo demo tenant's ingest token in e2e runs (a test secret, valid only in the e2e data folder). */
export const E2E_INGEST_TOKEN = 'fpi_e2e-live-dashboard-test-token';

export default defineConfig({
  testDir: 'tests/e2e',
  outputDir: 'test-results/e2e',
  fullyParallel: false,
  // One worker: on two cores two Chromium instances saturated the CPU and each test ran about three times slower.
  workers: 1,
  retries: 0,
  timeout: 60_000,
  expect: { timeout: 15_000 },
  reporter: [['list']],
  use: {
    baseURL,
    ignoreHTTPSErrors: true,
    serviceWorkers: 'block',
    // One fixed browser time zone, so dates shown and expected do not depend on the machine running the tests.
    timezoneId: 'UTC',
    locale: 'en-US',
    viewport: { width: 1920, height: 1080 },
    screenshot: 'only-on-failure',
    // Locally a failed test keeps its trace (actions, DOM snapshots, network; no screencast, whose encoding costs CPU).
    // In CI nothing is recorded: every test would pay for the snapshots, and CI keeps only the console output.
    trace: process.env['CI'] ? 'off' : { mode: 'retain-on-failure', screenshots: false },
    launchOptions: CHROMIUM_LAUNCH_OPTIONS,
  },
  webServer: {
    command: ['node', ...PORTAL_NODE_FLAGS, PORTAL_START_SCRIPT].join(' '),
    url: `${baseURL}/api/health`,
    ignoreHTTPSErrors: true,
    timeout: 180_000,
    reuseExistingServer: false,
    stdout: 'pipe',
    stderr: 'pipe',
    env: {
      PORTAL_PORT: String(E2E_PORT),
      PORTAL_DATA_DIR: E2E_DATA_DIR,
      PORTAL_ENVIRONMENT: 'automation',
      // A fresh data folder every run: only the recent window the portal fills before it is ready, so it starts fast.
      PORTAL_DEMO_HISTORY_DAYS: '14',
      // Today's telemetry up to the start and no live loop: today is a day in progress (period-in-progress.spec.ts),
      // and the fleet's data stands still once the portal is ready, so figures the app reads a moment apart (the
      // header's and a report's) describe the same data (tests/e2e/last-update.spec.ts).
      PORTAL_SIMULATOR_LIVE: 'once',
      // The Live Dashboard test ingests a job through POST /api/ingest/telemetry with this token.
      PORTAL_INGEST_TOKENS: `sunrise-apparel=${E2E_INGEST_TOKEN}`,
      // tests/e2e/api-management.spec.ts calls the public data API with the certificate it generates.
      PORTAL_API_MTLS_PORT: String(E2E_API_MTLS_PORT),
    },
  },
});
