import type { RouteOptions } from 'fastify';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type {
  CurrentStateResponse,
  CustomerDataResponse,
  DateFiltersResponse,
  GoalsResponse,
  ListedUser,
  MaxKeepAliveResponse,
  OverviewCardsResponse,
  ProfileData,
  ReportedPrintersStatusResponse,
  ReportSystem,
  ScopeCustomer,
  ScopeSite,
  ScopeSystem,
  SiteExtension,
  SoftwareVersionsResponse,
  SystemNameResponse,
  SystemsAnalysisResponse,
  SystemsNameResponse,
  UserSettings,
} from '../../shared/api-types.ts';
import { ROLE } from '../../shared/auth/roles.ts';
import { SYSTEM_GROUPS } from '../../shared/system-group.ts';
import { runAsCaller } from '../auth/tenant-request.ts';
import { withTenant } from '../db/tenant-scope.ts';
import {
  FIXTURE_SYSTEMS,
  FIXTURE_TENANT,
  fixtureTotalImpressions,
  generateFixtureJobs,
} from '../fixtures/fixture-fleet.ts';
import { seedDemoFleet } from '../fixtures/seed-demo.ts';
import ExcelJS from 'exceljs';
import type { SystemTimeline } from '../../shared/contract/system-page.contract.ts';
import { createIngestToken } from '../ingest/ingest-tokens.ts';
import { UNSUBSCRIBE_KEY } from '../email-reports/report-sender.ts';
import { portalSecret } from '../mail/portal-secrets.ts';
import { signUnsubscribeToken } from '../mail/unsubscribe-token.ts';
import { groupFilterData, maxKeepAlive } from '../reports/filters.ts';
import type { Kysely } from 'kysely';
import type { Database } from '../db/schema.ts';
import { rebuildRollups } from '../ingest/rebuild-rollups.ts';
import { overviewCards } from '../reports/overview/overview-cards.ts';
import { openReportContext } from '../reports/common/report-context.ts';
import { API_DOCS_PREFIX, OPENAPI_PATH } from './api-docs.routes.ts';
import { PUBLIC_API_DOCS_PREFIX } from '../public-api/public-api-openapi.ts';
import { OVERVIEW_PATHS } from '../reports/overview/overview.routes.ts';
import { JOBS_CALL_NAMES, JOBS_REPORT_PREFIX } from '../reports/jobs/jobs.routes.ts';
import { SYSTEM_PAGE_CALL_NAMES, SYSTEM_PAGE_PREFIX } from '../reports/system-page/system-page.routes.ts';
import { SseParser } from '../../shared/live/sse-parser.ts';
import { createApiTestHarness, type ApiTestHarness, type TestIdentity } from '../testing/api-test-harness.ts';
import type { UserScope } from '../users/current-user.ts';

/**
 * Issue 3: a user of tenant B cannot read any row of tenant A through any API route. Tenant A is the demo fleet, tenant B
 * a small fleet of its own; every /api route the app registers must have an entry in ROUTE_CASES (a new route without
 * one fails), each entry calls its route as tenant B with valid inputs, checks B's own answer and hands the responses to
 * a scan for tenant A's ids, serials, names, e-mails and numbers.
 */

const TODAY = '2024-03-05';
const YESTERDAY = '2024-03-04';
/** The day TODAY's Overview compares with: the same weekday a week before (glossary "Change and trend"). */
const PREVIOUS_SAME_DAY = '2024-02-27';
const A = FIXTURE_TENANT.id;
const B = 'bravo-garments';
const A_JOBS = generateFixtureJobs(TODAY);

const aAdmin: TestIdentity = { sub: 'a-admin', tenantId: A, roles: [ROLE.Admin] };
const aReader: TestIdentity = { sub: 'a-reader', tenantId: A, roles: [ROLE.ReadOnly] };
const bAdmin: TestIdentity = { sub: 'b-admin', tenantId: B, roles: [ROLE.Admin, ROLE.Scheduler] };
const bReader: TestIdentity = { sub: 'b-reader', tenantId: B, roles: [ROLE.ReadOnly] };
/** The admins again, holding only the Certificate role (API Management, issue #28). */
const aCertificate: TestIdentity = { sub: 'a-admin', tenantId: A, roles: [ROLE.Certificate] };
const bCertificate: TestIdentity = { sub: 'b-admin', tenantId: B, roles: [ROLE.Certificate] };
/** An internal super user (own tenant 'ops-internal') acting in tenant B through the tenant picker. */
const superInB: TestIdentity = { sub: 'ops-super', tenantId: B, roles: [ROLE.Admin], isSuperUser: true };

const B_SYSTEMS = [
  { id: 'bravo-sys-1', serial: 'BRV-0001', group: 'DTG', model: 'bravo-dtg' },
  { id: 'bravo-sys-2', serial: 'BRV-0002', group: 'DTF', model: 'bravo-dtf' },
] as const;
/** Tenant B's jobs: small, odd numbers no demo total can equal. */
const B_JOBS = [
  {
    system: 'bravo-sys-1',
    id: 'bravo-job-1',
    start: `${PREVIOUS_SAME_DAY}T09:00:00Z`,
    end: `${PREVIOUS_SAME_DAY}T09:07:00Z`,
    imp: 5,
  },
  { system: 'bravo-sys-1', id: 'bravo-job-2', start: `${TODAY}T08:00:00Z`, end: `${TODAY}T08:03:00Z`, imp: 7 },
  {
    system: 'bravo-sys-2',
    id: 'bravo-job-3',
    start: `${TODAY}T10:00:00Z`,
    end: `${TODAY}T10:11:00Z`,
    imp: 11,
    mm: 13_000,
  },
];
const B_LATEST_DTG_END = `${TODAY}T08:03:00.000Z`;

const scopeOf = (tenantId: string): UserScope => ({ tenantId, customerIds: [], siteIds: [], systemIds: [] });

let h: ApiTestHarness;
let bIngestToken: string;
/** Strings of tenant A (ids, serials, names, e-mails, agreement versions, job ends) that no tenant-B answer may contain. */
let aNeedles: string[];
/** Tenant A's impression totals and day-over-day ratios. */
let aNumbers: Set<number>;

async function seed(): Promise<void> {
  const { db } = h.database;
  await seedDemoFleet(db, TODAY);
  await db.insertInto('tenants').values({ id: B, name: 'Bravo Garments', office: 'Lyon' }).execute();
  await db.insertInto('tenants').values({ id: 'ops-internal', name: 'Ops Internal' }).execute();
  await db.insertInto('customers').values({ tenant_id: B, id: 'bravo-co', name: 'Bravo Co' }).execute();
  await db
    .insertInto('sites')
    .values({ tenant_id: B, id: 'bravo-lyon', customer_id: 'bravo-co', name: 'Bravo Lyon', time_zone: 'Europe/Paris' })
    .execute();
  await db
    .insertInto('models')
    .values([
      { tenant_id: B, id: 'bravo-dtg', name: 'Bravo Tee', system_group: 'DTG' },
      { tenant_id: B, id: 'bravo-dtf', name: 'Bravo Film', system_group: 'DTF' },
    ])
    .execute();
  await db
    .insertInto('systems')
    .values(
      B_SYSTEMS.map((system) => ({
        tenant_id: B,
        id: system.id,
        serial_number: system.serial,
        customer_id: 'bravo-co',
        site_id: 'bravo-lyon',
        model_id: system.model,
        system_group: system.group,
        nickname: `Bravo ${system.group}`,
        ever_reported: true,
      })),
    )
    .execute();
  await db
    .insertInto('jobs')
    .values(
      B_JOBS.map((job) => ({
        tenant_id: B,
        system_id: job.system,
        id: job.id,
        started_at: job.start,
        ended_at: job.end,
        impressions: job.imp,
        media_length_mm: 'mm' in job ? job.mm : 0,
      })),
    )
    .execute();

  const user = (identity: TestIdentity, tenantId = identity.tenantId) => ({
    id: identity.sub,
    tenant_id: tenantId,
    email: `${identity.sub}@${tenantId}.example`,
    first_name: `First-${identity.sub}`,
    last_name: `Last-${identity.sub}`,
    roles: identity.roles ?? [],
    is_super_user: identity.isSuperUser ?? false,
  });
  await db
    .insertInto('users')
    .values([
      { ...user(aAdmin), locale: 'fr-CA' },
      user(aReader),
      user(bAdmin),
      user(bReader),
      user(superInB, 'ops-internal'),
    ])
    .execute();
  // Tenant A's users carry personal rows too, so a leak of settings or agreements would show.
  await db
    .insertInto('agreements')
    .values([
      { user_id: 'a-admin', version: 'terms-a-9', approved: true },
      { user_id: 'a-reader', version: 'terms-a-9', approved: false },
    ])
    .execute();
  await db
    .insertInto('user_settings')
    .values({ user_id: 'a-admin', default_system_group: 'Apollo', portal_language: 'sv-SE' })
    .execute();
  await createIngestToken(db, A);
  bIngestToken = await createIngestToken(db, B);
  // The fixture writes jobs directly; the Overview reads the rollups the ingest path would have kept.
  await rebuildRollups(db, A);
  await rebuildRollups(db, B);
}

/** A tenant's overview cards of TODAY for every system of the group, as `db` may see them. */
async function cardsOf(db: Kysely<Database>, tenantId: string, group: (typeof SYSTEM_GROUPS)[number]) {
  const request = { scope: scopeOf(tenantId), group, serialNumbers: [], query: { day: TODAY }, now: new Date() };
  return overviewCards(await openReportContext(db, request));
}

/** Tenant A's strings and numbers, read as the table owner so nothing is hidden. */
async function collectTenantA(): Promise<void> {
  const { db } = h.database;
  const tenant = await db.selectFrom('tenants').selectAll().where('id', '=', A).executeTakeFirstOrThrow();
  const customers = await db.selectFrom('customers').select(['id', 'name']).where('tenant_id', '=', A).execute();
  const sites = await db.selectFrom('sites').select(['id', 'name']).where('tenant_id', '=', A).execute();
  const models = await db.selectFrom('models').select(['id', 'name']).where('tenant_id', '=', A).execute();
  const systems = await db
    .selectFrom('systems')
    .select(['id', 'serial_number', 'nickname'])
    .where('tenant_id', '=', A)
    .execute();
  const users = await db
    .selectFrom('users')
    .select(['id', 'email', 'first_name', 'last_name', 'locale'])
    .where('tenant_id', '=', A)
    .execute();
  const jobIds = await db.selectFrom('jobs').select('id').where('tenant_id', '=', A).execute();
  const agreements = await db
    .selectFrom('agreements')
    .select('version')
    .where('user_id', 'in', ['a-admin', 'a-reader'])
    .execute();
  const ends = SYSTEM_GROUPS.map((group) =>
    A_JOBS.filter((job) => job.systemGroup === group)
      .map((job) => job.endedAt)
      .sort()
      .at(-1),
  );
  const strings = [
    tenant.id,
    tenant.name,
    tenant.office,
    ...customers.flatMap((row) => [row.id, row.name]),
    ...sites.flatMap((row) => [row.id, row.name]),
    ...models.flatMap((row) => [row.id, row.name]),
    ...systems.flatMap((row) => [row.id, row.serial_number, row.nickname]),
    ...users.flatMap((row) => [row.id, row.email, row.first_name, row.last_name, row.locale]),
    ...jobIds.map((row) => row.id),
    ...agreements.map((row) => row.version),
    'sv-SE',
    ...ends.flatMap((end) => (end === undefined ? [] : [end, end.slice(0, 19)])),
  ];
  aNeedles = [...new Set(strings.filter((value): value is string => typeof value === 'string' && value.length > 0))];
  expect(aNeedles.length).toBeGreaterThan(FIXTURE_SYSTEMS.length * 3);

  aNumbers = new Set();
  for (const group of SYSTEM_GROUPS) {
    const today = fixtureTotalImpressions(A_JOBS, group, TODAY);
    const yesterday = fixtureTotalImpressions(A_JOBS, group, YESTERDAY);
    expect(today).toBeGreaterThan(0);
    aNumbers.add(today).add(yesterday);
    if (yesterday > 0) aNumbers.add((today - yesterday) / yesterday);
    // The Overview's local-day figures (site time zones) as the table owner computes them.
    const cards = await cardsOf(db, A, group);
    for (const card of [cards.totalProduction, cards.productionRate, cards.productivity, cards.availability]) {
      for (const value of [card?.value, card?.previous, card?.stats])
        if (typeof value === 'number' && ![0, 1, -1].includes(value)) aNumbers.add(value);
    }
  }
}

/** Fails when a body contains any of tenant A's strings or (as a JSON number) any of its numbers. */
function expectNoTenantA(route: string, body: string): void {
  const leaked = aNeedles.filter((needle) => body.includes(needle));
  expect(leaked, `${route} leaks tenant A strings`).toEqual([]);
  const numbers: number[] = [];
  if (body !== '') {
    JSON.parse(body, (_key, value: unknown) => {
      if (typeof value === 'number') numbers.push(value);
      return value;
    });
  }
  expect(
    numbers.filter((value) => aNumbers.has(value)),
    `${route} leaks tenant A numbers`,
  ).toEqual([]);
}

interface Call {
  method: 'GET' | 'POST' | 'DELETE';
  url: string;
  identity?: TestIdentity;
  authorization?: string;
  payload?: Record<string, unknown>;
}

async function call(request: Call) {
  const authorization = request.authorization ?? (request.identity ? await h.bearer(request.identity) : undefined);
  return h.app.inject({
    method: request.method,
    url: request.url,
    headers: authorization === undefined ? {} : { authorization },
    ...(request.payload === undefined ? {} : { payload: request.payload }),
  });
}

/** A call whose answer is scanned for tenant A, after `check` has looked at tenant B's own data in it. */
async function scanned(route: string, request: Call, status: number, check?: (body: string) => void): Promise<void> {
  const response = await call(request);
  expect(response.statusCode, `${route}: ${response.body}`).toBe(status);
  check?.(response.body);
  expectNoTenantA(route, response.body);
}

const json = <T>(body: string) => JSON.parse(body) as T;

const A_SERIALS = FIXTURE_SYSTEMS.map((system) => system.serialNumber);
const JOB_JSON_PATHS = JOBS_CALL_NAMES.map((name) => `${JOBS_REPORT_PREFIX}/${name}`);
const JOB_EXPORT_PATHS = [
  'check-ink-consumption-per-job-file',
  'ink-consumption-per-job-file',
  'check-errors-and-maintenance-file',
  'errors-and-maintenance-file',
].map((name) => `${JOBS_REPORT_PREFIX}/${name}`);
const SYSTEM_PAGE_PATHS = [...SYSTEM_PAGE_CALL_NAMES, 'error-maintenance-file'].map(
  (name) => `${SYSTEM_PAGE_PREFIX}/${name}`,
);

/** Every cell of a workbook, as one JSON array of its rows' values. */
async function workbookText(payload: Buffer): Promise<string> {
  const workbook = new ExcelJS.Workbook();
  await workbook.xlsx.load(payload as unknown as ArrayBuffer);
  const rows: unknown[] = [];
  workbook.eachSheet((sheet) => {
    sheet.eachRow((row) => rows.push(row.values));
  });
  return JSON.stringify(rows);
}

/**
 * A call that may answer a file (200, an XLSX), nothing to export (204) or JSON: whatever it answers — the workbook's
 * cells included — is scanned for tenant A.
 */
async function scannedExport(route: string, request: Call): Promise<void> {
  const response = await call(request);
  expect([200, 204], `${route}: ${response.body}`).toContain(response.statusCode);
  const isWorkbook = String(response.headers['content-type']).includes('spreadsheetml');
  const body = isWorkbook ? await workbookText(response.rawPayload) : response.body;
  expectNoTenantA(route, route.endsWith('/system-timeline') ? withoutFiveMinuteGrid(body) : body);
}

/**
 * A day's timeline without the starts of its five-minute points: they are the clock's grid (checked here to be
 * consecutive five-minute steps), not data, and match any of tenant A's job ends that fall on a five-minute mark.
 */
function withoutFiveMinuteGrid(body: string): string {
  const answer = json<SystemTimeline>(body);
  const points = answer.systemTimeLineDayResponse?.timeLineData ?? [];
  points.forEach((point, index) => {
    if (index > 0) expect(Date.parse(point.start) - Date.parse(points[index - 1]?.start ?? '')).toBe(5 * 60_000);
  });
  return JSON.stringify({
    ...answer,
    systemTimeLineDayResponse: answer.systemTimeLineDayResponse && {
      ...answer.systemTimeLineDayResponse,
      timeLineData: points.map(({ start: _start, ...point }) => point),
    },
  });
}

/**
 * One entry per `METHOD path` under /api (HEAD routes are Fastify's automatic twins of the GET routes and share their
 * handlers). Each calls its route as tenant B, with valid inputs and, where the route takes ids, with tenant A's ids too.
 */
const ROUTE_CASES: Record<string, (route: string) => Promise<void>> = {
  // No tenant: a status line only.
  'GET /api/health': (route) =>
    scanned(route, { method: 'GET', url: '/api/health' }, 200, (body) => {
      expect(json<{ status: string }>(body).status).toBe('ok');
    }),

  // The ingest token names the tenant; a serial of tenant A is answered exactly like one that does not exist.
  'POST /api/ingest/telemetry': async (route) => {
    const record = (id: string, serial: string) => ({
      kind: 'job',
      id,
      serial,
      startedAt: '2024-02-01T08:00:00Z',
      endedAt: '2024-02-01T08:01:00Z',
      impressions: 3,
    });
    const authorization = `Bearer ${bIngestToken}`;
    await scanned(
      route,
      {
        method: 'POST',
        url: '/api/ingest/telemetry',
        authorization,
        payload: { records: [record('bi-1', 'BRV-0001')] },
      },
      200,
      (body) => expect(json(body)).toEqual({ accepted: 1, updated: 0, duplicates: 0, rejected: [] }),
    );
    const probe = await call({
      method: 'POST',
      url: '/api/ingest/telemetry',
      authorization,
      payload: { records: [record('bi-2', 'DTG-10021'), record('bi-3', 'NOPE-999')] },
    });
    const { rejected } = probe.json<{ rejected: { index: number; reason: string }[] }>();
    expect(rejected.map((entry) => entry.reason)).toEqual([
      '/serial DTG-10021 is not a system of this tenant',
      '/serial NOPE-999 is not a system of this tenant',
    ]);
    const aJobs = await h.database.db.selectFrom('jobs').select('id').where('id', 'in', ['bi-1', 'bi-2']).execute();
    expect(aJobs).toEqual([{ id: 'bi-1' }]);
  },

  'GET /api/users/profile-data': (route) =>
    scanned(route, { method: 'GET', url: '/api/users/profile-data', identity: bAdmin }, 200, (body) => {
      expect(json<ProfileData>(body)).toMatchObject({
        id: 'b-admin',
        email: `b-admin@${B}.example`,
        tenantId: B,
        tenantName: 'Bravo Garments',
        userAgreementVersion: null,
      });
    }),

  'POST /api/users/locale': async (route) => {
    await scanned(
      route,
      { method: 'POST', url: '/api/users/locale', identity: bReader, payload: { localeCode: 'it-IT' } },
      204,
    );
    const locales = await h.database.db
      .selectFrom('users')
      .select(['id', 'locale'])
      .where('id', 'in', ['a-admin', 'a-reader', 'b-reader'])
      .orderBy('id')
      .execute();
    expect(locales).toEqual([
      { id: 'a-admin', locale: 'fr-CA' },
      { id: 'a-reader', locale: null },
      { id: 'b-reader', locale: 'it-IT' },
    ]);
  },

  'POST /api/users/agreement': async (route) => {
    await scanned(
      route,
      {
        method: 'POST',
        url: '/api/users/agreement',
        identity: bReader,
        payload: { version: 'terms-b-2', isApproved: true },
      },
      204,
    );
    const rows = await h.database.db
      .selectFrom('agreements')
      .select(['user_id', 'version'])
      .orderBy('user_id')
      .execute();
    expect(rows).toEqual([
      { user_id: 'a-admin', version: 'terms-a-9' },
      { user_id: 'a-reader', version: 'terms-a-9' },
      { user_id: 'b-reader', version: 'terms-b-2' },
    ]);
  },

  'GET /api/users/user-settings': (route) =>
    scanned(route, { method: 'GET', url: '/api/users/user-settings', identity: bAdmin }, 200, (body) => {
      expect(json<UserSettings>(body)).toMatchObject({
        userSystemGroup: ['DTG', 'DTF'],
        defaultSystemGroup: 'DTG',
        tenantName: 'Bravo Garments',
        office: 'Lyon',
      });
    }),

  'POST /api/users/user-settings': (route) =>
    scanned(
      route,
      { method: 'POST', url: '/api/users/user-settings', identity: bAdmin, payload: { defaultSystemGroup: 'DTF' } },
      200,
      (body) => {
        expect(json<UserSettings>(body)).toMatchObject({ defaultSystemGroup: 'DTF', tenantName: 'Bravo Garments' });
      },
    ),

  'GET /api/users/extended': async (route) => {
    await scanned(route, { method: 'GET', url: '/api/users/extended', identity: bAdmin }, 200, (body) => {
      expect(json<ListedUser[]>(body).map((user) => user.id)).toEqual(['b-admin', 'b-reader']);
    });
    // A search for tenant A's names finds nothing (their first names all start 'First-a-').
    await scanned(route, { method: 'GET', url: '/api/users/extended?search=First-a', identity: bAdmin }, 200, (body) =>
      expect(json(body)).toEqual([]),
    );
  },

  // Account Management (issue #28): tenant B's admin creates in B; A's users and scope ids are 404 like unknown ones.
  'POST /api/users': async (route) => {
    const before = await aUsers();
    const user = { firstName: 'Bea', lastName: 'Bravo', permissions: [], customerIds: [], siteIds: [], systemIds: [] };
    const created = await call({
      method: 'POST',
      url: '/api/users',
      identity: bAdmin,
      payload: [{ ...user, email: 'bea@bravo.example', siteIds: ['bravo-lyon'] }] as unknown as Record<string, unknown>,
    });
    expect(created.statusCode, created.body).toBe(200);
    expectNoTenantA(route, created.body);
    const post = (payload: Record<string, unknown>) =>
      call({
        method: 'POST',
        url: '/api/users',
        identity: bAdmin,
        payload: [payload] as unknown as Record<string, unknown>,
      });
    const unknownUser = await post({ ...user, id: 'no-such-user', email: 'no-such-user@bravo.example' });
    expect(unknownUser.statusCode, unknownUser.body).toBe(404);
    const foreignUser = await post({ ...user, id: 'a-reader', email: `a-reader@${A}.example` });
    expect(foreignUser.statusCode).toBe(404);
    expect(foreignUser.body).toBe(unknownUser.body);
    for (const [field, foreign, unknown] of [
      ['customerIds', FIXTURE_SYSTEMS[0]?.customerId, 'no-such-customer'],
      ['siteIds', FIXTURE_SYSTEMS[0]?.siteId, 'no-such-site'],
      ['systemIds', FIXTURE_SYSTEMS[0]?.id, 'no-such-system'],
    ] as const) {
      const missing = await post({ ...user, email: 'scope@bravo.example', [field]: [unknown] });
      const answer = await post({ ...user, email: 'scope@bravo.example', [field]: [foreign] });
      expect(answer.statusCode, `${field}: ${answer.body}`).toBe(404);
      expect(answer.body).toBe(missing.body);
    }
    expect(await aUsers()).toEqual(before);
    await h.database.db.deleteFrom('users').where('email', '=', 'bea@bravo.example').execute();
  },

  'DELETE /api/users/:id': async (route) => {
    const before = await aUsers();
    await h.database.db
      .insertInto('users')
      .values({
        id: 'b-leaving',
        tenant_id: B,
        email: 'leaving@bravo.example',
        first_name: 'Lee',
        last_name: 'Leaving',
      })
      .execute();
    await scanned(route, { method: 'DELETE', url: '/api/users/b-leaving', identity: bAdmin }, 204);
    const missing = await call({ method: 'DELETE', url: '/api/users/no-such-user', identity: bAdmin });
    expect(missing.statusCode).toBe(404);
    await scanned(route, { method: 'DELETE', url: '/api/users/a-reader', identity: bAdmin }, 404, (body) =>
      expect(body).toBe(missing.body),
    );
    expect(await aUsers()).toEqual(before);
  },

  // Invitations and resets (issue #28): tenant A's user reads like an unknown one, and nothing is issued for them.
  'POST /api/users/:id/invitation': (route) => accessLinkCase(route, 'invitation'),
  'POST /api/users/:id/password-reset': (route) => accessLinkCase(route, 'password-reset'),

  'GET /api/users/captcha-challenge': (route) =>
    scanned(route, { method: 'GET', url: '/api/users/captcha-challenge', identity: bAdmin }, 200, (body) => {
      expect(json<{ algorithm: string }>(body).algorithm).toBe('SHA-256');
    }),

  // Avatars (issue #28): tenant A's picture is a 404 to tenant B, like a user without one.
  'GET /api/users/:id/avatar': async (route) => {
    await h.database.db
      .insertInto('user_avatars')
      .values({
        user_id: 'a-reader',
        tenant_id: A,
        image: Buffer.from('89504e47', 'hex'),
        content_type: 'image/png',
        etag: 'a',
      })
      .execute();
    const missing = await call({ method: 'GET', url: '/api/users/b-reader/avatar', identity: bAdmin });
    expect(missing.statusCode).toBe(404);
    await scanned(route, { method: 'GET', url: '/api/users/a-reader/avatar', identity: bAdmin }, 404, (body) =>
      expect(body).toBe(missing.body),
    );
  },

  // Client certificates (issue #28): B's calls create, show, hand out and revoke B's own; A's stays as it was.
  'POST /api/users/create-certificate': async (route) => {
    await aCertificateIssued();
    await scanned(route, { method: 'POST', url: '/api/users/create-certificate', identity: bCertificate }, 200);
    expect(await activeCertificates(B)).toHaveLength(1);
  },
  'GET /api/users/certificate-details': async (route) => {
    const [a] = await aCertificateIssued();
    await call({ method: 'POST', url: '/api/users/create-certificate', identity: bCertificate });
    await scanned(
      route,
      { method: 'GET', url: '/api/users/certificate-details', identity: bCertificate },
      200,
      (body) => expect(body).not.toContain(a?.thumbprint),
    );
  },
  'GET /api/users/certificate-file': async (route) => {
    const [a] = await aCertificateIssued();
    await call({ method: 'POST', url: '/api/users/create-certificate', identity: bCertificate });
    const file = await call({ method: 'GET', url: '/api/users/certificate-file', identity: bCertificate });
    expect(file.statusCode, `${route}: ${file.body}`).toBe(200);
    expect(file.body).toContain('BEGIN CERTIFICATE');
    expect(file.body).not.toContain(a?.certificate_pem.split('\n')[1]);
    // A PEM file, not JSON: only tenant A's strings are looked for.
    expect(aNeedles.filter((needle) => file.body.includes(needle))).toEqual([]);
  },
  'DELETE /api/users/delete-certificate': async (route) => {
    const before = await aCertificateIssued();
    await call({ method: 'POST', url: '/api/users/create-certificate', identity: bCertificate });
    const response = await call({ method: 'DELETE', url: '/api/users/delete-certificate', identity: bCertificate });
    expect(response.statusCode, `${route}: ${response.body}`).toBeLessThan(300);
    expectNoTenantA(route, response.body);
    expect(await activeCertificates(B)).toEqual([]);
    expect(await activeCertificates(A)).toEqual(before);
  },
  // The public API's document describes routes, no tenant's data.
  'GET /api/public-api/openapi.json': (route) =>
    scanned(route, { method: 'GET', url: '/api/public-api/openapi.json', identity: bReader }, 200),

  // The same layouts for every tenant: the answer holds no tenant's data.
  'GET /api/report-layouts/:layoutId': (route) =>
    scanned(route, { method: 'GET', url: '/api/report-layouts/overview', identity: bAdmin }, 200, (body) => {
      expect(json<{ layout: { id: string } }>(body).layout.id).toBe('overview');
    }),

  'GET /api/reports/date-filters': (route) =>
    scanned(route, { method: 'GET', url: '/api/reports/date-filters', identity: bAdmin }, 200, (body) => {
      const { groups } = json<DateFiltersResponse>(body);
      expect(groups.map((group) => [group.systemGroup, group.systems.map((system) => system.name)])).toEqual([
        ['DTG', ['BRV-0001']],
        ['DTF', ['BRV-0002']],
      ]);
      expect(groups[0]?.sites).toEqual([{ id: 'bravo-lyon', name: 'Bravo Lyon' }]);
      expect(groups[0]?.endDate).toBe(TODAY.replaceAll('-', ''));
    }),

  'POST /api/reports/getMaxKeepAlive': async (route) => {
    for (const group of SYSTEM_GROUPS) {
      await scanned(
        route,
        { method: 'POST', url: `/api/reports/getMaxKeepAlive?systemGroupType=${group}&day=${TODAY}`, identity: bAdmin },
        200,
        (body) => {
          const expected = group === 'DTG' ? B_LATEST_DTG_END : group === 'DTF' ? `${TODAY}T10:11:00.000Z` : null;
          expect(json<MaxKeepAliveResponse>(body).maxKeepAliveValueUtc).toBe(expected);
        },
      );
    }
  },

  'GET /api/data/goals': (route) =>
    scanned(
      route,
      {
        method: 'GET',
        url: `/api/data/goals?time=${TODAY}T11:00:00.000Z&timezoneOffset=1`,
        identity: bAdmin,
      },
      200,
      (body) => {
        const goals = json<GoalsResponse>(body);
        expect(goals.groups.map((group) => group.systemGroup)).toEqual(['DTG', 'DTF']);
        // B's DTG week so far: the 7-impression job of this morning (the 5-impression one is a week earlier).
        expect(goals.groups[0]?.goals[0]?.completed).toBe(7);
      },
    ),

  'POST /api/data/goals': async (route) => {
    const aGoalsBefore = await h.database.db.selectFrom('goals').selectAll().where('tenant_id', '=', A).execute();
    await scanned(
      route,
      {
        method: 'POST',
        url: '/api/data/goals',
        identity: bAdmin,
        payload: {
          goalValue: 123,
          goalPeriod: 0,
          systemGroup: 'DTG',
          time: `${TODAY}T11:00:00.000Z`,
          timezoneOffset: 1,
        },
      },
      200,
      (body) => {
        expect(json<GoalsResponse>(body).groups[0]?.goals[0]?.goalValue).toBe(123);
      },
    );
    const aGoalsAfter = await h.database.db.selectFrom('goals').selectAll().where('tenant_id', '=', A).execute();
    expect(aGoalsAfter).toEqual(aGoalsBefore);
  },

  'GET /api/data/customers': (route) =>
    scanned(route, { method: 'GET', url: '/api/data/customers', identity: bReader }, 200, (body) => {
      expect(json<ScopeCustomer[]>(body)).toEqual([{ id: 'bravo-co', name: 'Bravo Co', importedCustomerId: '' }]);
    }),

  'GET /api/data/sites': (route) =>
    scanned(route, { method: 'GET', url: '/api/data/sites', identity: bReader }, 200, (body) => {
      expect(json<ScopeSite[]>(body)).toEqual([
        { id: 'bravo-lyon', name: 'Bravo Lyon', customerId: 'bravo-co', timeZone: 'Europe/Paris' },
      ]);
    }),

  'GET /api/data/systems': (route) =>
    scanned(route, { method: 'GET', url: '/api/data/systems', identity: superInB }, 200, (body) => {
      expect(json<ScopeSystem[]>(body).map((system) => [system.id, system.serialNumber, system.siteId])).toEqual([
        ['bravo-sys-1', 'BRV-0001', 'bravo-lyon'],
        ['bravo-sys-2', 'BRV-0002', 'bravo-lyon'],
      ]);
    }),

  // A serial of tenant A is answered exactly like one that does not exist.
  'GET /api/data/customer-data': async (route) => {
    await scanned(
      route,
      { method: 'GET', url: '/api/data/customer-data?serialNumber=BRV-0002', identity: bReader },
      200,
      (body) =>
        expect(json<CustomerDataResponse>(body)).toEqual({ name: 'Bravo Co', id: 'bravo-co', importedCustomerId: '' }),
    );
    const missing = await call({
      method: 'GET',
      url: '/api/data/customer-data?serialNumber=NOPE-999',
      identity: bReader,
    });
    expect(missing.statusCode).toBe(404);
    for (const system of FIXTURE_SYSTEMS) {
      await scanned(
        route,
        { method: 'GET', url: `/api/data/customer-data?serialNumber=${system.serialNumber}`, identity: bReader },
        404,
        (body) => expect(body).toBe(missing.body),
      );
    }
  },

  'GET /api/reports/systems': async (route) => {
    for (const group of SYSTEM_GROUPS) {
      await scanned(
        route,
        { method: 'GET', url: `/api/reports/systems?systemGroup=${group}&day=${TODAY}`, identity: bAdmin },
        200,
        (body) => {
          const expected: Record<string, [string, string | null][]> = {
            DTG: [['BRV-0001', B_LATEST_DTG_END]],
            DTF: [['BRV-0002', `${TODAY}T10:11:00.000Z`]],
            Apollo: [],
          };
          const rows = json<ReportSystem[]>(body);
          expect(rows.map((row) => [row.serialNumber, row.lastUpdate])).toEqual(expected[group]);
          expect(rows.map((row) => row.printerStatus)).toEqual(rows.map(() => 'NotReporting'));
        },
      );
    }
  },

  'GET /api/reports/current-state': async (route) => {
    for (const group of SYSTEM_GROUPS) {
      await scanned(
        route,
        { method: 'GET', url: `/api/reports/current-state?systemGroup=${group}`, identity: bAdmin },
        200,
        (body) => {
          const state = json<CurrentStateResponse>(body);
          const serials = { DTG: ['BRV-0001'], DTF: ['BRV-0002'], Apollo: [] }[group];
          expect(state.systems.map((system) => system.serialNumber)).toEqual(serials);
          expect(state.counts.NotReporting).toBe(serials.length);
        },
      );
    }
  },

  'GET /api/reports/site-extensions': (route) =>
    scanned(route, { method: 'GET', url: '/api/reports/site-extensions', identity: bReader }, 200, (body) => {
      expect(json<SiteExtension[]>(body)).toEqual([
        { siteId: 'bravo-lyon', name: 'Bravo Lyon', timeZone: 'Europe/Paris', systemGroups: ['DTG', 'DTF'] },
      ]);
    }),

  'GET /api/reports/reported-printers-status': (route) =>
    scanned(route, { method: 'GET', url: '/api/reports/reported-printers-status', identity: bReader }, 200, (body) => {
      expect(json<ReportedPrintersStatusResponse>(body)).toEqual({
        reportedSystems: [
          { systemGroup: 'DTG', reportedSystemsData: { reported: 1, total: 1 } },
          { systemGroup: 'DTF', reportedSystemsData: { reported: 1, total: 1 } },
        ],
      });
    }),

  'POST /api/overview-report/overview-cards': async (route) => {
    const aSerials = FIXTURE_SYSTEMS.map((system) => system.serialNumber);
    const cases = [
      { group: 'DTG', systems: [], value: 7, stats: (7 - 5) / 5 },
      { group: 'DTG', systems: [...aSerials, 'BRV-0001'], value: 7, stats: (7 - 5) / 5 },
      // DTF production is printed media in metres.
      { group: 'DTF', systems: [], value: 13, stats: null },
      { group: 'Apollo', systems: aSerials, value: 0, stats: null },
    ];
    for (const { group, systems, value, stats } of cases) {
      await scanned(
        route,
        {
          method: 'POST',
          url: `/api/overview-report/overview-cards?day=${TODAY}&systemGroup=${group}`,
          identity: bAdmin,
          payload: { systems },
        },
        200,
        (body) => expect(json<OverviewCardsResponse>(body).totalProduction).toMatchObject({ value, stats }),
      );
    }
  },

  'GET /api/system-data/systems-name': (route) =>
    scanned(route, { method: 'GET', url: '/api/system-data/systems-name', identity: bReader }, 200, (body) => {
      expect(json<SystemsNameResponse>(body).nicknameResponse).toEqual([
        { serialNumber: 'BRV-0001', nickName: 'Bravo DTG' },
        { serialNumber: 'BRV-0002', nickName: 'Bravo DTF' },
      ]);
    }),

  'POST /api/system-data/system-name': async (route) => {
    const rename = (serialNumber: string, nickName: string, identity = bAdmin) => ({
      method: 'POST' as const,
      url: '/api/system-data/system-name',
      identity,
      payload: { serialNumber, nickName },
    });
    await scanned(route, rename('BRV-0001', ' Bravo Tee '), 200, (body) => {
      expect(json<SystemNameResponse>(body)).toEqual({ nickName: 'Bravo Tee' });
    });
    await scanned(route, rename('BRV-0001', 'Bravo DTG'), 200);
    const aSystem = FIXTURE_SYSTEMS[0];
    expect(aSystem).toBeDefined();
    await scanned(route, rename(aSystem?.serialNumber ?? '', 'taken over'), 404);
    await scanned(route, rename('BRV-0001', 'read only', bReader), 403);
    const aNickname = await h.database.db
      .selectFrom('systems')
      .select('nickname')
      .where('tenant_id', '=', A)
      .where('serial_number', '=', aSystem?.serialNumber ?? '')
      .executeTakeFirstOrThrow();
    expect(aNickname.nickname).toBe(aSystem?.nickname);
  },

  'GET /api/system-data/systems-analysis': (route) =>
    scanned(
      route,
      { method: 'GET', url: `/api/system-data/systems-analysis?day=${TODAY}&systemGroup=DTG`, identity: bReader },
      200,
      (body) => {
        const { systems } = json<SystemsAnalysisResponse>(body);
        expect(systems).toMatchObject([{ serialNumber: 'BRV-0001', production: 7, isEverReported: true }]);
      },
    ),

  'GET /api/system-page-report/software-versions': async (route) => {
    const url = (serial: string) =>
      `/api/system-page-report/software-versions?day=${TODAY}&systemGroup=DTG&system=${serial}`;
    await scanned(route, { method: 'GET', url: url('BRV-0001'), identity: bReader }, 200, (body) => {
      expect(json<SoftwareVersionsResponse>(body)).toEqual({
        systemSerialGk: 'BRV-0001',
        appName: 'Bravo Tee',
        componentVersions: [],
        globalSoftwareLastUpdate: null,
        globalSoftwareVersion: null,
      });
    });
    await scanned(route, { method: 'GET', url: url(FIXTURE_SYSTEMS[0]?.serialNumber ?? ''), identity: bReader }, 404);
  },

  'GET /api/tv-dashboard/xmrImpressions': async (route) => {
    const url = (serial: string) => `/api/tv-dashboard/xmrImpressions?systemGroup=DTG&system=${serial}`;
    await scanned(route, { method: 'GET', url: url('BRV-0001'), identity: bReader }, 200, (body) => {
      expect(json<{ systemSerialGk: string }>(body).systemSerialGk).toBe('BRV-0001');
    });
    await scanned(route, { method: 'GET', url: url(FIXTURE_SYSTEMS[0]?.serialNumber ?? ''), identity: bReader }, 404);
  },

  // The live stream: B's own printer streams (ended here by a token that expires in 2 s), A's printer is a 404.
  'GET /api/tv-dashboard/live': async (route) => {
    const url = (serial: string) => `/api/tv-dashboard/live?systemGroup=DTG&system=${serial}`;
    const shortLived = await h.bearer(bReader, { expiresAt: Math.floor(Date.now() / 1000) + 2 });
    const response = await call({ method: 'GET', url: url('BRV-0001'), authorization: shortLived });
    expect(response.statusCode, response.body).toBe(200);
    const events = new SseParser().push(response.body);
    expect(events.map((event) => event.event)).toEqual(['ready', 'expired']);
    expect(JSON.parse(events[0]?.data ?? '')).toEqual({ system: 'BRV-0001', systemGroup: 'DTG' });
    expectNoTenantA(route, JSON.stringify(events.map((event) => JSON.parse(event.data) as unknown)));
    await scanned(route, { method: 'GET', url: url(FIXTURE_SYSTEMS[0]?.serialNumber ?? ''), identity: bReader }, 404);
  },

  // The other Overview calls: tenant B's answer for its own period, nothing of A even when A's serials are selected.
  ...Object.fromEntries(
    OVERVIEW_PATHS.filter((path) => !path.endsWith('/overview-cards')).map((path) => [
      `POST ${path}`,
      async (route: string) => {
        for (const systems of [[], FIXTURE_SYSTEMS.map((system) => system.serialNumber)]) {
          await scanned(
            route,
            { method: 'POST', url: `${path}?day=${TODAY}&systemGroup=DTG`, identity: bAdmin, payload: { systems } },
            200,
            (body) => expect(json<{ systemGroup: string }>(body).systemGroup).toBe('DTG'),
          );
        }
      },
    ]),
  ),

  // Jobs Analysis: tenant B's answers for its own week, nothing of A even when A's serials are selected.
  ...Object.fromEntries(
    JOB_JSON_PATHS.map((path) => [
      `POST ${path}`,
      async (route: string) => {
        for (const systems of [[], A_SERIALS]) {
          await scanned(
            route,
            {
              method: 'POST',
              url: `${path}?week=${TODAY}&systemGroupType=DTG`,
              identity: bAdmin,
              payload: { systems },
            },
            200,
          );
        }
      },
    ]),
  ),
  ...Object.fromEntries(
    JOB_EXPORT_PATHS.map((path) => [
      `POST ${path}`,
      async (route: string) => {
        for (const systems of [[], A_SERIALS]) {
          await scannedExport(route, {
            method: 'POST',
            url: `${path}?week=${TODAY}&systemGroupType=DTG`,
            identity: bAdmin,
            payload: { systems },
          });
        }
      },
    ]),
  ),

  // System page: tenant B's own printer; a serial of tenant A is answered exactly like one that does not exist.
  ...Object.fromEntries(
    SYSTEM_PAGE_PATHS.map((path) => [
      `GET ${path}`,
      async (route: string) => {
        const url = (serial: string) =>
          `${path}?day=${TODAY}&systemGroup=DTG&system=${serial}${path.endsWith('/availability-and-timeline') ? '&timeLineGranularity=hour' : ''}`;
        await scannedExport(route, { method: 'GET', url: url('BRV-0001'), identity: bReader });
        const missing = await call({ method: 'GET', url: url('NOPE-999'), identity: bReader });
        expect(missing.statusCode, `${route}: ${missing.body}`).toBe(404);
        await scanned(route, { method: 'GET', url: url(A_SERIALS[0] ?? ''), identity: bReader }, 404, (body) =>
          expect(body).toBe(missing.body),
        );
      },
    ]),
  ),

  'GET /api/system-data/settings': async (route) => {
    const url = (systemId: string) => `/api/system-data/settings?systemId=${systemId}&day=${TODAY}`;
    await scanned(route, { method: 'GET', url: url('bravo-sys-1'), identity: bReader }, 200);
    const missing = await call({ method: 'GET', url: url('no-such-system'), identity: bReader });
    expect(missing.statusCode, `${route}: ${missing.body}`).toBe(404);
    await scanned(route, { method: 'GET', url: url(FIXTURE_SYSTEMS[0]?.id ?? ''), identity: bReader }, 404, (body) =>
      expect(body).toBe(missing.body),
    );
  },

  // The API's description (no tenant, no data): nothing of tenant A, whoever asks.
  'GET /api/openapi.json': (route) => scanned(route, { method: 'GET', url: OPENAPI_PATH, identity: bReader }, 200),
};

/** Tenant A's users as the table owner sees them: Account Management calls of tenant B must leave them as they are. */
const activeCertificates = (tenantId: string) =>
  h.database.db
    .selectFrom('client_certificates')
    .selectAll()
    .where('tenant_id', '=', tenantId)
    .where('revoked_at', 'is', null)
    .execute();

/** Tenant A's admin holds a certificate (made once): what B's calls must neither show nor touch. */
async function aCertificateIssued() {
  if ((await activeCertificates(A)).length === 0) {
    const created = await call({ method: 'POST', url: '/api/users/create-certificate', identity: aCertificate });
    expect(created.statusCode, created.body).toBe(200);
  }
  return activeCertificates(A);
}

const aUsers = () => h.database.db.selectFrom('users').selectAll().where('tenant_id', '=', A).orderBy('id').execute();

/** An invitation or reset by tenant B's admin for tenant A's user: the same 404 as for an unknown id, no link issued. */
async function accessLinkCase(route: string, call_: 'invitation' | 'password-reset'): Promise<void> {
  const payload = { redirectUrl: `${h.config.publicUrl}/` };
  const missing = await call({ method: 'POST', url: `/api/users/no-such-user/${call_}`, identity: bAdmin, payload });
  expect(missing.statusCode).toBe(404);
  await scanned(
    route,
    { method: 'POST', url: `/api/users/a-reader/${call_}`, identity: bAdmin, payload },
    404,
    (body) => expect(body).toBe(missing.body),
  );
  const issued = await h.database.db.selectFrom('user_access_tokens').select('user_id').execute();
  expect(issued).toEqual([]);
}

/** Tenant A's e-mail report entry (issue #27): tenant B can neither list, change, delete nor unsubscribe it. */
const A_ENTRY = 'alpha-weekly-entry';

async function aEntry(): Promise<{ subject: string; is_active: boolean } | undefined> {
  const { db } = h.database;
  await db
    .insertInto('email_schedules')
    .values({
      tenant_id: A,
      id: A_ENTRY,
      user_id: aAdmin.sub,
      subject: 'Alpha secret weekly',
      start_send_date: '2024-03-01',
      send_weekdays: [1],
    })
    .onConflict((conflict) => conflict.columns(['tenant_id', 'id']).doNothing())
    .execute();
  return db
    .selectFrom('email_schedules')
    .select(['subject', 'is_active'])
    .where('tenant_id', '=', A)
    .where('id', '=', A_ENTRY)
    .executeTakeFirst();
}

const bEntryPayload = {
  subject: 'Bravo weekly',
  emailReportId: 1,
  startSendDate: '2024-03-01',
  repeat: { frequency: 2, dayOfWeek: [1] },
  notes: '',
  isActive: true,
  customerIds: [],
  siteIds: [],
  systemIds: [],
};

const SCHEDULER_CASES: Record<string, (route: string) => Promise<void>> = {
  'GET /api/email-reports-scheduler/entries': async (route) => {
    await aEntry();
    await scanned(
      route,
      { method: 'GET', url: '/api/email-reports-scheduler/entries', identity: bAdmin },
      200,
      (body) => expect(body).not.toContain(A_ENTRY),
    );
  },
  'POST /api/email-reports-scheduler/entries': async (route) => {
    const before = await aEntry();
    await scanned(
      route,
      { method: 'POST', url: '/api/email-reports-scheduler/entries', identity: bAdmin, payload: bEntryPayload },
      200,
    );
    const url = '/api/email-reports-scheduler/entries';
    const payload = { ...bEntryPayload, reportId: A_ENTRY, isActive: false };
    await scanned(route, { method: 'POST', url, identity: bAdmin, payload }, 404);
    expect(await aEntry()).toEqual(before);
  },
  'DELETE /api/email-reports-scheduler/entries/:id': async (route) => {
    const before = await aEntry();
    const url = `/api/email-reports-scheduler/entries/${A_ENTRY}`;
    await scanned(route, { method: 'DELETE', url, identity: bAdmin }, 404);
    expect(await aEntry()).toEqual(before);
  },
  'GET /api/email-reports-scheduler/templates': (route) =>
    scanned(route, { method: 'GET', url: '/api/email-reports-scheduler/templates', identity: bAdmin }, 200),
  // Public: a token signed for tenant B that names tenant A's entry changes nothing of tenant A.
  'POST /api/email-reports-scheduler/unsubscribe': async (route) => {
    const before = await aEntry();
    const key = await portalSecret(h.database.db, UNSUBSCRIBE_KEY);
    const token = signUnsubscribeToken(key, {
      tenantId: B,
      scheduleId: A_ENTRY,
      email: `${aAdmin.sub}@${A}.example`,
      expiresAt: Math.floor(Date.now() / 1000) + 3600,
    });
    const payload = { email: `${aAdmin.sub}@${A}.example`, token };
    await scanned(route, { method: 'POST', url: '/api/email-reports-scheduler/unsubscribe', payload }, 204);
    expect(await aEntry()).toEqual(before);
  },
};
Object.assign(ROUTE_CASES, SCHEDULER_CASES);

/** `METHOD path` of every /api route the app registers, as its onRoute hook saw them (HEAD twins left out). */
const registered: string[] = [];
function registerRoute(route: RouteOptions): void {
  const methods = Array.isArray(route.method) ? route.method : [route.method];
  for (const method of methods) {
    if (route.url.startsWith('/api/') && method !== 'HEAD') registered.push(`${method} ${route.url}`);
  }
}
const registeredApiRoutes = () => [...new Set(registered)];
/** The viewer's page and files (text, not JSON answers), checked by one case below. */
const isViewerRoute = (route: string) =>
  route.startsWith(`GET ${API_DOCS_PREFIX}`) || route.startsWith(`GET ${PUBLIC_API_DOCS_PREFIX}`);

beforeAll(async () => {
  // Tenant B has the Live Dashboard, so its routes answer B's own printer (and 404 for A's).
  h = await createApiTestHarness({ onRoute: registerRoute, env: { PORTAL_LIVE_DASHBOARD_TENANTS: B } });
  await seed();
  await collectTenantA();
});

afterAll(async () => {
  await h.close();
});

describe('tenant isolation through the API', () => {
  it('has a case for every /api route the app registers', () => {
    const routes = registeredApiRoutes().filter((route) => !isViewerRoute(route));
    expect(routes.length).toBeGreaterThanOrEqual(11);
    expect(routes.toSorted()).toEqual(Object.keys(ROUTE_CASES).toSorted());
  });

  it("serves the API viewer's files (@fastify/swagger-ui) without anything of tenant A", async () => {
    const viewer = registeredApiRoutes().filter(isViewerRoute);
    expect(viewer).toContain(`GET ${API_DOCS_PREFIX}`);
    for (const route of viewer) {
      const url = route.replace(/^GET /, '').replace('*', 'swagger-ui.css');
      const response = await call({ method: 'GET', url, identity: bReader });
      expect(response.statusCode, route).toBeLessThan(400);
      expect(
        aNeedles.filter((needle) => response.body.includes(needle)),
        route,
      ).toEqual([]);
    }
  });

  it.each(Object.keys(ROUTE_CASES))('%s shows a user of tenant B only tenant B', async (route) => {
    const run = ROUTE_CASES[route];
    expect(run).toBeDefined();
    await run?.(route);
  });

  it('lets a super user act in tenant B with their own account but none of tenant A', async () => {
    const profile = await call({ method: 'GET', url: '/api/users/profile-data', identity: superInB });
    expect(profile.statusCode).toBe(200);
    expect(profile.json<ProfileData>()).toMatchObject({
      id: 'ops-super',
      email: 'ops-super@ops-internal.example',
      isSuperUser: true,
      tenantId: B,
      tenantName: 'Bravo Garments',
    });
    // Their own agreement and settings live with their account (migration 004 lets them see it while acting in B).
    const agreement = await call({
      method: 'POST',
      url: '/api/users/agreement',
      identity: superInB,
      payload: { version: 'terms-ops-1', isApproved: true },
    });
    expect(agreement.statusCode).toBe(204);
    expect((await call({ method: 'GET', url: '/api/users/profile-data', identity: superInB })).json()).toMatchObject({
      userAgreementVersion: 'terms-ops-1',
      userAgreement: true,
    });
    const settings = await call({
      method: 'POST',
      url: '/api/users/user-settings',
      identity: superInB,
      payload: { lengthUnits: 'Yard' },
    });
    expect(settings.statusCode).toBe(200);
    expect(settings.json<UserSettings>()).toMatchObject({ lengthUnits: 'Yard', userSystemGroup: ['DTG', 'DTF'] });
    for (const response of [profile, settings]) expectNoTenantA('super user', response.body);
    const filters = await call({ method: 'GET', url: '/api/reports/date-filters', identity: superInB });
    expect(filters.json<DateFiltersResponse>().groups.flatMap((group) => group.systems.map((s) => s.name))).toEqual([
      'BRV-0001',
      'BRV-0002',
    ]);
    expectNoTenantA('super user', filters.body);
  });

  it("still serves tenant A's users their own data under row-level security", async () => {
    const cards = await call({
      method: 'POST',
      url: `/api/overview-report/overview-cards?day=${TODAY}&systemGroup=DTG`,
      identity: aReader,
      payload: { systems: [] },
    });
    expect(cards.json<OverviewCardsResponse>().totalProduction.value).toBe(
      (await cardsOf(h.database.db, A, 'DTG')).totalProduction.value,
    );
    const users = await call({ method: 'GET', url: '/api/users/extended', identity: aAdmin });
    expect(users.json<ListedUser[]>().map((user) => user.id)).toEqual(['a-admin', 'a-reader']);
  });
});

describe('tenant isolation in the database', () => {
  it("returns tenant A's numbers to the table owner, so the queries themselves do reach A's rows", async () => {
    const { db } = h.database;
    expect((await cardsOf(db, A, 'DTG')).totalProduction.value).toBeGreaterThan(0);
    expect((await groupFilterData(db, scopeOf(A))).length).toBe(3);
  });

  it("returns nothing of tenant A under tenant B, even when the query's WHERE names tenant A", async () => {
    await withTenant(h.database.db, B, async (trx) => {
      expect((await cardsOf(trx, A, 'DTG')).totalProduction).toMatchObject({ value: 0, stats: null });
      expect(await groupFilterData(trx, scopeOf(A))).toEqual([]);
      expect(await maxKeepAlive(trx, scopeOf(A), 'DTG')).toEqual({
        maxKeepAliveValue: null,
        maxKeepAliveValueUtc: null,
      });
      const jobs = await sql<{ n: number }>`SELECT count(*)::int AS n FROM jobs WHERE tenant_id = ${A}`.execute(trx);
      expect(jobs.rows).toEqual([{ n: 0 }]);
    });
  });

  it("shows a request's transaction its tenant's users plus the caller's own row, nothing else", async () => {
    const usersSeen = (identity: TestIdentity) =>
      runAsCaller(h.database.db, identity, async (trx) => {
        const role = await sql<{ role: string }>`SELECT current_user AS role`.execute(trx);
        expect(role.rows).toEqual([{ role: 'portal_api' }]);
        const { rows } = await sql<{ id: string }>`SELECT id FROM users ORDER BY id`.execute(trx);
        return rows.map((row) => row.id);
      });
    expect(await usersSeen(bAdmin)).toEqual(['b-admin', 'b-reader']);
    expect(await usersSeen(superInB)).toEqual(['b-admin', 'b-reader', 'ops-super']);
    // Seeing one's own row is read-only: it does not let a super user write it while acting in tenant B.
    const updated = await runAsCaller(h.database.db, superInB, (trx) =>
      trx.updateTable('users').set({ locale: 'xx' }).where('id', '=', 'ops-super').executeTakeFirst(),
    );
    expect(updated.numUpdatedRows).toBe(0n);
  });
});
