import { cpSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { PortalDatabase } from '../db/database.ts';
import { openTestDatabase } from '../db/test-database.ts';
import { DEMO_TENANTS } from '../fixtures/demo-tenants.ts';
import { freePort } from '../idp/idp-test-harness.ts';
import { DEMO_PASSWORD, seedDemoAccounts } from '../idp/demo-accounts.ts';
import { loadOrCreateIdpKeys } from '../idp/idp-keys.ts';
import { createIngestToken } from '../ingest/ingest-tokens.ts';
import { seedApolloHall } from '../testing/apollo-hall.ts';
import { signInOverHttp } from '../testing/oidc-sign-in.ts';
import { startPortalProcess, type PortalProcess } from '../testing/portal-process.ts';
import { openSseStream, requestJson, type SseTestStream } from '../testing/sse-test-client.ts';
import { ensureLocalCertificates, requiredNames } from '../tls/local-ca.ts';

/**
 * Two portal processes on one PostgreSQL database (issue #15: "with two portal processes on one PostgreSQL, a record
 * ingested through either reaches dashboards connected to both"): `src/server/main.ts` twice, each with its own port,
 * data folder, connection pool and LISTEN connection, the live simulator off. They are deployed as replicas are behind
 * one address: the same public URL (so the same token issuer and audience) and the same key folder (TLS certificate and
 * the embedded identity provider's signing keys, as a deployment distributes its secrets), so the access token the
 * first one issues through its sign-in page is valid at both. Runs in the `postgres` vitest project only.
 */

const MAIN = fileURLToPath(new URL('../main.ts', import.meta.url));
const ROOT = fileURLToPath(new URL('../../../', import.meta.url));
const TENANT = DEMO_TENANTS.apollo.id;
const SERIAL = 'APL-1';
const READY_TIMEOUT_MS = 90_000;

let database: PortalDatabase;
const dataDirs: string[] = [];
const portals: PortalProcess[] = [];
const streams: SseTestStream[] = [];
let ca = '';
let bearer = '';
let ingestToken = '';
let ports: number[] = [];

beforeAll(async () => {
  database = await openTestDatabase();
  expect(database.kind).toBe('postgres');
  await seedDemoAccounts(database.db);
  await seedApolloHall(database.db, TENANT, [SERIAL], []);
  ingestToken = await createIngestToken(database.db, TENANT);

  ports = [await freePort(), await freePort()];
  const publicUrl = `https://localhost:${ports[0]}`;
  for (let index = 0; index < 2; index += 1) dataDirs.push(mkdtempSync(path.join(tmpdir(), 'fleet-two-portals-')));
  // The shared key folder, made by the portal's own code: the first replica's, copied to the second.
  const [firstDir = '', secondDir = ''] = dataDirs;
  const tls = await ensureLocalCertificates(
    path.join(firstDir, 'tls'),
    requiredNames({ host: 'localhost', publicUrl }),
  );
  await loadOrCreateIdpKeys(path.join(firstDir, 'tls'));
  cpSync(path.join(firstDir, 'tls'), path.join(secondDir, 'tls'), { recursive: true });
  ca = tls.ca ?? '';

  const started = await Promise.allSettled(
    dataDirs.map((dataDir, index) =>
      startPortalProcess({
        entry: MAIN,
        cwd: ROOT,
        readyTimeoutMs: READY_TIMEOUT_MS,
        env: {
          DATABASE_URL: database.connectionString ?? '',
          PORTAL_DATA_DIR: dataDir,
          PORTAL_HOST: 'localhost',
          PORTAL_PORT: String(ports[index]),
          PORTAL_PUBLIC_URL: publicUrl,
          PORTAL_SEED_DEMO: '0',
          PORTAL_SIMULATOR_LIVE: '0',
          PORTAL_LIVE_DASHBOARD_TENANTS: TENANT,
          PORTAL_LOG_LEVEL: 'warn',
        },
      }),
    ),
  );
  for (const result of started) if (result.status === 'fulfilled') portals.push(result.value);
  const failed = started.find((result) => result.status === 'rejected');
  if (failed !== undefined) throw failed.reason;

  const signedIn = await signInOverHttp(
    { publicUrl, issuer: `${publicUrl}/idp`, clientId: 'fleet-portal', ca },
    'admin@sunrise.demo',
    DEMO_PASSWORD,
  );
  bearer = `Bearer ${signedIn.accessToken}`;
}, 150_000);

afterAll(async () => {
  for (const stream of streams) stream.drop();
  await Promise.all(portals.map((portal) => portal.stop()));
  await database?.close();
  for (const dataDir of dataDirs) rmSync(dataDir, { recursive: true, force: true });
}, 60_000);

/** Each process's own address: both print the shared public URL, which names the first one's port. */
const baseOf = (index: number) => `https://localhost:${ports[index] ?? 0}`;

let jobNumber = 0;
async function ingestThrough(base: string): Promise<void> {
  jobNumber += 1;
  const endedAt = Date.now() - 60_000;
  const response = await requestJson(`${base}/api/ingest/telemetry`, {
    method: 'POST',
    authorization: `Bearer ${ingestToken}`,
    tls: { ca },
    body: {
      records: [
        {
          kind: 'job',
          id: `two-processes-job-${jobNumber}`,
          serial: SERIAL,
          startedAt: new Date(endedAt - 60_000).toISOString(),
          endedAt: new Date(endedAt).toISOString(),
          impressions: 3,
        },
      ],
    },
  });
  expect(response).toEqual({ status: 200, body: { accepted: 1, updated: 0, duplicates: 0, rejected: [] } });
}

describe('two portal processes on one PostgreSQL', () => {
  it('push a record ingested through either to the live streams of both, once each', async () => {
    for (const index of [0, 1]) {
      const stream = await openSseStream(
        `${baseOf(index)}/api/tv-dashboard/live?systemGroup=Apollo&system=${SERIAL}`,
        bearer,
        { ca },
      );
      expect(stream.status, stream.body()).toBe(200);
      await stream.next('ready');
      streams.push(stream);
    }
    const [onFirst, onSecond] = streams;
    if (onFirst === undefined || onSecond === undefined) throw new Error('two streams expected');

    await ingestThrough(baseOf(0));
    expect(JSON.parse((await onSecond.next('ingest')).data)).toMatchObject({ system: SERIAL });
    expect(JSON.parse((await onFirst.next('ingest')).data)).toMatchObject({ system: SERIAL });

    await ingestThrough(baseOf(1));
    expect(JSON.parse((await onFirst.next('ingest')).data)).toMatchObject({ system: SERIAL });
    expect(JSON.parse((await onSecond.next('ingest')).data)).toMatchObject({ system: SERIAL });
    // Once each: a process hears its own notice back through LISTEN only, not in-process as well. A second copy of the
    // first batch would have come before the second batch's event, which each stream has received by now.
    for (const stream of streams) expect(stream.received.filter((event) => event.event === 'ingest')).toHaveLength(2);
  });
});
