import vm from 'node:vm';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type {
  ApiErrorBody,
  DateFiltersResponse,
  OverviewCardsResponse,
  ProfileData,
  UserSettings,
} from '../shared/api-types.ts';
import { ROLE } from '../shared/auth/roles.ts';
import type { RuntimeConfig } from '../shared/runtime-config.ts';
import { FIXTURE_TENANT, generateFixtureJobs } from './fixtures/fixture-fleet.ts';
import { seedDemoFleet } from './fixtures/seed-demo.ts';
import { createApiTestHarness, type ApiTestHarness, type TestIdentity } from './testing/api-test-harness.ts';

const TODAY = '2024-03-05';
const JOBS = generateFixtureJobs(TODAY);
const tenantId = FIXTURE_TENANT.id;

const admin: TestIdentity = { sub: 'u-admin', tenantId, roles: [ROLE.Admin, ROLE.Scheduler] };
const reader: TestIdentity = { sub: 'u-reader', tenantId, roles: [ROLE.ReadOnly] };
/** Scope: the Berlin site plus one Newark printer. */
const scoped: TestIdentity = { sub: 'u-scoped', tenantId, roles: [ROLE.Scheduler] };
const superUser: TestIdentity = { sub: 'u-super', tenantId, roles: [ROLE.Admin], isSuperUser: true };
const outsider: TestIdentity = { sub: 'u-outsider', tenantId: 'other-tenant', roles: [ROLE.Admin] };

describe('portal API', () => {
  let h: ApiTestHarness;

  beforeAll(async () => {
    h = await createApiTestHarness({ env: { PORTAL_LIVE_DASHBOARD_TENANTS: tenantId } });
    const { db } = h.database;
    await seedDemoFleet(db, TODAY);
    await db.insertInto('tenants').values({ id: 'other-tenant', name: 'Other Prints' }).execute();
    const user = (identity: TestIdentity, extra: Record<string, unknown> = {}) => ({
      id: identity.sub,
      tenant_id: identity.tenantId,
      email: `${identity.sub}@example.test`,
      first_name: `First ${identity.sub}`,
      last_name: `Last ${identity.sub}`,
      roles: identity.roles ?? [],
      is_super_user: identity.isSuperUser ?? false,
      ...extra,
    });
    await db
      .insertInto('users')
      .values([
        user(admin, { is_root_user: true, locale: 'en-US' }),
        user(reader),
        user(scoped, { site_ids: ['berlin'], system_ids: ['sys-dtg-10023'] }),
        user(superUser),
        user(outsider),
        user({ sub: 'u-shadow', tenantId }, { is_shadow_user: true }),
      ])
      .execute();
  });

  afterAll(async () => {
    await h.close();
  });

  const get = async (url: string, identity?: TestIdentity) =>
    h.app.inject({ method: 'GET', url, headers: identity ? { authorization: await h.bearer(identity) } : {} });
  const post = async (url: string, identity: TestIdentity, payload?: unknown) =>
    h.app.inject({
      method: 'POST',
      url,
      headers: { authorization: await h.bearer(identity) },
      ...(payload === undefined ? {} : { payload: payload as Record<string, unknown> }),
    });

  describe('public routes', () => {
    it('GET /api/health checks the database and names it', async () => {
      const response = await get('/api/health');
      expect(response.statusCode).toBe(200);
      expect(response.json()).toEqual({ status: 'ok', database: h.database.kind, version: h.config.version });
    });

    it('GET /config.js sets window.__PORTAL_CONFIG__, uncached', async () => {
      const response = await get('/config.js');
      expect(response.statusCode).toBe(200);
      expect(response.headers['content-type']).toMatch(/^text\/javascript/);
      expect(response.headers['cache-control']).toBe('no-store');
      const sandbox = { window: {} as { __PORTAL_CONFIG__?: RuntimeConfig } };
      vm.runInNewContext(response.body, sandbox);
      expect(sandbox.window.__PORTAL_CONFIG__).toEqual({
        apiBase: 'https://portal.test',
        authority: 'https://portal.test/idp',
        clientId: 'fleet-portal',
        scopes: ['user_metadata', 'app_metadata'],
        claimsNamespace: 'https://fleet-portal/',
        environment: 'local',
        version: h.config.version,
        inactivityTimeoutMs: 14_400_000,
        agreementVersion: '1.0',
        liveDashboardTenants: [tenantId],
      });
    });

    it('answers unknown /api paths with the uniform 404 body', async () => {
      const response = await get('/api/nothing-here', admin);
      expect(response.statusCode).toBe(404);
      expect(response.json()).toEqual({
        statusCode: 404,
        error: 'Not Found',
        message: 'GET /api/nothing-here does not exist',
      });
    });
  });

  describe('authentication', () => {
    const expect401 = async (authorization: string | undefined, message: RegExp) => {
      const response = await h.app.inject({
        method: 'GET',
        url: '/api/users/profile-data',
        headers: authorization === undefined ? {} : { authorization },
      });
      expect(response.statusCode).toBe(401);
      expect(response.headers['www-authenticate']).toBe('Bearer');
      const body = response.json<ApiErrorBody>();
      expect(body).toMatchObject({ statusCode: 401, error: 'Unauthorized' });
      expect(body.message).toMatch(message);
    };

    it('rejects a request without a token', async () => {
      await expect401(undefined, /bearer access token is required/);
      await expect401('Basic dXNlcjpwYXNz', /bearer access token is required/);
    });

    it('rejects a token with a bad signature', async () => {
      await expect401(await h.bearer(admin, { signWith: h.foreignKey }), /signature is invalid/);
    });

    it('rejects an expired token', async () => {
      await expect401(await h.bearer(admin, { expiresAt: Math.floor(Date.now() / 1000) - 60 }), /expired/);
    });

    it('rejects a token for another audience', async () => {
      await expect401(await h.bearer(admin, { audience: 'https://elsewhere.test/api' }), /"aud"/);
    });

    it('rejects a token from another issuer', async () => {
      await expect401(await h.bearer(admin, { issuer: 'https://evil.test/idp' }), /"iss"/);
    });

    it('rejects a token without a subject', async () => {
      await expect401(await h.bearer(admin, { omitSubject: true }), /no subject/);
    });

    it('rejects garbage', async () => {
      await expect401('Bearer not.a.jwt', /invalid/);
    });
  });

  describe('/api/users', () => {
    it('GET /api/users/extended is for admins only (403 with the uniform body)', async () => {
      const response = await get('/api/users/extended', reader);
      expect(response.statusCode).toBe(403);
      expect(response.json()).toEqual({ statusCode: 403, error: 'Forbidden', message: 'This requires the role admin' });
    });

    it("GET /api/users/extended lists the caller's tenant without shadow users", async () => {
      const response = await get('/api/users/extended', admin);
      expect(response.statusCode).toBe(200);
      const users = response.json<{ id: string }[]>();
      expect(users.map((user) => user.id).sort()).toEqual(['u-admin', 'u-reader', 'u-scoped', 'u-super']);
      expect(users.find((user) => user.id === 'u-scoped')).toEqual({
        id: 'u-scoped',
        firstname: 'First u-scoped',
        lastname: 'Last u-scoped',
        email: 'u-scoped@example.test',
        permissions: [ROLE.Scheduler],
        isRootUser: false,
        isShadowUser: false,
        profilePictureUrl: null,
        customerIds: [],
        siteIds: ['berlin'],
        systemIds: ['sys-dtg-10023'],
        localeCode: null,
      });
    });

    it('GET /api/users/profile-data combines the users row, the agreement and the token', async () => {
      const response = await get('/api/users/profile-data', admin);
      expect(response.statusCode).toBe(200);
      expect(response.json<ProfileData>()).toEqual({
        id: 'u-admin',
        email: 'u-admin@example.test',
        firstName: 'First u-admin',
        lastName: 'Last u-admin',
        profilePictureUrl: null,
        permissions: [ROLE.Admin, ROLE.Scheduler],
        reportTypes: ['overview', 'systems', 'jobs', 'tv-dashboard'],
        userAgreementVersion: null,
        userAgreement: false,
        isSuperUser: false,
        tenantId,
        tenantName: FIXTURE_TENANT.name,
        localeCode: 'en-US',
      });
    });

    it('answers 403 for a valid token whose subject has no account', async () => {
      const response = await get('/api/users/profile-data', { sub: 'u-nobody', tenantId });
      expect(response.statusCode).toBe(403);
      expect(response.json<ApiErrorBody>().message).toBe('This account is not registered in the portal');
    });

    it('POST /api/users/agreement records the answer, which profile-data then reports', async () => {
      const response = await post('/api/users/agreement', reader, { version: '1.0', isApproved: true });
      expect(response.statusCode).toBe(204);
      const row = await h.database.db
        .selectFrom('agreements')
        .selectAll()
        .where('user_id', '=', 'u-reader')
        .executeTakeFirst();
      expect(row).toMatchObject({ version: '1.0', approved: true });
      expect(row?.recorded_at).toBeInstanceOf(Date);
      const profile = (await get('/api/users/profile-data', reader)).json<ProfileData>();
      expect(profile).toMatchObject({ userAgreementVersion: '1.0', userAgreement: true });
      expect((await post('/api/users/agreement', reader, { version: '1.5', isApproved: false })).statusCode).toBe(204);
      expect((await get('/api/users/profile-data', reader)).json<ProfileData>()).toMatchObject({
        userAgreementVersion: '1.5',
        userAgreement: false,
      });
    });

    it('POST /api/users/locale stores the locale of a normal user', async () => {
      expect((await post('/api/users/locale', reader, { localeCode: 'de-DE' })).statusCode).toBe(204);
      const row = await h.database.db
        .selectFrom('users')
        .select('locale')
        .where('id', '=', 'u-reader')
        .executeTakeFirst();
      expect(row?.locale).toBe('de-DE');
    });

    it('POST /api/users/locale stores nothing for a super user', async () => {
      expect((await post('/api/users/locale', superUser, { localeCode: 'de-DE' })).statusCode).toBe(204);
      const row = await h.database.db
        .selectFrom('users')
        .select('locale')
        .where('id', '=', 'u-super')
        .executeTakeFirst();
      expect(row?.locale).toBeNull();
    });

    it('GET /api/users/user-settings gives defaults, the groups in scope and the tenant fields', async () => {
      const response = await get('/api/users/user-settings', admin);
      expect(response.statusCode).toBe(200);
      expect(response.json<UserSettings>()).toEqual({
        userSystemGroup: ['DTG', 'DTF', 'Apollo'],
        defaultSystemGroup: 'DTG',
        lengthUnits: 'Meter',
        volumeUnits: 'Liter',
        rtrMetricUnit: 'Linear',
        portalLanguage: 'en-US',
        realTimeRefreshRateSeconds: 300,
        systemsAnalysisView: 'table',
        tenantName: FIXTURE_TENANT.name,
        importedTenantId: '',
        office: 'Berlin',
        accountType: 'customer',
      });
    });

    it('POST /api/users/user-settings merges over the current settings and GET returns them', async () => {
      const first = await post('/api/users/user-settings', admin, {
        defaultSystemGroup: 'Apollo',
        lengthUnits: 'Yard',
      });
      expect(first.statusCode).toBe(200);
      expect(first.json<UserSettings>()).toMatchObject({ defaultSystemGroup: 'Apollo', lengthUnits: 'Yard' });
      const second = await post('/api/users/user-settings', admin, { rtrMetricUnit: 'Square' });
      expect(second.json<UserSettings>()).toMatchObject({
        defaultSystemGroup: 'Apollo',
        lengthUnits: 'Yard',
        rtrMetricUnit: 'Square',
      });
      const read = await get('/api/users/user-settings', admin);
      expect(read.json()).toEqual(second.json());
    });

    it('POST /api/users/user-settings rejects userSystemGroup and bad values with 400 and the schema message', async () => {
      const extra = await post('/api/users/user-settings', admin, { userSystemGroup: ['DTG'] });
      expect(extra.statusCode).toBe(400);
      expect(extra.json()).toEqual({
        statusCode: 400,
        error: 'Bad Request',
        message: 'body must NOT have additional properties',
      });
      const badUnit = await post('/api/users/user-settings', admin, { lengthUnits: 'Inch' });
      expect(badUnit.statusCode).toBe(400);
      expect(badUnit.json<ApiErrorBody>().message).toBe('body/lengthUnits must be equal to one of the allowed values');
    });

    it('falls back to the first group the user has when the stored default is outside their scope', async () => {
      await post('/api/users/user-settings', scoped, { defaultSystemGroup: 'Apollo' });
      await h.database.db.updateTable('users').set({ site_ids: [] }).where('id', '=', 'u-scoped').execute();
      try {
        const settings = (await get('/api/users/user-settings', scoped)).json<UserSettings>();
        expect(settings.userSystemGroup).toEqual(['DTG']);
        expect(settings.defaultSystemGroup).toBe('DTG');
      } finally {
        await h.database.db
          .updateTable('users')
          .set({ site_ids: ['berlin'] })
          .where('id', '=', 'u-scoped')
          .execute();
      }
    });
  });

  describe('/api/overview-report/overview-cards', () => {
    const cards = async (identity: TestIdentity, group: string, day: string, systems: string[] = []) => {
      const response = await post(`/api/overview-report/overview-cards?day=${day}&systemGroup=${group}`, identity, {
        systems,
      });
      expect(response.statusCode).toBe(200);
      return response.json<OverviewCardsResponse>();
    };

    // The numbers themselves (rollups in site time zones against raw rows, selection, scope) are checked in
    // src/server/reports/overview/overview.routes.test.ts on a simulated fleet.
    it("shows a user of another tenant none of the demo tenant's numbers", async () => {
      for (const group of ['DTG', 'DTF', 'Apollo']) {
        expect((await cards(outsider, group, TODAY)).totalProduction).toMatchObject({ value: 0, stats: null });
        expect((await cards(outsider, group, TODAY, ['DTG-10021'])).totalProduction.value).toBe(0);
      }
      const filters = (await get('/api/reports/date-filters', outsider)).json<DateFiltersResponse>();
      expect(filters.groups).toEqual([]);
    });

    it('validates the query and the body', async () => {
      const badDay = await post('/api/overview-report/overview-cards?day=05.03.2024&systemGroup=DTG', admin, {
        systems: [],
      });
      expect(badDay.statusCode).toBe(400);
      expect(badDay.json<ApiErrorBody>().message).toMatch(/^querystring\/day must be a calendar day yyyy-MM-dd/);
      const badGroup = await post(`/api/overview-report/overview-cards?day=${TODAY}&systemGroup=XYZ`, admin, {
        systems: [],
      });
      expect(badGroup.statusCode).toBe(400);
      const noBody = await post(`/api/overview-report/overview-cards?day=${TODAY}&systemGroup=DTG`, admin);
      expect(noBody.statusCode).toBe(400);
    });
  });

  describe('/api/reports', () => {
    it('GET /api/reports/date-filters describes each group in scope', async () => {
      const response = await get('/api/reports/date-filters', admin);
      expect(response.statusCode).toBe(200);
      const { groups } = response.json<DateFiltersResponse>();
      expect(groups.map((group) => group.systemGroup)).toEqual(['DTG', 'DTF', 'Apollo']);
      const apollo = groups[2];
      // The fixture stores jobs but no status intervals: with no status a system is Not Reporting, so not active
      // (docs/kpi-glossary.md "Last update and active systems"), as /api/reports/systems shows it.
      expect(apollo).toMatchObject({ startDate: '20240221', endDate: '20240305', activeSystems: '0 of 3' });
      expect(apollo?.sites).toEqual([
        { id: 'berlin', name: 'Berlin Print Hall' },
        { id: 'newark', name: 'Newark Fulfilment' },
      ]);
      expect(apollo?.systems.find((system) => system.name === 'APL-30003')).toMatchObject({ isEverReported: false });
      expect(apollo?.systems.find((system) => system.name === 'APL-30001')).toEqual({
        id: 'sys-apl-30001',
        name: 'APL-30001',
        siteId: 'berlin',
        modelId: 'apollo-1',
        systemNickName: 'Apollo Berlin',
        isEverReported: true,
        modelStartDate: '',
      });
    });

    it("GET /api/reports/date-filters names each printer's model start date (yyyyMMdd), where its own pages start", async () => {
      const { db } = h.database;
      const setStart = (start: string | null) =>
        db.updateTable('systems').set({ model_start_date: start }).where('id', '=', 'sys-apl-30001').execute();
      await setStart('2024-02-26');
      try {
        const { groups } = (await get('/api/reports/date-filters', admin)).json<DateFiltersResponse>();
        const apollo = groups.find((group) => group.systemGroup === 'Apollo');
        expect(apollo?.systems.map((system) => [system.name, system.modelStartDate])).toEqual([
          ['APL-30001', '20240226'],
          ['APL-30002', ''],
          ['APL-30003', ''],
        ]);
      } finally {
        await setStart(null);
      }
    });

    it('GET /api/reports/date-filters offers a scoped user only their systems', async () => {
      const { groups } = (await get('/api/reports/date-filters', scoped)).json<DateFiltersResponse>();
      expect(groups.map((group) => [group.systemGroup, group.systems.map((system) => system.name)])).toEqual([
        ['DTG', ['DTG-10021', 'DTG-10022', 'DTG-10023']],
        ['DTF', ['DTF-20011']],
        ['Apollo', ['APL-30001']],
      ]);
    });

    it("POST /api/reports/getMaxKeepAlive gives the latest job end in UTC and in the first site's local time", async () => {
      const response = await post('/api/reports/getMaxKeepAlive?systemGroupType=DTG&day=2024-03-05', admin);
      expect(response.statusCode).toBe(200);
      const latest = JOBS.filter((job) => job.systemGroup === 'DTG')
        .map((job) => job.endedAt)
        .sort()
        .at(-1);
      const { rows } = await sql<{ local: string }>`
        SELECT to_char(${latest}::timestamptz AT TIME ZONE 'Europe/Berlin', 'YYYY-MM-DD"T"HH24:MI:SS') AS local`.execute(
        h.database.db,
      );
      expect(response.json()).toEqual({ maxKeepAliveValueUtc: latest, maxKeepAliveValue: rows[0]?.local });
      expect(rows[0]?.local.startsWith('2024-03-05T2')).toBe(true);
    });

    it('POST /api/reports/getMaxKeepAlive answers nulls for a group without systems', async () => {
      const response = await post('/api/reports/getMaxKeepAlive?systemGroupType=DTF', outsider);
      expect(response.json()).toEqual({ maxKeepAliveValue: null, maxKeepAliveValueUtc: null });
    });
  });
});

describe('portal API without its database', () => {
  // Set up in a hook (its own, longer timeout), like every other harness here: the test itself only asks.
  let h: ApiTestHarness;
  beforeAll(async () => {
    h = await createApiTestHarness();
    await h.database.close();
  });
  afterAll(async () => {
    await h.app.close();
  });

  it('answers /api/health with 503 and the uniform body', async () => {
    const response = await h.app.inject({ method: 'GET', url: '/api/health' });
    expect(response.statusCode).toBe(503);
    const body = response.json<ApiErrorBody>();
    expect(body).toMatchObject({ statusCode: 503, error: 'Service Unavailable' });
    expect(body.message).toMatch(/^The database does not answer/);
  });
});
