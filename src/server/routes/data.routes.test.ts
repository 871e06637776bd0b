import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type {
  ApiErrorBody,
  CurrentStateResponse,
  CustomerDataResponse,
  ReportedPrintersStatusResponse,
  ReportSystem,
  ScopeCustomer,
  ScopeSite,
  ScopeSystem,
  SiteExtension,
} from '../../shared/api-types.ts';
import { ROLE } from '../../shared/auth/roles.ts';
import { SYSTEM_GROUPS } from '../../shared/system-group.ts';
import {
  FIXTURE_CUSTOMER,
  FIXTURE_MODELS,
  FIXTURE_SITES,
  FIXTURE_SYSTEMS,
  FIXTURE_TENANT,
  generateFixtureJobs,
  isEverReported,
} from '../fixtures/fixture-fleet.ts';
import { seedDemoFleet } from '../fixtures/seed-demo.ts';
import { createApiTestHarness, type ApiTestHarness, type TestIdentity } from '../testing/api-test-harness.ts';
import { UNKNOWN_SERIAL_MESSAGE } from './data.routes.ts';

/**
 * The scope routes (/api/data/customers, sites, systems, customer-data) and the scope-wide report calls (/api/reports/
 * systems, current-state, site-extensions, reported-printers-status) against the demo fleet plus a second customer
 * with one never-reporting printer, for an unrestricted user and for users restricted to a customer, a site or a system.
 */

const TODAY = '2024-03-05';
const tenantId = FIXTURE_TENANT.id;
const JOBS = generateFixtureJobs(TODAY);

/** A second customer of the demo tenant: its own site and one DTG printer that never reported. */
const SOUTH = { id: 'southwind', name: 'Southwind Apparel' };
const LISBON = { id: 'lisbon', customerId: SOUTH.id, name: 'Lisbon Works', timeZone: 'Europe/Lisbon' };
const EXTRA_SYSTEM = {
  id: 'sys-dtg-40001',
  serialNumber: 'DTG-40001',
  customerId: SOUTH.id,
  siteId: LISBON.id,
  modelId: 'dtg-m2',
  systemGroup: 'DTG',
  nickname: 'Lisbon Tees',
  everReported: false,
} as const;

const CUSTOMERS = [FIXTURE_CUSTOMER, SOUTH];
const SITES = [...FIXTURE_SITES, LISBON];
const SYSTEMS = [
  ...FIXTURE_SYSTEMS.map((system) => ({ ...system, everReported: isEverReported(system) })),
  EXTRA_SYSTEM,
];

/** Status intervals, all after the fixture's last job (jobs end by 22:00 UTC). */
const INTERVALS = [
  // DTG-10021: printing now; its last report came 5 minutes after the interval ended.
  { system: 'sys-dtg-10021', id: 'si-1', status: 'Idle', start: `${TODAY}T22:10:00Z`, end: `${TODAY}T22:30:00Z` },
  { system: 'sys-dtg-10021', id: 'si-2', status: 'Printing', start: `${TODAY}T22:30:00Z`, end: `${TODAY}T23:00:00Z` },
  // DTG-10022: its last interval ended an hour before its last report, so it is not reporting.
  { system: 'sys-dtg-10022', id: 'si-3', status: 'Error', start: `${TODAY}T22:00:00Z`, end: `${TODAY}T22:20:00Z` },
  // DTF-20011: an interval and no recorded report time; the interval end is its last report.
  {
    system: 'sys-dtf-20011',
    id: 'si-4',
    status: 'Maintenance',
    start: `${TODAY}T22:05:00Z`,
    end: `${TODAY}T22:45:00Z`,
  },
] as const;
const LAST_REPORTED: Record<string, string> = {
  'sys-dtg-10021': `${TODAY}T23:05:00.000Z`,
  'sys-dtg-10022': `${TODAY}T23:20:00.000Z`,
};

const admin: TestIdentity = { sub: 'd-admin', tenantId, roles: [ROLE.Admin] };
const customerUser: TestIdentity = { sub: 'd-customer', tenantId, roles: [ROLE.ReadOnly] };
const siteUser: TestIdentity = { sub: 'd-site', tenantId, roles: [ROLE.ReadOnly] };
const systemUser: TestIdentity = { sub: 'd-system', tenantId, roles: [ROLE.ReadOnly] };

interface Restriction {
  identity: TestIdentity;
  customerIds: string[];
  siteIds: string[];
  systemIds: string[];
}

const RESTRICTIONS: Restriction[] = [
  { identity: admin, customerIds: [], siteIds: [], systemIds: [] },
  { identity: customerUser, customerIds: [SOUTH.id], siteIds: [], systemIds: [] },
  { identity: siteUser, customerIds: [], siteIds: ['newark'], systemIds: [] },
  { identity: systemUser, customerIds: [], siteIds: [], systemIds: ['sys-dtg-10021'] },
];

/** The independent expectation of what a restriction covers (spec shell §3): a parent covers its children. */
function expectedScope(restriction: Restriction) {
  const all = restriction.customerIds.length + restriction.siteIds.length + restriction.systemIds.length === 0;
  const systems = SYSTEMS.filter(
    (system) =>
      all ||
      restriction.customerIds.includes(system.customerId) ||
      restriction.siteIds.includes(system.siteId) ||
      restriction.systemIds.includes(system.id),
  );
  const sites = SITES.filter(
    (site) =>
      all ||
      restriction.customerIds.includes(site.customerId) ||
      restriction.siteIds.includes(site.id) ||
      systems.some((system) => system.siteId === site.id),
  );
  const customers = CUSTOMERS.filter(
    (customer) =>
      all || restriction.customerIds.includes(customer.id) || sites.some((site) => site.customerId === customer.id),
  );
  return { systems, sites, customers };
}

const byName = <T extends { name: string }>(rows: T[]) => rows.toSorted((a, b) => a.name.localeCompare(b.name));

let h: ApiTestHarness;

async function get(url: string, identity: TestIdentity) {
  return h.app.inject({ method: 'GET', url, headers: { authorization: await h.bearer(identity) } });
}

async function getJson<T>(url: string, identity: TestIdentity): Promise<T> {
  const response = await get(url, identity);
  expect(response.statusCode, `${url}: ${response.body}`).toBe(200);
  return response.json<T>();
}

beforeAll(async () => {
  h = await createApiTestHarness();
  const { db } = h.database;
  await seedDemoFleet(db, TODAY);
  await db
    .insertInto('customers')
    .values({ tenant_id: tenantId, ...SOUTH })
    .execute();
  await db
    .insertInto('sites')
    .values({
      tenant_id: tenantId,
      id: LISBON.id,
      customer_id: LISBON.customerId,
      name: LISBON.name,
      time_zone: LISBON.timeZone,
    })
    .execute();
  await db
    .insertInto('systems')
    .values({
      tenant_id: tenantId,
      id: EXTRA_SYSTEM.id,
      serial_number: EXTRA_SYSTEM.serialNumber,
      customer_id: EXTRA_SYSTEM.customerId,
      site_id: EXTRA_SYSTEM.siteId,
      model_id: EXTRA_SYSTEM.modelId,
      system_group: EXTRA_SYSTEM.systemGroup,
      nickname: EXTRA_SYSTEM.nickname,
      ever_reported: EXTRA_SYSTEM.everReported,
    })
    .execute();
  await db
    .insertInto('status_intervals')
    .values(
      INTERVALS.map((interval) => ({
        tenant_id: tenantId,
        system_id: interval.system,
        id: interval.id,
        status: interval.status,
        started_at: interval.start,
        ended_at: interval.end,
      })),
    )
    .execute();
  for (const [systemId, at] of Object.entries(LAST_REPORTED)) {
    await db.updateTable('systems').set({ last_reported_at: at }).where('id', '=', systemId).execute();
  }
  await db
    .insertInto('users')
    .values(
      RESTRICTIONS.map(({ identity, customerIds, siteIds, systemIds }) => ({
        id: identity.sub,
        tenant_id: tenantId,
        email: `${identity.sub}@example.test`,
        first_name: 'First',
        last_name: 'Last',
        roles: identity.roles ?? [],
        customer_ids: customerIds,
        site_ids: siteIds,
        system_ids: systemIds,
      })),
    )
    .execute();
});

afterAll(async () => {
  await h.close();
});

describe('the fixture this test relies on', () => {
  it('ends every job before the first status interval starts', () => {
    const lastJobEnd = JOBS.map((job) => job.endedAt)
      .sort()
      .at(-1);
    expect(lastJobEnd).toBeDefined();
    expect(Date.parse(lastJobEnd ?? '')).toBeLessThanOrEqual(Date.parse(`${TODAY}T22:00:00Z`));
  });
});

describe.each(RESTRICTIONS)('scope of $identity.sub', (restriction) => {
  const { identity } = restriction;
  const expected = expectedScope(restriction);

  it('GET /api/data/customers lists the customers in scope', async () => {
    const body = await getJson<ScopeCustomer[]>('/api/data/customers', identity);
    expect(body).toEqual(
      byName(expected.customers).map((customer) => ({
        id: customer.id,
        name: customer.name,
        importedCustomerId: expect.any(String) as unknown as string,
      })),
    );
  });

  it('GET /api/data/sites lists the sites in scope', async () => {
    expect(await getJson<ScopeSite[]>('/api/data/sites', identity)).toEqual(
      byName(expected.sites).map((site) => ({
        id: site.id,
        name: site.name,
        customerId: site.customerId,
        timeZone: site.timeZone,
      })),
    );
  });

  it('GET /api/data/systems lists the systems in scope by serial number', async () => {
    expect(await getJson<ScopeSystem[]>('/api/data/systems', identity)).toEqual(
      expected.systems
        .map((system) => ({
          id: system.id,
          serialNumber: system.serialNumber,
          customerId: system.customerId,
          siteId: system.siteId,
          modelId: system.modelId,
          systemGroup: system.systemGroup,
          systemNickName: system.nickname,
          isEverReported: system.everReported,
        }))
        .sort((a, b) => a.serialNumber.localeCompare(b.serialNumber)),
    );
  });

  it('GET /api/data/customer-data answers for systems in scope and 404 alike for others and unknown serials', async () => {
    const unknown = await get('/api/data/customer-data?serialNumber=NOPE-1', identity);
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json<ApiErrorBody>()).toEqual({
      statusCode: 404,
      error: 'Not Found',
      message: UNKNOWN_SERIAL_MESSAGE,
    });
    for (const system of SYSTEMS) {
      const response = await get(`/api/data/customer-data?serialNumber=${system.serialNumber}`, identity);
      if (expected.systems.includes(system)) {
        const customer = CUSTOMERS.find((candidate) => candidate.id === system.customerId);
        expect(response.statusCode).toBe(200);
        expect(response.json<CustomerDataResponse>()).toMatchObject({ id: customer?.id, name: customer?.name });
      } else {
        expect(response.statusCode).toBe(404);
        expect(response.body).toBe(unknown.body);
      }
    }
  });

  it.each(SYSTEM_GROUPS)('GET /api/reports/systems lists the %s systems in scope', async (group) => {
    const body = await getJson<ReportSystem[]>(`/api/reports/systems?systemGroup=${group}&day=${TODAY}`, identity);
    const inGroup = expected.systems.filter((system) => system.systemGroup === group);
    expect(body.map((system) => system.serialNumber)).toEqual(inGroup.map((system) => system.serialNumber).sort());
    for (const row of body) {
      const system = SYSTEMS.find((candidate) => candidate.serialNumber === row.serialNumber);
      const latest = INTERVALS.filter((interval) => interval.system === system?.id).at(-1);
      const jobEnds = JOBS.filter((job) => job.systemId === system?.id).map((job) => job.endedAt);
      expect(row).toEqual({
        serialNumber: system?.serialNumber,
        systemNickName: system?.nickname,
        systemModel: FIXTURE_MODELS.find((model) => model.id === system?.modelId)?.name,
        printerStatus: latest?.status ?? 'NotReporting',
        lastUpdate:
          [LAST_REPORTED[system?.id ?? ''], ...jobEnds]
            .filter((end) => end !== undefined)
            .sort()
            .at(-1) ?? null,
      });
    }
  });

  it('GET /api/reports/site-extensions lists the sites in scope with the groups of their systems in scope', async () => {
    expect(await getJson<SiteExtension[]>('/api/reports/site-extensions', identity)).toEqual(
      byName(expected.sites).map((site) => ({
        siteId: site.id,
        name: site.name,
        timeZone: site.timeZone,
        systemGroups: SYSTEM_GROUPS.filter((group) =>
          expected.systems.some((system) => system.siteId === site.id && system.systemGroup === group),
        ),
      })),
    );
  });

  it('GET /api/reports/reported-printers-status counts the systems in scope that ever reported', async () => {
    const body = await getJson<ReportedPrintersStatusResponse>('/api/reports/reported-printers-status', identity);
    expect(body).toEqual({
      reportedSystems: SYSTEM_GROUPS.flatMap((group) => {
        const inGroup = expected.systems.filter((system) => system.systemGroup === group);
        if (inGroup.length === 0) return [];
        const reported = inGroup.filter((system) => system.everReported).length;
        return [{ systemGroup: group, reportedSystemsData: { reported, total: inGroup.length } }];
      }),
    });
  });

  it('GET /api/reports/current-state covers the DTG systems in scope', async () => {
    const body = await getJson<CurrentStateResponse>('/api/reports/current-state?systemGroup=DTG', identity);
    expect(body.systems.map((system) => system.serialNumber)).toEqual(
      expected.systems
        .filter((system) => system.systemGroup === 'DTG')
        .map((system) => system.serialNumber)
        .sort(),
    );
    expect(Object.values(body.counts).reduce((sum, count) => sum + count, 0)).toBe(body.systems.length);
  });
});

describe('GET /api/reports/current-state', () => {
  /** A system's last update (docs/kpi-glossary.md): here its latest job end or recorded report, whichever is later. */
  const lastUpdateOf = (systemId: string): string | null => {
    const times = [
      ...JOBS.filter((job) => job.systemId === systemId).map((job) => Date.parse(job.endedAt)),
      ...(LAST_REPORTED[systemId] === undefined ? [] : [Date.parse(LAST_REPORTED[systemId])]),
    ];
    return times.length === 0 ? null : new Date(Math.max(...times)).toISOString();
  };

  it('gives the latest status since its start, and Not Reporting since the last update without a status', async () => {
    const dtg = await getJson<CurrentStateResponse>('/api/reports/current-state?systemGroup=DTG', admin);
    expect(dtg).toEqual({
      systemGroup: 'DTG',
      systems: [
        { serialNumber: 'DTG-10021', status: 'Printing', since: `${TODAY}T22:30:00.000Z` },
        // Its latest interval ended an hour before its last report: a silence far inside the reporting window.
        { serialNumber: 'DTG-10022', status: 'Error', since: `${TODAY}T22:00:00.000Z` },
        // Jobs but no status interval: it never said what state it is in.
        { serialNumber: 'DTG-10023', status: 'NotReporting', since: lastUpdateOf('sys-dtg-10023') },
        { serialNumber: 'DTG-40001', status: 'NotReporting', since: null },
      ],
      counts: { Printing: 1, Preparation: 0, Idle: 0, Error: 1, Maintenance: 0, NotReporting: 2 },
    });
    const dtf = await getJson<CurrentStateResponse>('/api/reports/current-state?systemGroup=DTF', admin);
    expect(dtf.systems).toEqual([
      { serialNumber: 'DTF-20011', status: 'Maintenance', since: `${TODAY}T22:05:00.000Z` },
      { serialNumber: 'DTF-20012', status: 'NotReporting', since: lastUpdateOf('sys-dtf-20012') },
    ]);
    expect(dtf.counts).toMatchObject({ Maintenance: 1, NotReporting: 1 });
  });
});

describe('query validation', () => {
  it.each([
    '/api/data/customers?x=1',
    '/api/data/sites?customerId=northwind',
    '/api/data/systems?x=1',
    '/api/data/customer-data',
    '/api/data/customer-data?serialNumber=',
    '/api/data/customer-data?serialNumber=DTG-10021&x=1',
    '/api/reports/systems',
    '/api/reports/systems?systemGroup=Laser',
    `/api/reports/systems?systemGroup=DTG&day=2024-13-45`,
    `/api/reports/systems?systemGroup=DTG&week=last`,
    `/api/reports/systems?systemGroup=DTG&month=2024-03`,
    '/api/reports/current-state',
    '/api/reports/current-state?systemGroup=dtg',
    '/api/reports/site-extensions?systemGroup=DTG',
    '/api/reports/reported-printers-status?x=1',
  ])('answers 400 with the uniform body for %s', async (url) => {
    const response = await get(url, admin);
    expect(response.statusCode).toBe(400);
    expect(response.json<ApiErrorBody>()).toMatchObject({ statusCode: 400, error: 'Bad Request' });
  });

  it('accepts the period parameters the client sends', async () => {
    const response = await get(
      `/api/reports/systems?systemGroup=DTF&day=${TODAY}&week=2024-03-04&custom=2024-03-01T05:00/2024-03-04`,
      admin,
    );
    expect(response.statusCode).toBe(200);
  });

  it('requires a token', async () => {
    for (const url of ['/api/data/customers', '/api/reports/site-extensions']) {
      expect((await h.app.inject({ method: 'GET', url })).statusCode).toBe(401);
    }
  });
});
