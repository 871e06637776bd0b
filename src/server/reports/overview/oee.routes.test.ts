import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type {
  OverviewCardsReport,
  OverviewOeeResponse,
  ReportPeriod,
  SystemsAnalysisResponse,
} from '../../../shared/api-types.ts';
import { fleetOee, oee, type Oee } from '../../../shared/kpi/index.ts';
import type { SystemGroup } from '../../../shared/system-group.ts';
import { createApiTestHarness, type ApiTestHarness } from '../../testing/api-test-harness.ts';
import { rawOeeInputs } from '../../testing/raw-oee.ts';
import {
  berlinReader,
  BERLIN_SERIALS,
  REPORT_SERIALS,
  REPORT_TENANT,
  reportAdmin,
  seedReportFleet,
} from '../../testing/report-test-fleet.ts';

/**
 * OEE on the Overview card and in Systems Analysis equals the reference computed from raw jobs, status intervals and
 * shifts (src/server/testing/raw-oee.ts, written from the glossary), on the simulated Berlin (shifts Monday–Friday) and
 * Newark (Monday–Saturday) fleet around the Berlin DST change of Sunday 29 March 2026.
 */

let h: ApiTestHarness;

beforeAll(async () => {
  h = await createApiTestHarness();
  await seedReportFleet(h.database.db, '2026-03-26', '2026-03-30');
}, 300_000);

afterAll(async () => {
  await h.close();
});

const whole = (timeframe: ReportPeriod['timeframe'], startDay: string, endDay: string): ReportPeriod => ({
  timeframe,
  startDay,
  endDay,
  startHour: 0,
  endHour: 23,
});

async function post<T>(path: string, query: string, group: SystemGroup, systems: readonly string[] = []): Promise<T> {
  const response = await h.app.inject({
    method: 'POST',
    url: `/api/overview-report/${path}?${query}&systemGroup=${group}`,
    headers: { authorization: await h.bearer(reportAdmin) },
    payload: { systems },
  });
  expect(response.statusCode, response.body).toBe(200);
  return response.json<T>();
}

async function reference(group: SystemGroup, period: ReportPeriod, serials: readonly string[]): Promise<Oee | null> {
  const inputs = await rawOeeInputs(h.database.db, REPORT_TENANT, group, period);
  return fleetOee(serials.map((serial) => inputs.get(serial)).filter((input) => input !== undefined));
}

function expectCard(card: OverviewOeeResponse['oee'], current: Oee | null, previous: Oee | null): void {
  if (current === null) {
    expect(card).toMatchObject({ label: 'OEE', value: null, stats: null, upper: null, lower: null });
    return;
  }
  expect(card).toMatchObject({ label: 'OEE', units: '%' });
  expect(card?.value).toBeCloseTo(current.oee, 9);
  expect(card?.upper).toMatchObject({ description: 'Shift Availability', units: '%' });
  expect(card?.upper?.value).toBeCloseTo(current.availability, 9);
  expect(card?.lower).toMatchObject({ description: 'Performance', units: '%' });
  expect(card?.lower?.value).toBeCloseTo(current.performance, 9);
  if (previous === null) expect(card?.stats).toBeNull();
  else expect(card?.stats).toBeCloseTo((current.oee - previous.oee) / previous.oee, 9);
}

describe('OEE card of POST /api/overview-report/oee', () => {
  const cases = [
    {
      name: 'a working day',
      query: 'day=2026-03-27',
      period: whole('day', '2026-03-27', '2026-03-27'),
      previous: whole('day', '2026-03-26', '2026-03-26'),
    },
    {
      name: 'a Saturday (Newark works, Berlin does not)',
      query: 'day=2026-03-28',
      period: whole('day', '2026-03-28', '2026-03-28'),
      previous: whole('day', '2026-03-27', '2026-03-27'),
    },
    {
      name: 'a custom range with hours across the DST change',
      query: 'custom=2026-03-27T10:00/2026-03-30T09:00',
      period: { timeframe: 'custom', startDay: '2026-03-27', endDay: '2026-03-30', startHour: 10, endHour: 9 },
      previous: { timeframe: 'custom', startDay: '2026-03-23', endDay: '2026-03-26', startHour: 10, endHour: 9 },
    },
  ] as const;

  for (const { name, query, period, previous } of cases) {
    it(`equals the raw-row reference for ${name}, DTG and DTF`, async () => {
      for (const group of ['DTG', 'DTF'] as const) {
        const body = await post<OverviewOeeResponse>('oee', query, group);
        const current = await reference(group, period, REPORT_SERIALS[group]);
        expect(current, `${group} ${name}`).not.toBeNull();
        expectCard(body.oee, current, await reference(group, previous, REPORT_SERIALS[group]));
      }
    });
  }

  it('counts only the selected systems and shows something real: a percentage between 0 and 100', async () => {
    const body = await post<OverviewOeeResponse>('oee', 'day=2026-03-27', 'DTG', BERLIN_SERIALS.DTG);
    const current = await reference('DTG', whole('day', '2026-03-27', '2026-03-27'), BERLIN_SERIALS.DTG);
    expectCard(body.oee, current, await reference('DTG', whole('day', '2026-03-26', '2026-03-26'), BERLIN_SERIALS.DTG));
    expect(current?.oee).toBeGreaterThan(0);
    expect(current?.oee).toBeLessThan(1);
    expect(current?.quality).toBeLessThan(1); // the simulator rejects a few jobs
  });

  it('has no value on a day without shifts (Sunday at both sites)', async () => {
    const body = await post<OverviewOeeResponse>('oee', 'day=2026-03-29', 'DTG');
    expectCard(body.oee, null, null);
  });

  it("is not in the overview-cards answer (the spec's cards do not wait for it)", async () => {
    const cards = await post<OverviewCardsReport>('overview-cards', 'day=2026-03-27', 'DTG');
    expect(cards).not.toHaveProperty('oee');
    expect(cards.totalProduction.label).toBe('Total Impressions');
  });
});

describe('OEE of GET /api/system-data/systems-analysis', () => {
  it("gives each system's OEE and factors of the period as the raw-row reference", async () => {
    for (const [query, period] of [
      ['day=2026-03-27', whole('day', '2026-03-27', '2026-03-27')],
      ['day=2026-03-29', whole('day', '2026-03-29', '2026-03-29')],
    ] as const) {
      const response = await h.app.inject({
        method: 'GET',
        url: `/api/system-data/systems-analysis?${query}&systemGroup=DTG`,
        headers: { authorization: await h.bearer(berlinReader) },
      });
      expect(response.statusCode).toBe(200);
      const body = response.json<SystemsAnalysisResponse>();
      const inputs = await rawOeeInputs(h.database.db, REPORT_TENANT, 'DTG', period);
      expect(body.systems.map((system) => system.serialNumber)).toEqual(BERLIN_SERIALS.DTG);
      for (const system of body.systems) {
        const input = inputs.get(system.serialNumber);
        const expected = input === undefined ? null : oee(input);
        if (expected === null) {
          expect(system.oee, `${query} ${system.serialNumber}`).toBeNull();
          continue;
        }
        expect(system.oee?.oee).toBeCloseTo(expected.oee, 9);
        expect(system.oee?.availability).toBeCloseTo(expected.availability, 9);
        expect(system.oee?.performance).toBeCloseTo(expected.performance, 9);
        expect(system.oee?.quality).toBeCloseTo(expected.quality, 9);
      }
      if (query === 'day=2026-03-27') expect(body.systems.every((system) => system.oee !== null)).toBe(true);
    }
  });
});
