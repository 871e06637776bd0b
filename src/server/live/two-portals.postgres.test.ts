import type { FastifyInstance } from 'fastify';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { OverviewCardsReport } from '../../shared/api-types.ts';
import { ROLE } from '../../shared/auth/roles.ts';
import { buildApp } from '../app.ts';
import { createKysely } from '../db/database.ts';
import { createIngestToken } from '../ingest/ingest-tokens.ts';
import { createApiTestHarness, type ApiTestHarness, type TestIdentity } from '../testing/api-test-harness.ts';
import { seedApolloHall } from '../testing/apollo-hall.ts';
import { openSseStream, requestJson } from '../testing/sse-test-client.ts';
import { createPostgresHub, type LiveHub } from './live-hub.ts';

/**
 * Two portals on one PostgreSQL database (the scale-out of docs/architecture.md "TV dashboard and live push"): each
 * has its own connection pool, its own LISTEN connection and its own HTTP listener, and they share nothing but the
 * database (the in-process notices are per database handle), so a record ingested through one reaches the dashboards
 * of the other only through NOTIFY. Runs in the `postgres` vitest project only.
 */

const TENANT = 'two-portals';
const admin: TestIdentity = { sub: 'two-admin', tenantId: TENANT, roles: [ROLE.Admin] };

let first: ApiTestHarness;
let second: { app: FastifyInstance; hub: LiveHub; close: () => Promise<void> };
const bases: string[] = [];
let ingestToken = '';

beforeAll(async () => {
  // Shared report answers kept for ten minutes: only an ingest can end the sharing within the test.
  first = await createApiTestHarness({
    env: { PORTAL_LIVE_DASHBOARD_TENANTS: TENANT, PORTAL_SHARED_ANSWERS_MS: '600000' },
  });
  expect(first.database.kind).toBe('postgres');
  const { db } = first.database;
  await seedApolloHall(db, TENANT, ['APL-1'], [admin]);
  ingestToken = await createIngestToken(db, TENANT);

  const url = first.database.connectionString ?? '';
  const secondDb = createKysely(new pg.Pool({ connectionString: url, max: 2 }));
  const hub = createPostgresHub(secondDb, url);
  const app = await buildApp({ config: first.config, db: secondDb, getKey: first.getKey, distDir: null, live: hub });
  second = {
    app,
    hub,
    close: async () => {
      await app.close();
      await hub.close();
      await secondDb.destroy();
    },
  };
  await Promise.all([first.live.ready(), hub.ready()]);
  bases.push(await first.app.listen({ host: '127.0.0.1', port: 0 }));
  bases.push(await second.app.listen({ host: '127.0.0.1', port: 0 }));
});

afterAll(async () => {
  await second?.close();
  await first?.close();
});

let jobNumber = 0;
async function ingestThrough(base: string): Promise<void> {
  jobNumber += 1;
  const endedAt = Date.now() - 60_000;
  const response = await requestJson(`${base}/api/ingest/telemetry`, {
    method: 'POST',
    authorization: `Bearer ${ingestToken}`,
    body: {
      records: [
        {
          kind: 'job',
          id: `two-job-${jobNumber}`,
          serial: 'APL-1',
          startedAt: new Date(endedAt - 60_000).toISOString(),
          endedAt: new Date(endedAt).toISOString(),
          impressions: 3,
        },
      ],
    },
  });
  expect(response.body).toMatchObject({ accepted: 1 });
}

describe('two portals on one PostgreSQL', () => {
  it('push a record ingested through either to the dashboards connected to both', async () => {
    const [one = '', two = ''] = bases;
    const streams = [];
    for (const base of [one, two]) {
      const stream = await openSseStream(
        `${base}/api/tv-dashboard/live?systemGroup=Apollo&system=APL-1`,
        await first.bearer(admin),
      );
      expect(stream.status).toBe(200);
      await stream.next('ready');
      streams.push(stream);
    }
    const [onFirst, onSecond] = streams;

    await ingestThrough(one);
    expect(JSON.parse((await onSecond!.next('ingest')).data)).toMatchObject({ system: 'APL-1' });
    expect(JSON.parse((await onFirst!.next('ingest')).data)).toMatchObject({ system: 'APL-1' });

    await ingestThrough(two);
    expect(JSON.parse((await onFirst!.next('ingest')).data)).toMatchObject({ system: 'APL-1' });
    expect(JSON.parse((await onSecond!.next('ingest')).data)).toMatchObject({ system: 'APL-1' });
    // Once each: a portal's own notice comes back through LISTEN only, not also in-process.
    for (const stream of streams) expect(stream.received.filter((event) => event.event === 'ingest')).toHaveLength(2);
    for (const stream of streams) stream.drop();
  });

  it("drop the tenant's shared report answers when a record is ingested through the other", async () => {
    const [one = '', two = ''] = bases;
    const authorization = await first.bearer(admin);
    const stream = await openSseStream(`${two}/api/tv-dashboard/live?systemGroup=Apollo&system=APL-1`, authorization);
    await stream.next('ready');
    // The day in the hall's zone of the job ingestThrough posts (it ends a minute ago).
    const day = new Date(Date.now() - 60_000).toLocaleDateString('sv-SE', { timeZone: 'Europe/Berlin' });
    const production = async () => {
      const response = await requestJson(`${two}/api/overview-report/overview-cards?day=${day}&systemGroup=Apollo`, {
        method: 'POST',
        authorization,
        body: { systems: [] },
      });
      expect(response.status).toBe(200);
      return (response.body as OverviewCardsReport).totalProduction.value;
    };
    const before = await production();
    await ingestThrough(one);
    // The second portal heard the NOTIFY (its dashboard got the push): its shared answer of the tenant is gone.
    await stream.next('ingest');
    expect(await production()).toBe(before + 3);
    stream.drop();
  });
});
