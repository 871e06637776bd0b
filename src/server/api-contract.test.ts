import { Ajv, type ValidateFunction } from 'ajv';
import type { onRequestHookHandler, preSerializationAsyncHookHandler, RouteOptions } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ROLE } from '../shared/auth/roles.ts';
import { SYSTEM_GROUPS, type SystemGroup } from '../shared/system-group.ts';
import { FIXTURE_SYSTEMS, FIXTURE_TENANT } from './fixtures/fixture-fleet.ts';
import { JOBS_CALL_NAMES, JOBS_REPORT_PREFIX } from './reports/jobs/jobs.routes.ts';
import { SYSTEM_PAGE_CALL_NAMES, SYSTEM_PAGE_PREFIX } from './reports/system-page/system-page.routes.ts';
import { API_DOCS_PREFIX, OPENAPI_PATH } from './routes/api-docs.routes.ts';
import { PUBLIC_API_DOCS_PREFIX, PUBLIC_OPENAPI_PATH } from './public-api/public-api-openapi.ts';
import { seedDemoFleetWithAdmin } from './testing/seed-demo-admin.ts';
import { createApiTestHarness, type ApiTestHarness, type TestIdentity } from './testing/api-test-harness.ts';

/**
 * The API contract (issue #11): every registered GET route (and the Overview's read-only POST calls) is called on the
 * seeded demo fleet with realistic parameters for each system group, and both what the handler returned (before
 * fast-json-stringify, which would silently drop unknown fields and coerce types) and what the client received are
 * validated against the route's 200 schema with Ajv. A registered GET route without a case fails the test.
 */

const TODAY = '2024-03-05';
const admin: TestIdentity = {
  sub: 'contract-admin',
  tenantId: FIXTURE_TENANT.id,
  roles: [ROLE.Admin, ROLE.Certificate],
};

interface ContractCase {
  method: 'GET' | 'POST';
  /** The registered route (path without query). */
  route: string;
  /** Requests to send: the route's path parameters, query string (without '?') and body. */
  requests: { params?: Record<string, string>; query?: string; body?: unknown }[];
}

const serialOf = (group: SystemGroup) => FIXTURE_SYSTEMS.find((system) => system.systemGroup === group)?.serialNumber;
const periods = [`day=${TODAY}`, 'week=2024-02-26', 'custom=2024-02-20T06:00/2024-03-04T18:00'];
const perGroup = (query: (group: SystemGroup) => string[]) => SYSTEM_GROUPS.flatMap((group) => query(group));
const periodQueries = perGroup((group) => periods.map((period) => `${period}&systemGroup=${group}`));
const plain = [{}];

const OVERVIEW_CALLS = [
  'overview-cards',
  'oee',
  'impressions-availability-cards',
  'production-rate',
  'productivity',
  'achievements',
  'overview-graphs',
  'impressions-availability-graphs',
  'impressions-by-hour-matrix',
  'utilization-productivity-matrix',
  'impressionsKPIs',
  'availabilitiesKPIs',
];

/** Jobs Analysis calls (JOBS_CALL_NAMES), each per group for every period kind (month, quarter and year are Jobs' only). */
const jobsPeriods = [...periods, 'month=2024-02-10', 'quarter=2024-01-15', 'year=2024-01-01'];
const jobsQueries = perGroup((group) => jobsPeriods.map((period) => `${period}&systemGroupType=${group}`));
/**
 * The ink download and its check, over a week with jobs in every group. The fixture fleet has no events, so the
 * errors-and-maintenance pair answers 204 here: reports/jobs/jobs.routes.test.ts reads its file back instead.
 */
const JOBS_FILES = ['check-ink-consumption-per-job-file', 'ink-consumption-per-job-file'];

/** System page calls, each per group for a day and a week of one system; series and ink with their extra parameters. */
const systemPageQueries = perGroup((group) =>
  [`day=${TODAY}`, 'week=2024-02-26'].map((period) => `${period}&systemGroup=${group}&system=${serialOf(group)}`),
);
const SYSTEM_PAGE_EXTRAS: Record<string, string[]> = {
  'ink-table': ['', '&isToday=true'],
  'availability-and-timeline': ['', '&timeLineGranularity=hour', '&timeLineGranularity=day'],
  achievement: ['', '&timeLineGranularity=hour', '&timeLineGranularity=day'],
};

const CASES: ContractCase[] = [
  { method: 'GET', route: '/api/health', requests: plain },
  { method: 'GET', route: '/config.js', requests: plain },
  { method: 'GET', route: '/api/users/profile-data', requests: plain },
  { method: 'GET', route: '/api/users/user-settings', requests: plain },
  {
    method: 'GET',
    route: '/api/data/goals',
    requests: [
      { query: `time=${TODAY}T10:30:00.000Z&timezoneOffset=1` },
      { query: 'time=2024-01-01T00:00:00Z&timezoneOffset=-5' },
    ],
  },
  { method: 'GET', route: '/api/users/extended', requests: [{}, { query: 'search=ad' }, { query: 'search=a' }] },
  { method: 'GET', route: '/api/users/captcha-challenge', requests: plain },
  { method: 'GET', route: '/api/users/:id/avatar', requests: [{ params: { id: admin.sub } }] },
  { method: 'GET', route: '/api/data/customers', requests: plain },
  { method: 'GET', route: '/api/data/sites', requests: plain },
  { method: 'GET', route: '/api/data/systems', requests: plain },
  { method: 'GET', route: '/api/email-reports-scheduler/entries', requests: plain },
  { method: 'GET', route: '/api/email-reports-scheduler/templates', requests: plain },
  // API Management: details without a certificate, one created (its key in the answer), then its details and file.
  { method: 'GET', route: '/api/users/certificate-details', requests: plain },
  { method: 'POST', route: '/api/users/create-certificate', requests: plain },
  { method: 'GET', route: '/api/users/certificate-details', requests: plain },
  { method: 'GET', route: '/api/users/certificate-file', requests: plain },
  {
    method: 'GET',
    route: '/api/data/customer-data',
    requests: perGroup((group) => [`serialNumber=${serialOf(group)}`]).map((query) => ({ query })),
  },
  { method: 'GET', route: '/api/reports/date-filters', requests: plain },
  {
    method: 'GET',
    route: '/api/report-layouts/:layoutId',
    requests: ['overview', 'systems', 'jobs', 'system-page', 'tv-dashboard'].map((layoutId) => ({
      params: { layoutId },
    })),
  },
  { method: 'GET', route: '/api/reports/site-extensions', requests: plain },
  { method: 'GET', route: '/api/reports/reported-printers-status', requests: plain },
  {
    method: 'GET',
    route: '/api/reports/systems',
    requests: perGroup((group) => [`day=${TODAY}&systemGroup=${group}`]).map((query) => ({ query })),
  },
  {
    method: 'GET',
    route: '/api/reports/current-state',
    requests: perGroup((group) => [`systemGroup=${group}`]).map((query) => ({ query })),
  },
  {
    method: 'POST',
    route: '/api/reports/getMaxKeepAlive',
    requests: perGroup((group) => [`day=${TODAY}&systemGroupType=${group}`]).map((query) => ({ query })),
  },
  {
    method: 'GET',
    route: '/api/system-data/systems-name',
    requests: [{}, ...perGroup((group) => [`systemGroup=${group}`]).map((query) => ({ query }))],
  },
  { method: 'GET', route: '/api/system-data/systems-analysis', requests: periodQueries.map((query) => ({ query })) },
  {
    method: 'GET',
    route: '/api/system-page-report/software-versions',
    requests: perGroup((group) => [`day=${TODAY}&systemGroup=${group}&system=${serialOf(group)}`]).map((query) => ({
      query,
    })),
  },
  ...SYSTEM_PAGE_CALL_NAMES.map((call): ContractCase => ({
    method: 'GET',
    route: `${SYSTEM_PAGE_PREFIX}/${call}`,
    requests: systemPageQueries.flatMap((query) =>
      (SYSTEM_PAGE_EXTRAS[call] ?? ['']).map((extra) => ({ query: query + extra })),
    ),
  })),
  {
    method: 'GET',
    route: '/api/tv-dashboard/xmrImpressions',
    requests: perGroup((group) => [`systemGroup=${group}&system=${serialOf(group)}`]).map((query) => ({ query })),
  },
  {
    method: 'GET',
    route: '/api/system-data/settings',
    requests: FIXTURE_SYSTEMS.slice(0, 3).flatMap((system) =>
      [`day=${TODAY}`, 'week=2024-02-26'].map((period) => ({ query: `systemId=${system.id}&${period}` })),
    ),
  },
  {
    method: 'GET',
    route: `${SYSTEM_PAGE_PREFIX}/error-maintenance-file`,
    requests: perGroup((group) => [`day=${TODAY}&systemGroup=${group}&system=${serialOf(group)}`]).map((query) => ({
      query,
    })),
  },
  ...OVERVIEW_CALLS.map((call): ContractCase => ({
    method: 'POST',
    route: `/api/overview-report/${call}`,
    requests: periodQueries.flatMap((query) => {
      const group = /systemGroup=(\w+)/.exec(query)?.[1] as SystemGroup;
      return [
        { query, body: { systems: [] } },
        { query, body: { systems: [serialOf(group)] } },
      ];
    }),
  })),
  ...JOBS_CALL_NAMES.map((call): ContractCase => ({
    method: 'POST',
    route: `${JOBS_REPORT_PREFIX}/${call}`,
    requests: jobsQueries.flatMap((query) => {
      const group = /systemGroupType=(\w+)/.exec(query)?.[1] as SystemGroup;
      return [
        { query, body: { systems: [] } },
        { query, body: { systems: [serialOf(group)] } },
      ];
    }),
  })),
  ...JOBS_FILES.map((call): ContractCase => ({
    method: 'POST',
    route: `/api/job-analysis-report/${call}`,
    requests: SYSTEM_GROUPS.map((group) => ({
      query: `week=2024-02-26&systemGroupType=${group}`,
      body: { systems: [] },
    })),
  })),
];

/**
 * The APIs' own descriptions (routes/api-docs.routes.test.ts and public-api/public-api-server.test.ts check them): the
 * OpenAPI documents of the browser API and the public data API, whose schema is OpenAPI's, and their viewers' files
 * from @fastify/swagger-ui.
 */
const isDocumentationRoute = (url: string) =>
  [OPENAPI_PATH, PUBLIC_OPENAPI_PATH].includes(url) ||
  [API_DOCS_PREFIX, PUBLIC_API_DOCS_PREFIX].some((prefix) => url.startsWith(prefix));
/**
 * The TV dashboard's live stream never ends by itself (text/event-stream until the token expires):
 * reports/tv-dashboard/tv-live.routes.test.ts reads its events over HTTP instead.
 */
const isStreamRoute = (url: string) => url === '/api/tv-dashboard/live';

interface Registered {
  method: string;
  url: string;
  schema200: unknown;
}

const registered: Registered[] = [];
/** What handlers returned, before serialisation, by `METHOD url` (the test sends one request at a time). */
const handlerPayloads = new Map<string, unknown>();

const recordPayload: preSerializationAsyncHookHandler = async (request, reply, payload) => {
  if (reply.statusCode === 200) handlerPayloads.set(`${request.method} ${request.url}`, payload);
  return payload;
};
const noop: onRequestHookHandler = (_request, _reply, done) => done();

function watchRoute(route: RouteOptions) {
  const methods = Array.isArray(route.method) ? route.method : [route.method];
  const response = (route.schema?.response ?? {}) as Record<string, unknown>;
  for (const method of methods) registered.push({ method, url: route.url, schema200: response['200'] });
  const existing = route.preSerialization;
  route.preSerialization = [...(existing === undefined ? [] : [existing].flat()), recordPayload];
  route.onRequest ??= noop;
}

const ajv = new Ajv({ strict: false, allErrors: true });
const validators = new Map<unknown, ValidateFunction>();
function validatorOf(schema: unknown): ValidateFunction {
  let validate = validators.get(schema);
  if (validate === undefined) {
    // Compiled without $id: one Ajv holds each answer once, whatever route shares it.
    const { $id: _id, ...anonymous } = schema as Record<string, unknown>;
    validate = ajv.compile(anonymous);
    validators.set(schema, validate);
  }
  return validate;
}

let h: ApiTestHarness;
let authorization: string;

beforeAll(async () => {
  // The TV dashboard reads "now": pinned inside the fixture fleet's last day, so its answer holds a shift and points.
  h = await createApiTestHarness({
    onRoute: watchRoute,
    clock: () => new Date(`${TODAY}T11:20:00Z`),
    env: { PORTAL_LIVE_DASHBOARD_TENANTS: FIXTURE_TENANT.id },
  });
  const { db } = h.database;
  await seedDemoFleetWithAdmin(db, TODAY, admin, 'Contract');
  // The fixture fleet has no events: one per group, so the system page's events download has a file to send.
  await db
    .insertInto('events')
    .values(
      SYSTEM_GROUPS.map((group) => ({
        tenant_id: FIXTURE_TENANT.id,
        system_id: FIXTURE_SYSTEMS.find((system) => system.systemGroup === group)?.id ?? '',
        id: `contract-event-${group}`,
        kind: 'error' as const,
        code: 'E1',
        message: 'Head clog',
        started_at: `${TODAY}T12:00:00Z`,
        ended_at: `${TODAY}T12:10:00Z`,
      })),
    )
    .execute();
  // The admin's avatar, so GET /api/users/:id/avatar has a picture to send (routes/user-avatar.routes.test.ts uploads).
  await db
    .insertInto('user_avatars')
    .values({
      user_id: admin.sub,
      tenant_id: FIXTURE_TENANT.id,
      image: Buffer.from('89504e470d0a1a0a', 'hex'),
      content_type: 'image/png',
      etag: 'contract',
    })
    .execute();
  authorization = await h.bearer(admin, { expiresAt: '1h' });
});

afterAll(async () => {
  await h.close();
});

describe('API contract on the demo fleet', () => {
  it('has a case for every registered GET route', () => {
    const gets = registered
      .filter((route) => route.method === 'GET' && !isDocumentationRoute(route.url) && !isStreamRoute(route.url))
      .map((route) => route.url);
    const covered = new Set(CASES.filter((test) => test.method === 'GET').map((test) => test.route));
    expect(gets.filter((url) => !covered.has(url))).toEqual([]);
    expect(gets.length).toBeGreaterThanOrEqual(17);
  });

  it.each(CASES.map((test) => [`${test.method} ${test.route}`, test] as const))(
    '%s answers what its schema says',
    async (_name, test) => {
      const route = registered.find((entry) => entry.method === test.method && entry.url === test.route);
      expect(route?.schema200, `${test.route} has a 200 schema`).toBeDefined();
      const validate = validatorOf(route?.schema200);
      for (const request of test.requests) {
        const path = test.route.replace(/:(\w+)/g, (_match, name: string) => request.params?.[name] ?? '');
        const url = request.query === undefined ? path : `${path}?${request.query}`;
        handlerPayloads.delete(`${test.method} ${url}`);
        const response = await h.app.inject({
          method: test.method,
          url,
          headers: { authorization },
          ...(request.body === undefined ? {} : { payload: request.body as object }),
        });
        expect(response.statusCode, `${url}: ${response.body}`).toBe(200);
        const isJson = response.headers['content-type']?.includes('json') === true;
        const received: unknown = isJson ? response.json() : response.body;
        // Fastify serialises only objects by schema (a text answer like /config.js is sent as it is).
        const checked = isJson
          ? { 'handler result': handlerPayloads.get(`${test.method} ${url}`), answer: received }
          : { answer: received };
        for (const [what, answer] of Object.entries(checked)) {
          expect(validate(answer) ? [] : validate.errors, `${what} of ${url}`).toEqual([]);
        }
      }
    },
  );
});
