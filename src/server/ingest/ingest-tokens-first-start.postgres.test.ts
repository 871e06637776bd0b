import { randomBytes } from 'node:crypto';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { PortalDatabase } from '../db/database.ts';
import { openTestDatabase } from '../db/test-database.ts';
import { DEMO_TENANTS } from '../fixtures/demo-tenants.ts';
import { DEMO_PLAN_SEED, planFleet } from '../simulator/fleet-plan.ts';
import { freePort } from '../testing/free-port.ts';
import { startPortalProcess, type PortalProcess } from '../testing/portal-process.ts';
import { requestJson } from '../testing/sse-test-client.ts';

/**
 * `PORTAL_INGEST_TOKENS` naming a demo tenant on the first start over an empty PostgreSQL (the soak's and tv-load's
 * set-up on a fresh machine): the token is registered once the demo has provisioned its tenant. Registered before, it
 * failed the start with a foreign-key violation (`ingest_tokens_tenant_id_fkey`), as the pool runs the registration
 * beside the demo's provisioning. Runs in the `postgres` vitest project only.
 */

const MAIN = fileURLToPath(new URL('../main.ts', import.meta.url));
const ROOT = fileURLToPath(new URL('../../../', import.meta.url));

let database: PortalDatabase;
let portal: PortalProcess | null = null;
let dataDir = '';
let base = '';
const TENANT = DEMO_TENANTS.apollo.id;
const token = `fpi_test${randomBytes(18).toString('base64url')}`;
const serial = planFleet({ seed: DEMO_PLAN_SEED }).systems.find((system) => system.tenantId === TENANT)?.serialNumber;

beforeAll(async () => {
  database = await openTestDatabase();
  expect(database.kind).toBe('postgres');
  dataDir = mkdtempSync(path.join(tmpdir(), 'fleet-first-start-tokens-'));
  const port = await freePort();
  base = `https://localhost:${port}`;
  portal = await startPortalProcess({
    entry: MAIN,
    cwd: ROOT,
    readyTimeoutMs: 120_000,
    env: {
      DATABASE_URL: database.connectionString ?? '',
      PORTAL_DATA_DIR: dataDir,
      PORTAL_HOST: 'localhost',
      PORTAL_PORT: String(port),
      PORTAL_SEED_DEMO: '1',
      PORTAL_DEMO_HISTORY_DAYS: '1',
      PORTAL_SIMULATOR_LIVE: '0',
      PORTAL_INGEST_TOKENS: `${TENANT}=${token}`,
      PORTAL_LOG_LEVEL: 'warn',
    },
  });
}, 150_000);

afterAll(async () => {
  await portal?.stop();
  await database?.close();
  rmSync(dataDir, { recursive: true, force: true });
}, 60_000);

describe('a first start with the demo and PORTAL_INGEST_TOKENS on PostgreSQL', () => {
  it("starts, and takes telemetry with the configured token of the demo's tenant", async () => {
    const endedAt = Date.now() - 60_000;
    const response = await requestJson(`${base}/api/ingest/telemetry`, {
      method: 'POST',
      authorization: `Bearer ${token}`,
      tls: { ca: readFileSync(path.join(dataDir, 'tls', 'ca.crt'), 'utf8') },
      body: {
        records: [
          {
            kind: 'job',
            id: 'first-start-token-job',
            serial: serial ?? '',
            startedAt: new Date(endedAt - 60_000).toISOString(),
            endedAt: new Date(endedAt).toISOString(),
            impressions: 3,
          },
        ],
      },
    });
    expect(response).toEqual({ status: 200, body: { accepted: 1, updated: 0, duplicates: 0, rejected: [] } });
  });
});
