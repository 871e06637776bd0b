import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ApiErrorBody, GoalsResponse, GoalState } from '../../shared/api-types.ts';
import { ROLE } from '../../shared/auth/roles.ts';
import type { SystemGroup } from '../../shared/system-group.ts';
import { createApiTestHarness, type ApiTestHarness, type TestIdentity } from '../testing/api-test-harness.ts';
import { REPORT_TENANT, seedReportFleet } from '../testing/report-test-fleet.ts';
import { testUserRow } from '../testing/test-fleet-plan.ts';

/**
 * /api/data/goals (spec shell §2 Goals page, §5, §7; issue #27): goals per group read on the user's clock, entered in the
 * user's unit and stored in metres for DTF, limits, who may set them, and tenants kept apart. The simulated Northwind
 * fleet has printed from 16 to 25 March 2026; the user's clock is pinned at Wednesday 25 March 2026, 12:00 in Berlin.
 */

const TIME = '2026-03-25T11:00:00.000Z';
const OFFSET = 1;
const clock = `time=${encodeURIComponent(TIME)}&timezoneOffset=${OFFSET}`;

const setter: TestIdentity = { sub: 'nw-goals', tenantId: REPORT_TENANT, roles: [ROLE.GoalsSetter, ROLE.Scheduler] };
const admin: TestIdentity = { sub: 'nw-goal-admin', tenantId: REPORT_TENANT, roles: [ROLE.Admin] };
const scheduler: TestIdentity = { sub: 'nw-scheduler', tenantId: REPORT_TENANT, roles: [ROLE.Scheduler] };
const reader: TestIdentity = { sub: 'nw-reader', tenantId: REPORT_TENANT, roles: [ROLE.ReadOnly] };
const OTHER_TENANT = 'other-prints';
const otherAdmin: TestIdentity = { sub: 'op-admin', tenantId: OTHER_TENANT, roles: [ROLE.Admin, ROLE.GoalsSetter] };

let h: ApiTestHarness;

beforeAll(async () => {
  h = await createApiTestHarness();
  const { db } = h.database;
  await seedReportFleet(db, '2026-03-16', '2026-03-25', { users: false });
  await db
    .insertInto('users')
    .values([setter, admin, scheduler, reader].map((identity) => testUserRow(identity)))
    .execute();
  // A second tenant with one DTG printer of its own and no jobs.
  await db.insertInto('tenants').values({ id: OTHER_TENANT, name: 'Other Prints' }).execute();
  await db.insertInto('customers').values({ tenant_id: OTHER_TENANT, id: 'op-c', name: 'Other customer' }).execute();
  await db
    .insertInto('sites')
    .values({ tenant_id: OTHER_TENANT, id: 'op-s', customer_id: 'op-c', name: 'Lyon' })
    .execute();
  await db
    .insertInto('models')
    .values({ tenant_id: OTHER_TENANT, id: 'op-m', name: 'DTG model', system_group: 'DTG', ideal_rate_per_hour: null })
    .execute();
  await db
    .insertInto('systems')
    .values({
      tenant_id: OTHER_TENANT,
      id: 'op-1',
      serial_number: 'OP-DTG-1',
      customer_id: 'op-c',
      site_id: 'op-s',
      model_id: 'op-m',
      system_group: 'DTG',
      nickname: null,
    })
    .execute();
  await db.insertInto('users').values(testUserRow(otherAdmin)).execute();
});

afterAll(async () => {
  await h.close();
});

const getGoals = async (identity: TestIdentity, query = clock) =>
  h.app.inject({
    method: 'GET',
    url: `/api/data/goals?${query}`,
    headers: { authorization: await h.bearer(identity) },
  });

const postGoal = async (identity: TestIdentity, payload: Record<string, unknown>) =>
  h.app.inject({
    method: 'POST',
    url: '/api/data/goals',
    headers: { authorization: await h.bearer(identity) },
    payload: { time: TIME, timezoneOffset: OFFSET, ...payload },
  });

const goalOf = (body: GoalsResponse, group: SystemGroup, type: 'weekly' | 'yearly'): GoalState => {
  const goal = body.groups.find((entry) => entry.systemGroup === group)?.goals.find((entry) => entry.goalType === type);
  if (goal === undefined) throw new Error(`no ${type} goal of ${group}`);
  return goal;
};

const storedGoals = async (tenantId: string) =>
  (
    await sql<{ system_group: string; goal_type: string; period_start: string; goal_value: number }>`
      SELECT system_group, goal_type, period_start::text, goal_value FROM goals WHERE tenant_id = ${tenantId}
      ORDER BY system_group, goal_type`.execute(h.database.db)
  ).rows;

/**
 * Reference from the glossary's words ("Weekly goal": production of the Monday-to-Sunday week, jobs counted where they
 * end): the raw jobs of a group that ended from local midnight of `startDay` at their site up to the pinned time.
 */
async function rawProductionSince(group: SystemGroup, startDay: string): Promise<number> {
  const { rows } = await sql<{ impressions: number; metres: number }>`
    SELECT coalesce(sum(j.impressions), 0)::float8 AS impressions, coalesce(sum(j.media_length_mm), 0)::float8 / 1000 AS metres
    FROM jobs j
    JOIN systems s ON s.tenant_id = j.tenant_id AND s.id = j.system_id
    JOIN sites t ON t.tenant_id = s.tenant_id AND t.id = s.site_id
    WHERE j.tenant_id = ${REPORT_TENANT} AND s.system_group = ${group}
      AND j.ended_at >= (${startDay}::date)::timestamp AT TIME ZONE t.time_zone
      AND j.ended_at < ${TIME}::timestamptz`.execute(h.database.db);
  const row = rows[0];
  return group === 'DTF' ? (row?.metres ?? 0) : (row?.impressions ?? 0);
}

describe('GET /api/data/goals', () => {
  it("reads the user's week and year on their clock: periods, passed days and months, production so far", async () => {
    const response = await getGoals(reader);
    expect(response.statusCode).toBe(200);
    const body = response.json<GoalsResponse>();
    expect(body.today).toBe('2026-03-25');
    expect(body.canSetGoals).toBe(false);
    expect(body.groups.map((group) => [group.systemGroup, group.units])).toEqual([
      ['DTG', 'imp'],
      ['DTF', 'm'],
    ]);
    const weekly = goalOf(body, 'DTG', 'weekly');
    // Wednesday: Monday and Tuesday are over; January and February are the months over.
    expect(weekly).toMatchObject({ goalPeriod: 0, periodStart: '2026-03-23', periodEnd: '2026-03-29', passed: 2 });
    expect(goalOf(body, 'DTG', 'yearly')).toMatchObject({
      goalPeriod: 1,
      periodStart: '2026-01-01',
      periodEnd: '2026-12-31',
      passed: 2,
    });
    expect(weekly.completed).toBeGreaterThan(0);
    expect(weekly.completed).toBeCloseTo(await rawProductionSince('DTG', '2026-03-23'), 6);
    expect(goalOf(body, 'DTF', 'weekly').completed).toBeCloseTo(await rawProductionSince('DTF', '2026-03-23'), 6);
    expect(goalOf(body, 'DTG', 'yearly').completed).toBeCloseTo(await rawProductionSince('DTG', '2026-01-01'), 6);
  });

  it('has no goal, author or verdict before one is set, but a forecast of the production', async () => {
    const weekly = goalOf((await getGoals(reader)).json<GoalsResponse>(), 'DTG', 'weekly');
    expect(weekly.goalValue).toBeNull();
    expect(weekly.lastUpdate).toBeNull();
    expect(weekly.forecast?.willMeet).toBeNull();
  });

  it('answers 400 with the schema error for a missing or malformed clock', async () => {
    const cases: [string, RegExp][] = [
      ['timezoneOffset=1', /^querystring must have required property 'time'/],
      [`time=${encodeURIComponent(TIME)}`, /^querystring must have required property 'timezoneOffset'/],
      ['time=yesterday&timezoneOffset=1', /^querystring\/time must match pattern/],
      [`time=${encodeURIComponent(TIME)}&timezoneOffset=15`, /^querystring\/timezoneOffset must be <= 14/],
      ['time=2026-13-45T10:00:00Z&timezoneOffset=1', /^querystring\/time must be a real instant/],
    ];
    for (const [query, message] of cases) {
      const response = await getGoals(reader, query);
      expect([query, response.statusCode]).toEqual([query, 400]);
      expect(response.json<ApiErrorBody>().message).toMatch(message);
    }
  });
});

describe('POST /api/data/goals', () => {
  it('stores a goal entered in yards as metres and reads it back as the same yards (1,000 yd = 914.4 m)', async () => {
    await h.app.inject({
      method: 'POST',
      url: '/api/users/user-settings',
      headers: { authorization: await h.bearer(setter) },
      payload: { lengthUnits: 'Yard' },
    });
    const saved = await postGoal(setter, { goalValue: 1000, goalPeriod: 0, systemGroup: 'DTF' });
    expect(saved.statusCode).toBe(200);
    const stored = (await storedGoals(REPORT_TENANT)).find((row) => row.system_group === 'DTF');
    expect(stored).toEqual({ system_group: 'DTF', goal_type: 'weekly', period_start: '2026-03-23', goal_value: 914.4 });
    const weekly = goalOf(saved.json<GoalsResponse>(), 'DTF', 'weekly');
    expect(weekly.goalValue).toBe(914.4);
    // Shown in the user's unit: 914.4 m ÷ 0.9144 m/yd.
    expect(weekly.goalValue === null ? null : Math.round((weekly.goalValue / 0.9144) * 1e4) / 1e4).toBe(1000);
    expect(weekly.lastUpdate).toMatchObject({ authorFirstName: 'First', authorLastName: 'nw-goals' });
  });

  it('converts feet and metres given explicitly, and keeps impressions as they are', async () => {
    await postGoal(setter, { goalValue: 3000, goalPeriod: 1, systemGroup: 'DTF', units: 'ft' });
    await postGoal(setter, { goalValue: 25_000, goalPeriod: 1, systemGroup: 'DTG' });
    const body = (await getGoals(setter)).json<GoalsResponse>();
    expect(goalOf(body, 'DTF', 'yearly').goalValue).toBe(914.4);
    expect(goalOf(body, 'DTG', 'yearly').goalValue).toBe(25_000);
    await postGoal(setter, { goalValue: 914, goalPeriod: 1, systemGroup: 'DTF', units: 'm' });
    expect(goalOf((await getGoals(setter)).json<GoalsResponse>(), 'DTF', 'yearly').goalValue).toBe(914);
  });

  it('refuses a unit that does not fit the group', async () => {
    const lengthForDtg = await postGoal(setter, { goalValue: 10, goalPeriod: 0, systemGroup: 'DTG', units: 'yd' });
    expect(lengthForDtg.statusCode).toBe(400);
    expect(lengthForDtg.json<ApiErrorBody>().message).toBe('body/units must be imp for DTG goals');
    const impressionsForDtf = await postGoal(setter, {
      goalValue: 10,
      goalPeriod: 0,
      systemGroup: 'DTF',
      units: 'imp',
    });
    expect(impressionsForDtf.json<ApiErrorBody>().message).toBe('body/units must be m, yd or ft for DTF goals');
  });

  it('takes positive whole numbers up to 10,000,000 only (spec shell §5), nothing stored otherwise', async () => {
    const before = await storedGoals(REPORT_TENANT);
    const cases: [unknown, string][] = [
      [0, 'body/goalValue must be >= 1'],
      [-5, 'body/goalValue must be >= 1'],
      [10_000_001, 'body/goalValue must be <= 10000000'],
      [12.5, 'body/goalValue must be integer'],
      ['many', 'body/goalValue must be integer'],
    ];
    for (const [goalValue, message] of cases) {
      const response = await postGoal(setter, { goalValue, goalPeriod: 0, systemGroup: 'DTG' });
      expect([goalValue, response.statusCode, response.json<ApiErrorBody>().message]).toEqual([
        goalValue,
        400,
        message,
      ]);
    }
    expect(await storedGoals(REPORT_TENANT)).toEqual(before);
    const most = await postGoal(setter, { goalValue: 10_000_000, goalPeriod: 0, systemGroup: 'DTG' });
    expect(goalOf(most.json<GoalsResponse>(), 'DTG', 'weekly').goalValue).toBe(10_000_000);
  });

  it('refuses other fields, goal periods and groups the user has not', async () => {
    const cases: [Record<string, unknown>, string][] = [
      [{ goalValue: 5, goalPeriod: 2, systemGroup: 'DTG' }, 'body/goalPeriod'],
      [{ goalValue: 5, goalPeriod: 0, systemGroup: 'DTG', colour: 'red' }, 'body must NOT have additional properties'],
      [{ goalValue: 5, goalPeriod: 0, systemGroup: 'Apollo' }, 'body/systemGroup must be one of your system groups'],
    ];
    for (const [payload, message] of cases) {
      const response = await postGoal(setter, payload);
      expect(response.statusCode).toBe(400);
      expect(response.json<ApiErrorBody>().message).toContain(message);
    }
  });

  it('is for GoalsSetter and Admin only: 403 with the catalogue message for the others, nothing stored', async () => {
    const before = await storedGoals(REPORT_TENANT);
    for (const identity of [reader, scheduler]) {
      const response = await postGoal(identity, { goalValue: 77, goalPeriod: 0, systemGroup: 'DTG' });
      expect([identity.sub, response.statusCode]).toEqual([identity.sub, 403]);
      expect(response.json<ApiErrorBody>().message).toBe('User is forbidden to access this functionality');
    }
    expect(await storedGoals(REPORT_TENANT)).toEqual(before);
    const byAdmin = await postGoal(admin, { goalValue: 500, goalPeriod: 0, systemGroup: 'DTG' });
    expect(byAdmin.statusCode).toBe(200);
    expect(byAdmin.json<GoalsResponse>().canSetGoals).toBe(true);
    // The read-only user reads the goal the admin set.
    const seen = goalOf((await getGoals(reader)).json<GoalsResponse>(), 'DTG', 'weekly');
    expect(seen).toMatchObject({ goalValue: 500, lastUpdate: { authorLastName: 'nw-goal-admin' } });
  });

  it("keeps tenants apart: another tenant neither sees nor changes this tenant's goals", async () => {
    const theirs = (await getGoals(otherAdmin)).json<GoalsResponse>();
    expect(theirs.groups.map((group) => group.systemGroup)).toEqual(['DTG']);
    expect(goalOf(theirs, 'DTG', 'weekly').goalValue).toBeNull();
    const before = await storedGoals(REPORT_TENANT);
    expect((await postGoal(otherAdmin, { goalValue: 42, goalPeriod: 0, systemGroup: 'DTG' })).statusCode).toBe(200);
    expect(await storedGoals(REPORT_TENANT)).toEqual(before);
    expect(await storedGoals(OTHER_TENANT)).toEqual([
      { system_group: 'DTG', goal_type: 'weekly', period_start: '2026-03-23', goal_value: 42 },
    ]);
    expect(goalOf((await getGoals(reader)).json<GoalsResponse>(), 'DTG', 'weekly').goalValue).not.toBe(42);
    // A token of the other tenant naming a Northwind user is refused outright.
    const forged = await getGoals({ ...otherAdmin, sub: setter.sub });
    expect(forged.statusCode).toBe(403);
  });
});

describe('forecast (docs/kpi-glossary.md "Goal forecast")', () => {
  it('projects the production so far over the whole period at its run rate and compares it with the goal', async () => {
    const body = (await getGoals(reader)).json<GoalsResponse>();
    const weekly = goalOf(body, 'DTG', 'weekly');
    // Wednesday 12:00 on the user's clock: 2.5 of the week's 7 days have passed.
    const projected = (weekly.completed * 7) / 2.5;
    expect(weekly.forecast?.projected).toBeCloseTo(projected, 6);
    expect(weekly.forecast?.willMeet).toBe(projected >= 500);
    const yearly = goalOf(body, 'DTG', 'yearly');
    // 1 January to 25 March 12:00: 31 + 28 + 24.5 days of 365.
    expect(yearly.forecast?.projected).toBeCloseTo((yearly.completed * 365) / 83.5, 6);
    expect(yearly.forecast?.willMeet).toBe((yearly.completed * 365) / 83.5 >= 25_000);
  });
});
