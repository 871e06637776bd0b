import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ROLE } from '../../../shared/auth/roles.ts';
import type { TvXmrImpressions } from '../../../shared/contract/tv-dashboard.contract.ts';
import { ingestTelemetry } from '../../ingest/ingest-telemetry.ts';
import type { SimulatedSystem } from '../../simulator/fleet-plan.ts';
import { createApiTestHarness, type ApiTestHarness, type TestIdentity } from '../../testing/api-test-harness.ts';
import { seedApolloHall } from '../../testing/apollo-hall.ts';
import {
  printedJobsOf,
  printedWithoutStop,
  simulatePrinter,
  STEADY_APOLLO_PROFILE,
  withStop,
} from '../../testing/steady-apollo-printer.ts';
import type { PrintedJob } from './printed-impressions.ts';
import { occurrenceOn } from './shift-calendar.ts';

/**
 * The Day view's XMR chart of a simulated Apollo printer printing steadily round the clock (the simulator's jobs, no
 * errors, idling or gateway gaps), read through GET /api/tv-dashboard/xmrImpressions after Tuesday 3 March 2026's late
 * shift: nothing flagged in a shift it printed without a stop; a 45-minute stop injected into that shift is flagged.
 * docs/benchmarks.md "Live Dashboard XMR flags" has the shares over many shifts (xmr-flag-rates.test.ts).
 */

const TENANT = 'xmr-sim';
const STEADY = 'APL-7100';
const STOPPED = 'APL-7101';
const admin: TestIdentity = { sub: 'xmr-sim-admin', tenantId: TENANT, roles: [ROLE.Admin] };
const BERLIN = 'Europe/Berlin';
const EVERY_DAY = [1, 2, 3, 4, 5, 6, 7];
const MINUTE_MS = 60_000;
const LATE_SHIFT = { id: 'late', name: 'Late', startMinute: 14 * 60, endMinute: 22 * 60, weekdays: EVERY_DAY };
/** The hall's shifts as the dashboard reads them: early and late every day (the printer also prints at night). */
const HALL_SHIFTS = [
  { id: 'early', name: 'Early', startMinute: 6 * 60, endMinute: 14 * 60, weekdays: EVERY_DAY },
  LATE_SHIFT,
];
const LATE = occurrenceOn(LATE_SHIFT, '2026-03-03', BERLIN) ?? { start: NaN, end: NaN };

const printer: SimulatedSystem = {
  serialNumber: STEADY,
  group: 'Apollo',
  modelId: 'apollo-1',
  modelStartDate: '2020-01-01',
  profile: STEADY_APOLLO_PROFILE,
  shifts: [
    ...HALL_SHIFTS,
    { id: 'night', name: 'Night', startMinute: 22 * 60, endMinute: 6 * 60, weekdays: EVERY_DAY },
  ],
};
/** The six late shifts before 3 March are the baseline; 24 February gives the night into the 25th. */
const steadyJobs = printedJobsOf(simulatePrinter(printer, BERLIN, '2026-02-24', '2026-03-03', 1));
/** The same printer stopping 45 minutes at the first job it starts from 18:00 (17:00Z). */
const stopAt = steadyJobs.find((job) => job.start >= LATE.start + 4 * 60 * MINUTE_MS)?.start ?? NaN;
const stoppedJobs = withStop(steadyJobs, stopAt, 45);

/** The dashboard is read when the first job ending after the late shift has ended: every interval is reported. */
const readAt = (jobs: PrintedJob[]) => (jobs.find((job) => job.end > LATE.end)?.end ?? NaN) + 1000;

let h: ApiTestHarness;
let now = new Date(0);

async function ingestJobs(serial: string, jobs: PrintedJob[]): Promise<void> {
  const records = jobs
    .filter((job) => job.end < readAt(jobs))
    .map((job, index) => ({
      kind: 'job' as const,
      id: `${serial}-${index}`,
      serial,
      startedAt: new Date(job.start).toISOString(),
      endedAt: new Date(job.end).toISOString(),
      impressions: job.impressions,
    }));
  const result = await ingestTelemetry(h.database.db, TENANT, records);
  expect(result.rejected).toEqual([]);
}

async function lateShiftOf(serial: string, jobs: PrintedJob[]): Promise<TvXmrImpressions> {
  now = new Date(readAt(jobs));
  const response = await h.app.inject({
    method: 'GET',
    url: `/api/tv-dashboard/xmrImpressions?systemGroup=Apollo&system=${serial}`,
    headers: { authorization: await h.bearer(admin) },
  });
  expect(response.statusCode, response.body).toBe(200);
  const body = response.json<TvXmrImpressions>();
  expect(body).toMatchObject({ currentShiftId: 'late', currentShiftStartDate: new Date(LATE.start).toISOString() });
  return body;
}

beforeAll(async () => {
  h = await createApiTestHarness({ clock: () => now, env: { PORTAL_LIVE_DASHBOARD_TENANTS: TENANT } });
  await seedApolloHall(h.database.db, TENANT, [STEADY, STOPPED], [admin]);
  await h.database.db
    .insertInto('shifts')
    .values(
      HALL_SHIFTS.map((shift) => ({
        tenant_id: TENANT,
        id: shift.id,
        site_id: 'hall',
        name: shift.name,
        starts_at: `${String(shift.startMinute / 60).padStart(2, '0')}:00`,
        ends_at: `${String(shift.endMinute / 60).padStart(2, '0')}:00`,
        weekdays: shift.weekdays,
      })),
    )
    .execute();
  await ingestJobs(STEADY, steadyJobs);
  await ingestJobs(STOPPED, stoppedJobs);
});

afterAll(async () => {
  await h?.close();
});

describe('the XMR chart of a simulated Apollo printer', () => {
  it('flags nothing in a shift the printer printed without a stop', async () => {
    expect(printedWithoutStop(steadyJobs, LATE), 'the simulated late shift has no stop').toBe(true);
    const xmr = (await lateShiftOf(STEADY, steadyJobs)).xmrImpressionsResponseData;
    expect(xmr.baselinePoints).toBe(144);
    expect(xmr.lowerNaturalLimit).not.toBeNull();
    expect(xmr.points).toHaveLength(24);
    expect(xmr.points.filter((point) => point.partial)).toEqual([]);
    expect(xmr.points.filter((point) => point.outsideLimits || point.movingRangeAboveLimit)).toEqual([]);
  });

  it('flags a 45-minute stop', async () => {
    const xmr = (await lateShiftOf(STOPPED, stoppedJobs)).xmrImpressionsResponseData;
    const duringStop = xmr.points.filter(
      (point) => Date.parse(point.end) > stopAt && Date.parse(point.start) < stopAt + 45 * MINUTE_MS,
    );
    // 45 minutes cover at least one whole 20-minute interval: nothing printed in it, below the lower limit.
    expect(duringStop.some((point) => point.impressions === 0)).toBe(true);
    expect(duringStop.some((point) => point.outsideLimits)).toBe(true);
  });
});
