import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { OverviewOeeResponse, SystemsAnalysisResponse } from '../../../shared/api-types.ts';
import { ROLE } from '../../../shared/auth/roles.ts';
import { ingestTelemetry } from '../../ingest/ingest-telemetry.ts';
import { createApiTestHarness, type ApiTestHarness, type TestIdentity } from '../../testing/api-test-harness.ts';
import { reportCallerOf, seedBerlinOeeSite } from '../../testing/berlin-oee-site.ts';

/**
 * OEE leaves out a system that reported nothing in the period, and only that one (docs/kpi-glossary.md "OEE"): a
 * printer in Error through its shift reported, without any run time, and its planned time counts as lost; a printer
 * whose gateway sent only Not reporting has planned time up to its data's end but reported nothing. The server tells
 * reporting systems by their run time where they have one (oee-inputs.ts): these are the two it must still measure.
 * Expected values worked out by hand from the glossary's words.
 *
 * One Berlin site (UTC+1 in March 2026), model ideal rate 100 imp/h, one shift Monday–Friday 06:00–14:00. Tuesday
 * 10 March, local times:
 * - DTG-P: Printing 06:00–08:00, one job of 100 impressions; nothing after 08:00.
 * - DTG-E: Error 06:00–10:00; nothing else.
 * - DTG-N: Not reporting 06:00–09:00; nothing else.
 * Read as a finished day, and as a week in progress on Tuesday at 11:30 (its cut day's hours by system).
 */

const TENANT = 'oee-reported-without-run';
const admin: TestIdentity = { sub: 'orwr-admin', tenantId: TENANT, roles: [ROLE.Admin] };

const status = (serial: string, state: string, startedAt: string, endedAt: string) => ({
  kind: 'status',
  id: `${serial}-s1`,
  serial,
  status: state,
  startedAt,
  endedAt,
});

// UTC times: Berlin local minus one hour.
const RECORDS = [
  status('DTG-P', 'Printing', '2026-03-10T05:00:00Z', '2026-03-10T07:00:00Z'),
  {
    kind: 'job',
    id: 'DTG-P-j1',
    serial: 'DTG-P',
    startedAt: '2026-03-10T06:00:00Z',
    endedAt: '2026-03-10T06:30:00Z',
    impressions: 100,
    imageAreaCm2: 100,
    imageName: 'tee.png',
    inkUl: { cyan: 100, black: 100 },
    rejected: false,
  },
  status('DTG-E', 'Error', '2026-03-10T05:00:00Z', '2026-03-10T09:00:00Z'),
  status('DTG-N', 'NotReporting', '2026-03-10T05:00:00Z', '2026-03-10T08:00:00Z'),
];
const SERIALS = ['DTG-P', 'DTG-E', 'DTG-N'];

let h: ApiTestHarness;
/** The server clock: the week after, unless a test reads the week in progress. */
let now = new Date('2026-03-17T12:00:00Z');

const call = reportCallerOf(() => h, admin);

beforeAll(async () => {
  h = await createApiTestHarness({ clock: () => now });
  const { db } = h.database;
  await seedBerlinOeeSite(db, {
    tenantId: TENANT,
    name: 'OEE reported without run',
    shifts: [{ id: 'early', name: 'Early', startsAt: '06:00', endsAt: '14:00', weekdays: [1, 2, 3, 4, 5] }],
    serials: SERIALS,
    user: admin,
  });
  const result = await ingestTelemetry(db, TENANT, RECORDS);
  expect(result.rejected).toEqual([]);
});

afterAll(async () => {
  await h.close();
});

describe('OEE counts every system that reported, with or without run time', () => {
  it('gives a printer in Error through its shift 0 %, and none to one that sent only Not reporting', async () => {
    const body = await call<SystemsAnalysisResponse>(
      'GET',
      '/api/system-data/systems-analysis?day=2026-03-10&systemGroup=DTG',
    );
    const bySerial = new Map(body.systems.map((system) => [system.serialNumber, system.oee]));
    // DTG-P: planned 06:00–08:00 = 2 h, run 2 h, ideal time 100 / 100 = 1 h: OEE 1/2.
    expect(bySerial.get('DTG-P')?.oee).toBeCloseTo(1 / 2, 9);
    // DTG-E: planned 06:00–10:00 = 4 h, run 0: availability and OEE 0, not '--'.
    expect(bySerial.get('DTG-E')).toMatchObject({ availability: 0, oee: 0 });
    // DTG-N reported nothing: left out.
    expect(bySerial.get('DTG-N')).toBeNull();
  });

  it('sums the fleet over DTG-P and DTG-E only', async () => {
    const body = await call<OverviewOeeResponse>('POST', '/api/overview-report/oee?day=2026-03-10&systemGroup=DTG');
    // Σ planned 2 + 4 = 6 h (DTG-N's 3 h left out), Σ run 2 h, Σ ideal 1 h.
    expect(body.oee?.value).toBeCloseTo(1 / 6, 9);
    expect(body.oee?.upper?.value).toBeCloseTo(2 / 6, 9);
  });

  it('does so in a week in progress, read up to its cut on Tuesday at 11:30', async () => {
    now = new Date('2026-03-10T10:30:00Z');
    try {
      const body = await call<OverviewOeeResponse>('POST', '/api/overview-report/oee?week=2026-03-10&systemGroup=DTG');
      // Monday's shift counts too, 8 h each, as calendar time before their data begins: Σ planned (8 + 2) + (8 + 4)
      // = 22 h (DTG-N's left out), Σ run 2 h, Σ ideal 1 h.
      expect(body.oee?.value).toBeCloseTo(1 / 22, 9);
      expect(body.oee?.upper?.value).toBeCloseTo(2 / 22, 9);
      // The previous week up to Tuesday 11:30 has nothing reported: '--'.
      expect(body.oee?.previous).toBeNull();
    } finally {
      now = new Date('2026-03-17T12:00:00Z');
    }
  });
});
