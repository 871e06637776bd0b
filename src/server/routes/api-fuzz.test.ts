import type { RouteOptions } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ROLE } from '../../shared/auth/roles.ts';
import { FIXTURE_TENANT } from '../fixtures/fixture-fleet.ts';
import { createIngestToken } from '../ingest/ingest-tokens.ts';
import {
  fuzzRequests,
  fuzzRouteOf,
  sendFuzz,
  unauthenticatedRequests,
  type FuzzRequest,
  type FuzzRoute,
} from '../testing/api-fuzz.ts';
import { seedDemoFleetWithAdmin } from '../testing/seed-demo-admin.ts';
import { createApiTestHarness, type ApiTestHarness, type TestIdentity } from '../testing/api-test-harness.ts';

/**
 * Issue #10 item 6: bad input gets a 400, never a 500. Every route the app registers (listed by its onRoute hook, so a
 * new route is fuzzed without touching this file) gets malformed requests derived from its JSON Schemas
 * (testing/api-fuzz.ts), as a signed-in admin over the fixture fleet and without valid credentials; no answer may be 5xx.
 */

const TODAY = '2024-03-05';
const admin: TestIdentity = { sub: 'fuzz-admin', tenantId: FIXTURE_TENANT.id, roles: [ROLE.Admin] };

/**
 * The app is built while the file is collected, so its route list names one test per route: each test's time is that
 * route's few hundred requests, whatever the number of routes or the machine's load.
 */
const routes: FuzzRoute[] = [];
const h: ApiTestHarness = await createApiTestHarness({
  onRoute: (route: RouteOptions) => routes.push(...fuzzRouteOf(route)),
  // The fixture tenant has the Live Dashboard, so well-formed requests reach those routes' handlers too.
  env: { PORTAL_LIVE_DASHBOARD_TENANTS: FIXTURE_TENANT.id },
});
let userAuthorization: string;
let ingestAuthorization: string;
const statuses: Record<number, number> = {};

beforeAll(async () => {
  const { db } = h.database;
  await seedDemoFleetWithAdmin(db, TODAY, admin, 'Fuzz');
  // Tokens outlive the run: the fuzz takes longer than a default 5-minute token on a loaded machine.
  userAuthorization = await h.bearer(admin, { expiresAt: '1h' });
  ingestAuthorization = `Bearer ${await createIngestToken(db, admin.tenantId)}`;
});

afterAll(async () => {
  // One line for docs/benchmarks.md ("Malformed-input fuzz").
  const sent = Object.values(statuses).reduce((sum, count) => sum + count, 0);
  console.info(`api fuzz: ${sent} requests over ${routes.length} routes, statuses ${JSON.stringify(statuses)}`);
  await h.close();
});

const authorizationOf = (route: FuzzRoute) =>
  route.url.startsWith('/api/ingest/') ? ingestAuthorization : userAuthorization;

const requestsOf = (route: FuzzRoute): FuzzRequest[] => [
  ...fuzzRequests(route, authorizationOf(route), { day: TODAY, seed: 10, mixesPerRoute: 8 }),
  ...unauthenticatedRequests(route),
];

describe('malformed input on every route', () => {
  it('lists the registered routes with their schemas', () => {
    const names = routes.map((route) => `${route.method} ${route.url}`);
    expect(names).toContain('GET /api/data/customer-data');
    expect(names).toContain('POST /api/overview-report/overview-cards');
    expect(names).toContain('POST /api/ingest/telemetry');
    expect(routes.length).toBeGreaterThanOrEqual(30);
  });

  it.each(routes.map((route) => [`${route.method} ${route.url}`, route] as const))(
    '%s answers no malformed request with a 5xx',
    async (_name, route) => {
      const report = await sendFuzz(h.app, requestsOf(route));
      for (const [status, count] of Object.entries(report.histogram)) {
        statuses[Number(status)] = (statuses[Number(status)] ?? 0) + count;
      }
      expect(report.failures).toEqual([]);
    },
  );

  it('keeps the run bounded', () => {
    // 197 requests per Overview route: 3,950 over 41 routes, 4,147 with the OEE card's own call, 8,436 over 55 with
    // the 13 Jobs Analysis calls (their six period keys and filter keys give more mixes per route), 10,029 over 65 with
    // the system page's calls, its events download and the machine config, 11,289 with goals and the e-mail scheduler.
    const total = routes.reduce((sum, route) => sum + requestsOf(route).length, 0);
    expect(total).toBeLessThan(12_000);
  });
});
