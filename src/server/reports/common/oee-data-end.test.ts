import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { OverviewOeeResponse, SystemsAnalysisResponse } from '../../../shared/api-types.ts';
import { ROLE } from '../../../shared/auth/roles.ts';
import { fleetOee } from '../../../shared/kpi/index.ts';
import { ingestTelemetry } from '../../ingest/ingest-telemetry.ts';
import { createApiTestHarness, type ApiTestHarness, type TestIdentity } from '../../testing/api-test-harness.ts';
import { reportCallerOf, seedBerlinOeeSite } from '../../testing/berlin-oee-site.ts';
import { rawOeeInputs } from '../../testing/raw-oee.ts';

/**
 * OEE's planned time ends where each system's data ends (docs/kpi-glossary.md "OEE"): the latest time covered by a
 * record it sent, Not reporting intervals included. Expected values are worked out by hand from the glossary's words
 * (the comments show the arithmetic) and the API is also compared with the raw-row reference (raw-oee.ts).
 *
 * One Berlin site (UTC+1 in March 2026), model ideal rate 100 imp/h, shifts Monday–Friday: early 06:00–14:00 and night
 * 22:00–06:00 (crossing midnight). The day looked at is Tuesday 10 March, as if it were still running:
 * - DTG-A works both shifts. Idle from Monday 22:00 to Tuesday 02:00, Printing 02:00–09:00 (local), one job of
 *   300 impressions ending 08:30; it has sent nothing since 09:00 (its next status interval is still open).
 * - DTG-B works only the early shift (its one shift target). Printing 06:00–08:00 with jobs of 150 impressions and of
 *   50 rejected impressions, then its gateway reported Not reporting 08:00–11:00, then nothing.
 * - DTG-C never sent anything.
 */

const TENANT = 'oee-data-end';
const admin: TestIdentity = { sub: 'ode-admin', tenantId: TENANT, roles: [ROLE.Admin] };
const H = 3600;
const WEEKDAYS = [1, 2, 3, 4, 5];

const status = (serial: string, id: string, state: string, startedAt: string, endedAt: string) => ({
  kind: 'status',
  id: `${serial}-${id}`,
  serial,
  status: state,
  startedAt,
  endedAt,
});
const job = (serial: string, id: string, endedAt: string, impressions: number, rejected = false) => ({
  kind: 'job',
  id: `${serial}-${id}`,
  serial,
  startedAt: new Date(Date.parse(endedAt) - 20 * 60_000).toISOString(),
  endedAt,
  impressions,
  imageAreaCm2: 100,
  imageName: 'tee.png',
  inkUl: { cyan: 100, black: 100 },
  rejected,
});

// UTC times: Berlin local minus one hour.
const RECORDS = [
  status('DTG-A', 's1', 'Idle', '2026-03-09T21:00:00Z', '2026-03-10T01:00:00Z'),
  status('DTG-A', 's2', 'Printing', '2026-03-10T01:00:00Z', '2026-03-10T08:00:00Z'),
  job('DTG-A', 'j1', '2026-03-10T07:30:00Z', 300),
  status('DTG-B', 's1', 'Printing', '2026-03-10T05:00:00Z', '2026-03-10T07:00:00Z'),
  job('DTG-B', 'j1', '2026-03-10T05:30:00Z', 150),
  job('DTG-B', 'j2', '2026-03-10T06:50:00Z', 50, true),
  status('DTG-B', 's2', 'NotReporting', '2026-03-10T07:00:00Z', '2026-03-10T10:00:00Z'),
];

let h: ApiTestHarness;

const call = reportCallerOf(() => h, admin);

beforeAll(async () => {
  h = await createApiTestHarness();
  const { db } = h.database;
  await seedBerlinOeeSite(db, {
    tenantId: TENANT,
    name: 'OEE data end',
    shifts: [
      { id: 'early', name: 'Early', startsAt: '06:00', endsAt: '14:00', weekdays: WEEKDAYS },
      { id: 'night', name: 'Night', startsAt: '22:00', endsAt: '06:00', weekdays: WEEKDAYS },
    ],
    serials: ['DTG-A', 'DTG-B', 'DTG-C'],
    user: admin,
  });
  await db
    .insertInto('shift_targets')
    .values({
      tenant_id: TENANT,
      system_id: 'dtg-b',
      shift_id: 'early',
      valid_from: '2026-03-01',
      target_impressions: 1,
    })
    .execute();
  const result = await ingestTelemetry(db, TENANT, RECORDS);
  expect(result.rejected).toEqual([]);
});

afterAll(async () => {
  await h.close();
});

const TUESDAY = { timeframe: 'day', startDay: '2026-03-10', endDay: '2026-03-10', startHour: 0, endHour: 23 } as const;

describe("OEE's planned time ends where the system's data ends", () => {
  it('counts a running day up to the end of each printer’s data, a night shift on both sides of midnight', async () => {
    const body = await call<SystemsAnalysisResponse>(
      'GET',
      '/api/system-data/systems-analysis?day=2026-03-10&systemGroup=DTG',
    );
    const bySerial = new Map(body.systems.map((system) => [system.serialNumber, system.oee]));
    // DTG-A: planned 00:00–06:00 (Monday's night shift after midnight) + 06:00–09:00 (early shift up to its data's
    // end) = 9 h, not the 6 + 8 + 2 = 16 h of Tuesday's whole shifts; run 2 h Idle + 7 h Printing = 9 h;
    // ideal time 300 / 100 = 3 h. Availability 9/9, performance 3/9, quality 1, OEE 3/9.
    const a = bySerial.get('DTG-A');
    expect(a?.availability).toBeCloseTo(1, 9);
    expect(a?.performance).toBeCloseTo(3 / 9, 9);
    expect(a?.quality).toBeCloseTo(1, 9);
    expect(a?.oee).toBeCloseTo(3 / 9, 9);
    // DTG-B: its data ends with the Not reporting interval at 11:00, which is downtime: planned 06:00–11:00 = 5 h,
    // run 2 h; ideal time (150 + 50) / 100 = 2 h, good 1.5 h. Availability 2/5, performance 2/2, quality 0.75, OEE 1.5/5.
    const b = bySerial.get('DTG-B');
    expect(b?.availability).toBeCloseTo(2 / 5, 9);
    expect(b?.performance).toBeCloseTo(1, 9);
    expect(b?.quality).toBeCloseTo(0.75, 9);
    expect(b?.oee).toBeCloseTo(0.3, 9);
    // DTG-C sent nothing: no planned time, no OEE.
    expect(bySerial.get('DTG-C')).toBeNull();
  });

  it('sums the fleet from the same planned times on the Overview card', async () => {
    const body = await call<OverviewOeeResponse>('POST', '/api/overview-report/oee?day=2026-03-10&systemGroup=DTG');
    // Σ planned 9 + 5 = 14 h, Σ run 9 + 2 = 11 h, Σ ideal 3 + 2 = 5 h, Σ good ideal 3 + 1.5 = 4.5 h.
    expect(body.oee?.value).toBeCloseTo(4.5 / 14, 9);
    expect(body.oee?.upper?.value).toBeCloseTo(11 / 14, 9);
    expect(body.oee?.lower?.value).toBeCloseTo(5 / 11, 9);
  });

  it('counts the night shift’s hours before midnight on the day it starts', async () => {
    const body = await call<SystemsAnalysisResponse>(
      'GET',
      '/api/system-data/systems-analysis?day=2026-03-09&systemGroup=DTG',
    );
    // Monday for DTG-A: early 06:00–14:00 (8 h, no data: downtime, its data goes on later) + night 22:00–24:00 (2 h
    // Idle) = 10 h planned, 2 h run, nothing printed. DTG-B sent nothing on Monday.
    const a = body.systems.find((system) => system.serialNumber === 'DTG-A')?.oee;
    expect(a?.availability).toBeCloseTo(2 / 10, 9);
    expect(a?.oee).toBe(0);
    expect(body.systems.find((system) => system.serialNumber === 'DTG-B')?.oee).toBeNull();
  });

  it('agrees with the raw-row reference written from the glossary', async () => {
    const inputs = await rawOeeInputs(h.database.db, TENANT, 'DTG', TUESDAY);
    expect(inputs.get('DTG-A')).toMatchObject({ plannedSeconds: 9 * H, runSeconds: 9 * H, production: 300 });
    expect(inputs.get('DTG-B')).toMatchObject({ plannedSeconds: 5 * H, runSeconds: 2 * H, rejectedProduction: 50 });
    expect(inputs.get('DTG-C')).toMatchObject({ plannedSeconds: 0, reported: false });
    const body = await call<OverviewOeeResponse>('POST', '/api/overview-report/oee?day=2026-03-10&systemGroup=DTG');
    expect(body.oee?.value).toBeCloseTo(fleetOee([...inputs.values()])?.oee ?? Number.NaN, 9);
  });
});
