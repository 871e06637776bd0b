import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type {
  OverviewCardsReport,
  OverviewOeeResponse,
  ReportPeriod,
  SystemsAnalysisResponse,
} from '../../../shared/api-types.ts';
import { fleetOee, fleetShiftAvailability, oee } from '../../../shared/kpi/index.ts';
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

/** The OEE card's figures of the period, each null ('--') where it cannot be computed. */
type Figures = Record<'oee' | 'availability' | 'performance', number | null>;

async function referenceInputs(group: SystemGroup, period: ReportPeriod, serials: readonly string[]) {
  const inputs = await rawOeeInputs(h.database.db, REPORT_TENANT, group, period);
  return serials.map((serial) => inputs.get(serial)).filter((input) => input !== undefined);
}

async function reference(group: SystemGroup, period: ReportPeriod, serials: readonly string[]): Promise<Figures> {
  const inputs = await referenceInputs(group, period, serials);
  return fleetOee(inputs) ?? { oee: null, availability: fleetShiftAvailability(inputs), performance: null };
}

type ShownFigure = Pick<OverviewOeeResponse['oee'], 'value' | 'previous' | 'stats'> | null | undefined;

/** A figure as the card shows it: value and previous as the reference ('--': null), a change only when both are known. */
function expectFigure(shown: ShownFigure, current: number | null, previous: number | null, name: string): void {
  const expectClose = (actual: number | null | undefined, expected: number | null, what: string) => {
    if (expected === null) expect(actual, `${name} ${what}`).toBeNull();
    else expect(actual, `${name} ${what}`).toBeCloseTo(expected, 9);
  };
  expectClose(shown?.value, current, 'value');
  expectClose(shown?.previous, previous, 'previous');
  const change = current === null || previous === null || previous === 0 ? null : (current - previous) / previous;
  expectClose(shown?.stats, change, 'change');
}

/** The card with its two lines, whatever is unknown (the lines are never dropped). */
function expectCard(card: OverviewOeeResponse['oee'], current: Figures, previous: Figures, name = ''): void {
  expect(card).toMatchObject({ label: 'OEE', units: '%' });
  expectFigure(card, current.oee, previous.oee, `${name} OEE`);
  expect(card.upper).toMatchObject({ description: 'Shift Availability', units: '%' });
  expectFigure(card.upper, current.availability, previous.availability, `${name} Shift Availability`);
  expect(card.lower).toMatchObject({ description: 'Performance', units: '%' });
  expectFigure(card.lower, current.performance, previous.performance, `${name} Performance`);
}

describe('OEE card of POST /api/overview-report/oee', () => {
  const cases = [
    {
      name: 'a working day',
      query: 'day=2026-03-27',
      period: whole('day', '2026-03-27', '2026-03-27'),
    },
    {
      name: 'a Saturday (Newark works, Berlin does not)',
      query: 'day=2026-03-28',
      period: whole('day', '2026-03-28', '2026-03-28'),
    },
    {
      name: 'a custom range with hours across the DST change',
      query: 'custom=2026-03-27T10:00/2026-03-30T09:00',
      period: { timeframe: 'custom', startDay: '2026-03-27', endDay: '2026-03-30', startHour: 10, endHour: 9 },
    },
  ] as const;

  // Each against the previous period its answer names (which one that is: common/report-period.test.ts).
  for (const { name, query, period } of cases) {
    it(`equals the raw-row reference for ${name}, DTG and DTF`, async () => {
      for (const group of ['DTG', 'DTF'] as const) {
        const body = await post<OverviewOeeResponse>('oee', query, group);
        const current = await reference(group, period, REPORT_SERIALS[group]);
        expect(current.oee, `${group} ${name}`).not.toBeNull();
        expectCard(body.oee, current, await reference(group, body.previousPeriod, REPORT_SERIALS[group]), group);
      }
    });
  }

  it('counts only the selected systems and shows something real: a percentage between 0 and 100', async () => {
    const body = await post<OverviewOeeResponse>('oee', 'day=2026-03-27', 'DTG', BERLIN_SERIALS.DTG);
    const period = whole('day', '2026-03-27', '2026-03-27');
    const current = await reference('DTG', period, BERLIN_SERIALS.DTG);
    expectCard(body.oee, current, await reference('DTG', body.previousPeriod, BERLIN_SERIALS.DTG));
    expect(current.oee).toBeGreaterThan(0);
    expect(current.oee).toBeLessThan(1);
    const quality = fleetOee(await referenceInputs('DTG', period, BERLIN_SERIALS.DTG))?.quality;
    expect(quality).toBeLessThan(1); // the simulator rejects a few jobs
  });

  /** The card of `query` and the reference figures of the periods its answer names. */
  async function cardAndReference(query: string, group: keyof typeof REPORT_SERIALS) {
    const body = await post<OverviewOeeResponse>('oee', query, group);
    const current = await reference(group, body.period, REPORT_SERIALS[group]);
    return { card: body.oee, current, previous: await reference(group, body.previousPeriod, REPORT_SERIALS[group]) };
  }

  const UNKNOWN: Figures = { oee: null, availability: null, performance: null };

  // One-day custom ranges: each compares with the day just before it.
  it("keeps its lines and the previous day's figures on a day without shifts (Sunday at both sites), DTG and DTF", async () => {
    for (const group of ['DTG', 'DTF'] as const) {
      const { card, current, previous } = await cardAndReference('custom=2026-03-29/2026-03-29', group);
      expect(current).toEqual(UNKNOWN);
      // Newark works Saturdays: the previous day has every figure.
      expect(
        Object.values(previous).every((figure) => figure !== null && figure > 0),
        group,
      ).toBe(true);
      expectCard(card, current, previous, group);
    }
  });

  it.each([
    ['no shift planned (Sunday at both sites)', 'custom=2026-03-30/2026-03-30'],
    ['nothing reported (before the simulated days)', 'custom=2026-03-26/2026-03-26'],
  ])("shows '--', not 0, and no change for a previous day with %s, DTG and DTF", async (_name, query) => {
    for (const group of ['DTG', 'DTF'] as const) {
      const { card, current, previous } = await cardAndReference(query, group);
      expect(current.oee, group).not.toBeNull();
      expect(previous).toEqual(UNKNOWN);
      expectCard(card, current, previous, group);
      expect(card).toMatchObject({ previous: null, stats: null, trend: null });
    }
  });

  it('shows Shift Availability but OEE and Performance as --, without a change, while a model has no ideal rate', async () => {
    const { id, ideal_rate_per_hour: rate } = await h.database.db
      .selectFrom('systems')
      .innerJoin('models', (join) =>
        join.onRef('models.tenant_id', '=', 'systems.tenant_id').onRef('models.id', '=', 'systems.model_id'),
      )
      .select(['models.id', 'models.ideal_rate_per_hour'])
      .where('systems.tenant_id', '=', REPORT_TENANT)
      .where('systems.serial_number', '=', REPORT_SERIALS.DTG[0])
      .executeTakeFirstOrThrow();
    const setRate = (ratePerHour: number | null) =>
      h.database.db
        .updateTable('models')
        .set({ ideal_rate_per_hour: ratePerHour })
        .where('tenant_id', '=', REPORT_TENANT)
        .where('id', '=', id)
        .execute();
    await setRate(null);
    try {
      const { card, current, previous } = await cardAndReference('custom=2026-03-27/2026-03-27', 'DTG');
      expect(current).toMatchObject({ oee: null, performance: null });
      expect(current.availability).toBeGreaterThan(0);
      expect(previous.availability).toBeGreaterThan(0);
      expectCard(card, current, previous);
    } finally {
      await setRate(rate);
    }
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
