import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ApiErrorBody } from '../../../shared/api-types.ts';
import type { TvXmrImpressions } from '../../../shared/contract/tv-dashboard.contract.ts';
import { ROLE } from '../../../shared/auth/roles.ts';
import { insertFleetReference } from '../../db/fleet-reference.ts';
import { ingestTelemetry } from '../../ingest/ingest-telemetry.ts';
import { createApiTestHarness, type ApiTestHarness, type TestIdentity } from '../../testing/api-test-harness.ts';
import { testUserRow } from '../../testing/test-fleet-plan.ts';

/**
 * GET /api/tv-dashboard/xmrImpressions against a hand-made Berlin printer (CEST = UTC+2 from 29 March 2026). Expected
 * values are worked out by hand from docs/kpi-glossary.md "Shift impressions" and "Shift XMR chart".
 */

const A = 'tv-alpha';
const B = 'tv-bravo';
/** A tenant with Apollo printers that is not on PORTAL_LIVE_DASHBOARD_TENANTS. */
const C = 'tv-charlie';
const SERIAL = 'APO-7001';
const B_SERIAL = 'APO-9001';
const C_SERIAL = 'APO-8001';
const adminA: TestIdentity = { sub: 'tv-admin-a', tenantId: A, roles: [ROLE.Admin] };
const adminB: TestIdentity = { sub: 'tv-admin-b', tenantId: B, roles: [ROLE.Admin] };
const adminC: TestIdentity = { sub: 'tv-admin-c', tenantId: C, roles: [ROLE.Admin] };
/** Super users (the token's tenant is the one they act in): one of A acting for C, one of C acting for A. */
const superOfAInC: TestIdentity = { sub: 'tv-super-a', tenantId: C, roles: [ROLE.Admin], isSuperUser: true };
const superOfCInA: TestIdentity = { sub: 'tv-super-c', tenantId: A, roles: [ROLE.Admin], isSuperUser: true };
const MON_SAT = [1, 2, 3, 4, 5, 6];

let h: ApiTestHarness;
let now = new Date('2026-03-31T07:20:00Z');

/** Berlin wall-clock `hh:mm` on a CEST day as an ISO instant. */
const cest = (day: string, time: string, seconds = 0) =>
  new Date(Date.parse(`${day}T${time}:00+02:00`) + seconds * 1000).toISOString();

let jobCount = 0;
const job = (serial: string, endedAt: string, impressions: number) => ({
  kind: 'job',
  id: `job-${(jobCount += 1)}`,
  serial,
  startedAt: new Date(Date.parse(endedAt) - 60_000).toISOString(),
  endedAt,
  impressions,
});

/** Monday 30 March, early shift 06:00–14:00: 32 intervals alternating 90 and 110 impressions. */
const MONDAY_VALUES = Array.from({ length: 32 }, (_, index) => (index % 2 === 0 ? 90 : 110));
/** Tuesday 31 March, early shift up to 09:20: 13 complete intervals and the running 09:15–09:30 one. */
const TUESDAY_VALUES = [100, 120, 160, 80, 40, 100, 100, 100, 100, 100, 100, 100, 100, 30];

async function seed(): Promise<void> {
  const { db } = h.database;
  const fleet = (tenantId: string, serial: string, siteId: string) => ({
    tenants: [{ id: tenantId, name: tenantId, office: 'Berlin' }],
    customers: [{ tenantId, id: `${tenantId}-c`, name: 'Customer' }],
    sites: [{ tenantId, id: siteId, customerId: `${tenantId}-c`, name: 'Hall', timeZone: 'Europe/Berlin' }],
    models: [{ tenantId, id: 'apollo-1', name: 'Apollo One', group: 'Apollo' as const }],
    systems: [
      {
        tenantId,
        id: `${tenantId}-${serial}`,
        serialNumber: serial,
        customerId: `${tenantId}-c`,
        siteId,
        modelId: 'apollo-1',
        group: 'Apollo' as const,
        nickname: null,
      },
    ],
  });
  await insertFleetReference(db, fleet(A, SERIAL, 'hall'));
  await insertFleetReference(db, fleet(B, B_SERIAL, 'b-hall'));
  await insertFleetReference(db, fleet(C, C_SERIAL, 'c-hall'));
  // A site without shifts, with its own printer.
  await insertFleetReference(db, {
    ...fleet(A, 'APO-7002', 'yard'),
    tenants: [],
    customers: [],
    models: [],
  });
  await db
    .insertInto('shifts')
    .values([
      {
        tenant_id: A,
        id: 'early',
        site_id: 'hall',
        name: 'Early',
        starts_at: '06:00',
        ends_at: '14:00',
        weekdays: MON_SAT,
      },
      {
        tenant_id: A,
        id: 'night',
        site_id: 'hall',
        name: 'Night',
        starts_at: '22:00',
        ends_at: '06:00',
        weekdays: MON_SAT,
      },
      {
        tenant_id: B,
        id: 'early',
        site_id: 'b-hall',
        name: 'Early',
        starts_at: '06:00',
        ends_at: '14:00',
        weekdays: MON_SAT,
      },
    ])
    .execute();
  const system_id = `${A}-${SERIAL}`;
  await db
    .insertInto('shift_targets')
    .values([
      { tenant_id: A, system_id, shift_id: 'early', valid_from: '2026-01-01', target_impressions: 800 },
      { tenant_id: A, system_id, shift_id: 'early', valid_from: '2026-03-30', target_impressions: 1000 },
      { tenant_id: A, system_id, shift_id: 'early', valid_from: '2026-04-10', target_impressions: 5000 },
      { tenant_id: A, system_id, shift_id: 'night', valid_from: '2026-01-01', target_impressions: 600 },
    ])
    .execute();
  await db
    .insertInto('users')
    .values([
      testUserRow(adminA),
      testUserRow(adminB),
      testUserRow(adminC),
      // Their accounts belong to their own tenants.
      testUserRow({ ...superOfAInC, tenantId: A }),
      testUserRow({ ...superOfCInA, tenantId: C }),
    ])
    .execute();

  const monday = MONDAY_VALUES.map((value, index) => job(SERIAL, cest('2026-03-30', '06:10', index * 900), value));
  const tuesday = TUESDAY_VALUES.flatMap((value, index) =>
    index === 0
      ? // At the interval's first instant (counts in it) and one before the shift (does not count).
        [job(SERIAL, cest('2026-03-31', '06:00'), 60), job(SERIAL, cest('2026-03-31', '06:10'), 40)]
      : [job(SERIAL, cest('2026-03-31', '06:01', index * 900), value)],
  );
  const before = job(SERIAL, cest('2026-03-31', '05:59', 59), 999);
  const result = await ingestTelemetry(db, A, [...monday, ...tuesday, before]);
  expect(result.rejected).toEqual([]);
  await ingestTelemetry(db, B, [job(B_SERIAL, cest('2026-03-31', '07:00'), 5)]);
}

async function get(query: string, identity: TestIdentity = adminA) {
  return h.app.inject({
    method: 'GET',
    url: `/api/tv-dashboard/xmrImpressions?${query}`,
    headers: { authorization: await h.bearer(identity) },
  });
}

async function answer(at: string, serial = SERIAL): Promise<TvXmrImpressions> {
  now = new Date(at);
  const response = await get(`systemGroup=Apollo&system=${serial}`);
  expect(response.statusCode, response.body).toBe(200);
  return response.json<TvXmrImpressions>();
}

beforeAll(async () => {
  h = await createApiTestHarness({ clock: () => now, env: { PORTAL_LIVE_DASHBOARD_TENANTS: `${A}, ${B}` } });
  await seed();
});

afterAll(async () => {
  await h?.close();
});

describe('GET /api/tv-dashboard/xmrImpressions', () => {
  it('gives the running shift, its impressions against the target valid that day, and the XMR series', async () => {
    const body = await answer('2026-03-31T07:20:00Z');
    expect(body).toMatchObject({
      systemGroup: 'Apollo',
      systemSerialGk: SERIAL,
      timeZone: 'Europe/Berlin',
      asOf: '2026-03-31T07:20:00.000Z',
      currentShiftType: 'Early',
      currentShiftId: 'early',
      currentShiftStartDate: '2026-03-31T04:00:00.000Z',
      currentShiftEndDate: '2026-03-31T12:00:00.000Z',
      isShiftRunning: true,
      // 100 + 120 + 160 + 80 + 40 + 8 × 100 + 30 (the job at 05:59:59 is before the shift).
      shiftImp: 1330,
      // Valid from 30 March (not the 1 January one, not the 10 April one).
      shiftImpTarget: 1000,
      impRatio: 1.33,
    });
    const xmr = body.xmrImpressionsResponseData;
    // Baseline: Monday's 32 intervals, 90 and 110 alternating: mean 100, every moving range 20.
    expect(xmr.intervalMinutes).toBe(15);
    expect(xmr.baselinePoints).toBe(32);
    expect(xmr.baselineFrom).toBe('2026-03-30T04:00:00.000Z');
    expect(xmr.baselineTo).toBe('2026-03-30T12:00:00.000Z');
    expect(xmr.centreLine).toBeCloseTo(100, 10);
    expect(xmr.averageMovingRange).toBeCloseTo(20, 10);
    // 100 ± 2.66 × 20 = 100 ± 53.2; 3.267 × 20 = 65.34.
    expect(xmr.upperNaturalLimit).toBeCloseTo(153.2, 10);
    expect(xmr.lowerNaturalLimit).toBeCloseTo(46.8, 10);
    expect(xmr.movingRangeUpperLimit).toBeCloseTo(65.34, 10);
    expect(xmr.points.map((point) => point.impressions)).toEqual(TUESDAY_VALUES);
    expect(xmr.points.map((point) => point.movingRange)).toEqual([null, 20, 40, 80, 40, 60, 0, 0, 0, 0, 0, 0, 0, null]);
    expect(xmr.points.map((point) => point.partial)).toEqual([...Array<boolean>(13).fill(false), true]);
    // 160 > 153.2 and 40 < 46.8 are outside; the running interval's 30 is not judged.
    expect(xmr.points.flatMap((point, index) => (point.outsideLimits ? [index] : []))).toEqual([2, 4]);
    // The moving range 80 > 65.34.
    expect(xmr.points.flatMap((point, index) => (point.movingRangeAboveLimit ? [index] : []))).toEqual([3]);
    expect(xmr.points[0]).toMatchObject({ start: '2026-03-31T04:00:00.000Z', end: '2026-03-31T04:15:00.000Z' });
    expect(xmr.points.at(-1)).toMatchObject({ start: '2026-03-31T07:15:00.000Z', end: '2026-03-31T07:30:00.000Z' });
  });

  it('selects the target by the day the shift starts, also for a night shift past midnight', async () => {
    // Monday 30 March's early shift: the target valid from that very day.
    expect((await answer('2026-03-30T11:00:00Z')).shiftImpTarget).toBe(1000);
    // Saturday 28 March's early shift: the target valid from 1 January; no jobs, no baseline jobs (limits from zeros).
    const saturday = await answer('2026-03-28T08:00:00Z');
    expect(saturday).toMatchObject({ shiftImpTarget: 800, shiftImp: 0, impRatio: 0 });
    // Wednesday 1 April 01:00 CEST: Tuesday's night shift, its target 600; Tuesday's jobs are not in it.
    const night = await answer('2026-03-31T23:00:00Z');
    expect(night).toMatchObject({
      currentShiftId: 'night',
      currentShiftStartDate: '2026-03-31T20:00:00.000Z',
      shiftImpTarget: 600,
      shiftImp: 0,
    });
  });

  it('describes the last shift after it ended, and has no shift for a site without shifts', async () => {
    const after = await answer('2026-03-31T13:00:00Z');
    // 15:00 CEST: no shift runs; the early shift ended at 14:00 with every interval complete.
    expect(after).toMatchObject({ currentShiftId: 'early', isShiftRunning: false, shiftImp: 1330 });
    expect(after.xmrImpressionsResponseData.points).toHaveLength(32);
    expect(after.xmrImpressionsResponseData.points.some((point) => point.partial)).toBe(false);
    const none = await answer('2026-03-31T07:20:00Z', 'APO-7002');
    expect(none).toMatchObject({
      currentShiftType: null,
      currentShiftStartDate: null,
      shiftImp: 0,
      shiftImpTarget: null,
      impRatio: null,
    });
    expect(none.xmrImpressionsResponseData.points).toEqual([]);
  });

  it("answers 404 for another tenant's printer and for a serial of another group", async () => {
    now = new Date('2026-03-31T07:20:00Z');
    for (const [query, identity] of [
      [`systemGroup=Apollo&system=${B_SERIAL}`, adminA],
      [`systemGroup=Apollo&system=${SERIAL}`, adminB],
      [`systemGroup=DTG&system=${SERIAL}`, adminA],
      ['systemGroup=Apollo&system=NOPE', adminA],
    ] as const) {
      const response = await get(query, identity);
      expect(response.statusCode, query).toBe(404);
      expect(response.json<ApiErrorBody>().message).toBe('Cannot find a system with this serial number in your scope');
    }
    const own = await get(`systemGroup=Apollo&system=${B_SERIAL}`, adminB);
    expect(own.json<TvXmrImpressions>().shiftImp).toBe(5);
  });

  it('answers 400 with the schema error for bad input', async () => {
    for (const query of [
      'systemGroup=Apollo',
      `system=${SERIAL}`,
      `systemGroup=Apolo&system=${SERIAL}`,
      'systemGroup=Apollo&system=',
      `systemGroup=Apollo&system=${SERIAL}&day=2026-03-31`,
      `systemGroup=Apollo&system=${'x'.repeat(101)}`,
      `systemGroup=Apollo&system=A%00B`,
    ]) {
      const response = await get(query);
      expect(response.statusCode, query).toBe(400);
      expect(response.json<ApiErrorBody>().message, query).toMatch(/querystring/);
    }
  });

  it('answers 403 when the tenant acted in is not on PORTAL_LIVE_DASHBOARD_TENANTS, whatever the printer', async () => {
    now = new Date('2026-03-31T07:20:00Z');
    for (const [query, identity] of [
      // C's own printer, for C's admin and for a super user of A acting for C.
      [`systemGroup=Apollo&system=${C_SERIAL}`, adminC],
      [`systemGroup=Apollo&system=${C_SERIAL}`, superOfAInC],
      // Another tenant's printer or a bad serial: still 403 (not 404), nothing is looked up.
      [`systemGroup=Apollo&system=${SERIAL}`, adminC],
      ['systemGroup=Apollo&system=NOPE', adminC],
    ] as const) {
      const response = await get(query, identity);
      expect(response.statusCode, `${identity.sub} ${query}`).toBe(403);
      expect(response.json<ApiErrorBody>()).toEqual({
        statusCode: 403,
        error: 'Forbidden',
        message: 'The Live Dashboard is not enabled for this tenant',
      });
    }
    // A super user whose own tenant is C, acting for A: A's dashboard.
    const acting = await get(`systemGroup=Apollo&system=${SERIAL}`, superOfCInA);
    expect(acting.statusCode, acting.body).toBe(200);
    expect(acting.json<TvXmrImpressions>().shiftImp).toBe(1330);
  });

  it('answers 401 without a token', async () => {
    const response = await h.app.inject({
      method: 'GET',
      url: `/api/tv-dashboard/xmrImpressions?systemGroup=Apollo&system=${SERIAL}`,
    });
    expect(response.statusCode).toBe(401);
  });
});
