import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ApiErrorBody } from '../../../shared/api-types.ts';
import type { TvXmrImpressions } from '../../../shared/contract/tv-dashboard.contract.ts';
import { ROLE } from '../../../shared/auth/roles.ts';
import { insertFleetReference } from '../../db/fleet-reference.ts';
import { ingestTelemetry } from '../../ingest/ingest-telemetry.ts';
import { createApiTestHarness, type ApiTestHarness, type TestIdentity } from '../../testing/api-test-harness.ts';
import { testUserRow } from '../../testing/test-fleet-plan.ts';
import { localTimeToInstant } from '../../../shared/time/local-time.ts';

/**
 * GET /api/tv-dashboard/xmrImpressions against a hand-made Berlin printer (CEST = UTC+2 from 29 March 2026). Expected
 * values are worked out by hand from docs/kpi-glossary.md "Shift impressions" and "Shift XMR chart": 20-minute
 * intervals, each ended job spread over its printing time; week and custom one point per shift.
 */

const A = 'tv-alpha';
const B = 'tv-bravo';
/** A tenant with Apollo printers that is not on PORTAL_LIVE_DASHBOARD_TENANTS. */
const C = 'tv-charlie';
const SERIAL = 'APO-7001';
/** A printer of the same hall printing a long job that has not ended yet. */
const BUSY_SERIAL = 'APO-7003';
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
/** Tuesday 31 March, 09:30 CEST: the early shift's 11th interval (09:20–09:40) runs. */
const TUESDAY_0930 = '2026-03-31T07:30:00Z';
let now = new Date(TUESDAY_0930);

/** Berlin wall-clock `hh:mm` on `day` (CET or CEST) plus `seconds`, as an ISO instant. */
const berlin = (day: string, time: string, seconds = 0) => {
  const [hours = 0, minutes = 0] = time.split(':').map(Number);
  return new Date(localTimeToInstant(day, hours * 60 + minutes, 'Europe/Berlin') + seconds * 1000).toISOString();
};

let jobCount = 0;
/** A job of `serial` printing from `startedAt` for `minutes`. */
const job = (serial: string, startedAt: string, impressions: number, minutes = 1) => ({
  kind: 'job',
  id: `job-${(jobCount += 1)}`,
  serial,
  startedAt,
  endedAt: new Date(Date.parse(startedAt) + minutes * 60_000).toISOString(),
  impressions,
});

/** An early shift 06:00–14:00: 24 intervals alternating 90 and 110 impressions, one 1-minute job in each. */
const STEADY_SHIFT = Array.from({ length: 24 }, (_, index) => (index % 2 === 0 ? 90 : 110));
/** The early shifts before Tuesday 31 March the baseline's 144 intervals come from (Sunday is not worked). */
const BASELINE_DAYS = ['2026-03-24', '2026-03-25', '2026-03-26', '2026-03-27', '2026-03-28', '2026-03-30'];
/**
 * Tuesday 31 March up to 09:30: the values of the 10 complete intervals from 06:00 and of the running 09:20–09:40 one.
 * Interval 0 holds half of a job printing 05:58–06:02 (80) and a job of 60; intervals 5 and 6 share a 40-minute job of
 * 200.
 */
const TUESDAY_VALUES = [100, 120, 160, 80, 40, 100, 100, 100, 100, 100, 30];

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
  await insertFleetReference(db, {
    ...fleet(A, BUSY_SERIAL, 'hall'),
    tenants: [],
    customers: [],
    sites: [],
    models: [],
  });
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

  const baseline = [SERIAL, BUSY_SERIAL].flatMap((serial) =>
    BASELINE_DAYS.flatMap((day) =>
      STEADY_SHIFT.map((value, index) => job(serial, berlin(day, '06:05', index * 1200), value)),
    ),
  );
  const tuesday = [
    job(SERIAL, berlin('2026-03-31', '05:58'), 80, 4),
    job(SERIAL, berlin('2026-03-31', '06:05'), 60),
    ...[120, 160, 80, 40].map((value, index) => job(SERIAL, berlin('2026-03-31', '06:25', index * 1200), value)),
    job(SERIAL, berlin('2026-03-31', '07:40'), 200, 40),
    ...[100, 100, 100].map((value, index) => job(SERIAL, berlin('2026-03-31', '08:25', index * 1200), value)),
    job(SERIAL, berlin('2026-03-31', '09:24'), 30),
  ];
  // Ends in Monday's night shift, before Tuesday's early one.
  const before = job(SERIAL, berlin('2026-03-31', '05:58', 59), 999);
  const result = await ingestTelemetry(db, A, [...baseline, ...tuesday, before]);
  expect(result.rejected).toEqual([]);
  await ingestTelemetry(db, B, [job(B_SERIAL, berlin('2026-03-31', '07:00'), 5)]);
  // The busy printer: idle until 06:25, a job to 06:40, then a long job printing since (its Printing interval cut at
  // 09:00, as a gateway cutting intervals would send it) that has not ended.
  const busy = await ingestTelemetry(db, A, [
    {
      kind: 'status',
      id: 'busy-idle',
      serial: BUSY_SERIAL,
      status: 'Idle',
      startedAt: berlin('2026-03-31', '06:00'),
      endedAt: berlin('2026-03-31', '06:25'),
    },
    job(BUSY_SERIAL, berlin('2026-03-31', '06:25'), 150, 15),
    {
      kind: 'status',
      id: 'busy-printing',
      serial: BUSY_SERIAL,
      status: 'Printing',
      startedAt: berlin('2026-03-31', '06:40'),
      endedAt: berlin('2026-03-31', '09:00'),
    },
  ]);
  expect(busy.rejected).toEqual([]);
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
    const body = await answer(TUESDAY_0930);
    expect(body).toMatchObject({
      systemGroup: 'Apollo',
      systemSerialGk: SERIAL,
      timeZone: 'Europe/Berlin',
      asOf: '2026-03-31T07:30:00.000Z',
      timeframe: 'day',
      periodStart: '2026-03-31T04:00:00.000Z',
      periodEnd: '2026-03-31T12:00:00.000Z',
      currentShiftType: 'Early',
      currentShiftId: 'early',
      currentShiftStartDate: '2026-03-31T04:00:00.000Z',
      currentShiftEndDate: '2026-03-31T12:00:00.000Z',
      isShiftRunning: true,
      // Jobs that ENDED since 06:00: 80 (05:58–06:02) + 60 + 120 + 160 + 80 + 40 + 200 + 3 × 100 + 30; the job ending
      // 05:59:59 is before the shift.
      shiftImp: 1070,
      // Valid from 30 March (not the 1 January one, not the 10 April one).
      shiftImpTarget: 1000,
      impRatio: 1.07,
    });
    const xmr = body.xmrImpressionsResponseData;
    // Baseline: the six earlier early shifts' 144 intervals, 90 and 110 alternating: mean 100, every moving range 20.
    expect(xmr.intervalMinutes).toBe(20);
    expect(xmr.baselinePoints).toBe(144);
    expect(xmr.baselineFrom).toBe('2026-03-24T05:00:00.000Z');
    expect(xmr.baselineTo).toBe('2026-03-30T12:00:00.000Z');
    expect(xmr.centreLine).toBeCloseTo(100, 10);
    expect(xmr.averageMovingRange).toBeCloseTo(20, 10);
    // 100 ± 2.66 × 20 = 100 ± 53.2; 3.267 × 20 = 65.34.
    expect(xmr.upperNaturalLimit).toBeCloseTo(153.2, 10);
    expect(xmr.lowerNaturalLimit).toBeCloseTo(46.8, 10);
    expect(xmr.movingRangeUpperLimit).toBeCloseTo(65.34, 10);
    // Half of the 05:58–06:02 job is in the first interval; the 40-minute job is shared by 07:40 and 08:00.
    expect(xmr.points.map((point) => point.impressions)).toEqual(TUESDAY_VALUES);
    // The series holds 40 impressions fewer than the shift total: the half printed before 06:00.
    expect(TUESDAY_VALUES.reduce((sum, value) => sum + value, 0)).toBe(1070 - 40);
    expect(xmr.points.map((point) => point.movingRange)).toEqual([null, 20, 40, 80, 40, 60, 0, 0, 0, 0, null]);
    expect(xmr.points.map((point) => point.partial)).toEqual([...Array<boolean>(10).fill(false), true]);
    expect(xmr.points.every((point) => point.shiftType === null && point.target === null)).toBe(true);
    // 160 > 153.2 and 40 < 46.8 are outside; the running interval's 30 is not judged.
    expect(xmr.points.flatMap((point, index) => (point.outsideLimits ? [index] : []))).toEqual([2, 4]);
    // The moving range 80 > 65.34.
    expect(xmr.points.flatMap((point, index) => (point.movingRangeAboveLimit ? [index] : []))).toEqual([3]);
    expect(xmr.points[0]).toMatchObject({ start: '2026-03-31T04:00:00.000Z', end: '2026-03-31T04:20:00.000Z' });
    expect(xmr.points.at(-1)).toMatchObject({ start: '2026-03-31T07:20:00.000Z', end: '2026-03-31T07:40:00.000Z' });
    // Day is always the current shift, whatever its date.
    now = new Date(TUESDAY_0930);
    const day = await get(`systemGroup=Apollo&system=${SERIAL}&day=2026-03-20`);
    expect(day.json<TvXmrImpressions>()).toEqual(body);
  });

  it('judges an interval only once the printer has reported its time through it (a job may still be printing)', async () => {
    const xmr = (await answer(TUESDAY_0930, BUSY_SERIAL)).xmrImpressionsResponseData;
    // Reported up to 06:40 (the Idle interval, then the job 06:25–06:40 in the second interval); the Printing interval
    // cut at 09:00 does not tell the running job's end. Same baseline as APO-7001: limits 46.8–153.2.
    expect(xmr.lowerNaturalLimit).toBeCloseTo(46.8, 10);
    expect(xmr.points.map((point) => point.impressions)).toEqual([0, 150, 0, 0, 0, 0, 0, 0, 0, 0, 0]);
    expect(xmr.points.map((point) => point.partial)).toEqual([false, false, ...Array<boolean>(9).fill(true)]);
    // The idle first interval is flagged; the intervals of the job still printing are not.
    expect(xmr.points.flatMap((point, index) => (point.outsideLimits ? [index] : []))).toEqual([0]);
  });

  it('selects the target by the day the shift starts, also for a night shift past midnight', async () => {
    // Monday 30 March's early shift: the target valid from that very day.
    expect((await answer('2026-03-30T11:00:00Z')).shiftImpTarget).toBe(1000);
    // Saturday 28 March's early shift at 09:00 CET: the target valid from 1 January; nine jobs so far, 5 × 90 + 4 × 110.
    const saturday = await answer('2026-03-28T08:00:00Z');
    expect(saturday).toMatchObject({ shiftImpTarget: 800, shiftImp: 890, impRatio: 890 / 800 });
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
    // 15:00 CEST: no shift runs; the early shift ended at 14:00. The printer reported up to 09:25: the intervals after
    // stay partial until it reports again.
    expect(after).toMatchObject({ currentShiftId: 'early', isShiftRunning: false, shiftImp: 1070 });
    const points = after.xmrImpressionsResponseData.points;
    expect(points).toHaveLength(24);
    expect(points.map((point) => point.partial)).toEqual([
      ...Array<boolean>(10).fill(false),
      ...Array<boolean>(14).fill(true),
    ]);
    const none = await answer(TUESDAY_0930, 'APO-7002');
    expect(none).toMatchObject({
      timeframe: 'day',
      periodStart: null,
      currentShiftType: null,
      currentShiftStartDate: null,
      shiftImp: 0,
      shiftImpTarget: null,
      impRatio: null,
    });
    expect(none.xmrImpressionsResponseData.points).toEqual([]);
  });

  it('gives one point per shift of the week, each against its target, judged against the 24 shifts before', async () => {
    now = new Date(TUESDAY_0930);
    const response = await get(`systemGroup=Apollo&system=${SERIAL}&week=2026-04-02`);
    expect(response.statusCode, response.body).toBe(200);
    const week = response.json<TvXmrImpressions>();
    expect(week).toMatchObject({
      timeframe: 'week',
      // Monday 30 March 00:00 CEST to Monday 6 April 00:00.
      periodStart: '2026-03-29T22:00:00.000Z',
      periodEnd: '2026-04-05T22:00:00.000Z',
      currentShiftType: null,
      currentShiftStartDate: null,
      isShiftRunning: true,
      // 2400 (Monday's early shift) + 999 (Monday's night: the job ending 05:59:59) + 1070 (Tuesday's early, running).
      shiftImp: 4469,
      // The week's six early shifts at 1000 and six night shifts at 600, those to come included.
      shiftImpTarget: 9600,
    });
    expect(week.impRatio).toBeCloseTo(4469 / 9600, 10);
    const xmr = week.xmrImpressionsResponseData;
    // One point per shift the printer has a target for (early, night) started by now.
    expect(xmr.intervalMinutes).toBeNull();
    expect(xmr.points.map((point) => [point.shiftType, point.start, point.impressions, point.target])).toEqual([
      ['Early', '2026-03-30T04:00:00.000Z', 2400, 1000],
      ['Night', '2026-03-30T20:00:00.000Z', 999, 600],
      ['Early', '2026-03-31T04:00:00.000Z', 1070, 1000],
    ]);
    expect(xmr.points.map((point) => point.partial)).toEqual([false, false, true]);
    expect(xmr.points.map((point) => point.movingRange)).toEqual([null, 1401, null]);
    // Baseline: the 24 early and night shifts from Monday 16 to Saturday 28 March; only the early shifts of 24–28 March
    // printed (2400 each). CL = 5 × 2400 / 24 = 500; ten moving ranges of 2400 over 23: mR̄ = 24000 / 23.
    expect(xmr.baselinePoints).toBe(24);
    expect(xmr.baselineFrom).toBe('2026-03-16T05:00:00.000Z');
    expect(xmr.centreLine).toBeCloseTo(500, 10);
    expect(xmr.averageMovingRange).toBeCloseTo(24000 / 23, 10);
    expect(xmr.upperNaturalLimit).toBeCloseTo(500 + (2.66 * 24000) / 23, 10);
    // 500 − 2.66 × 1043.5 < 0: there is no lower limit, so nothing is flagged below.
    expect(xmr.lowerNaturalLimit).toBeNull();
    expect(xmr.points.some((point) => point.outsideLimits)).toBe(false);
  });

  it('gives the shifts that start in a custom range, the range end hour included', async () => {
    now = new Date(TUESDAY_0930);
    // Monday 06:00 to 21:59: the early shift; the night shift starts at 22:00, after the range.
    const response = await get(`systemGroup=Apollo&system=${SERIAL}&custom=2026-03-30T06:00/2026-03-30T21:00`);
    expect(response.statusCode, response.body).toBe(200);
    const custom = response.json<TvXmrImpressions>();
    expect(custom).toMatchObject({
      timeframe: 'custom',
      periodStart: '2026-03-30T04:00:00.000Z',
      periodEnd: '2026-03-30T20:00:00.000Z',
      isShiftRunning: false,
      shiftImp: 2400,
      shiftImpTarget: 1000,
      impRatio: 2.4,
    });
    expect(custom.xmrImpressionsResponseData.points.map((point) => point.shiftType)).toEqual(['Early']);
  });

  it("answers 404 for another tenant's printer and for a serial of another group", async () => {
    now = new Date(TUESDAY_0930);
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
      `systemGroup=Apollo&system=${SERIAL}&day=2026-03-31&week=2026-03-31`,
      `systemGroup=Apollo&system=${SERIAL}&week=2026-02-30`,
      `systemGroup=Apollo&system=${'x'.repeat(101)}`,
      `systemGroup=Apollo&system=A%00B`,
    ]) {
      const response = await get(query);
      expect(response.statusCode, query).toBe(400);
      expect(response.json<ApiErrorBody>().message, query).toMatch(/querystring/);
    }
  });

  it('answers 403 when the tenant acted in is not on PORTAL_LIVE_DASHBOARD_TENANTS, whatever the printer', async () => {
    now = new Date(TUESDAY_0930);
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
    expect(acting.json<TvXmrImpressions>().shiftImp).toBe(1070);
  });

  it('answers 401 without a token', async () => {
    const response = await h.app.inject({
      method: 'GET',
      url: `/api/tv-dashboard/xmrImpressions?systemGroup=Apollo&system=${SERIAL}`,
    });
    expect(response.statusCode).toBe(401);
  });
});
