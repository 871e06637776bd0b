import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type {
  OverviewCardsReport,
  OverviewGraphsResponse,
  OverviewOeeResponse,
  SystemsAnalysisResponse,
} from '../../../shared/api-types.ts';
import type { JobDataPerUnitCards, JobTotalDataCards } from '../../../shared/contract/jobs.contract.ts';
import type { SystemPageCards } from '../../../shared/contract/system-page.contract.ts';
import { change, fleetOee, fleetShiftAvailability, type KpiMeasures } from '../../../shared/kpi/index.ts';
import type { SystemGroup } from '../../../shared/system-group.ts';
import { createApiTestHarness, type ApiTestHarness } from '../../testing/api-test-harness.ts';
import { rawJobs, sum, totalInk, type RawJob } from '../../testing/raw-jobs.ts';
import { rawKpis, rawRows, rawWindowMeasures, type RawRows } from '../../testing/raw-kpi.ts';
import { rawOeeInputs } from '../../testing/raw-oee.ts';
import {
  BERLIN_SERIALS,
  REPORT_SERIALS,
  REPORT_TENANT,
  reportAdmin,
  seedReportFleet,
} from '../../testing/report-test-fleet.ts';

/**
 * Issue #24 "No number misleads": a period in progress is compared with the previous period up to the same local time
 * of each site (docs/kpi-glossary.md "Change and trend"), and a day with the previous same day, a week before. The
 * server's clock is pinned; the simulated Berlin and Newark fleet has whole days of data, also after that time, which
 * a period in progress must leave out. Every expected number comes from the raw rows in windows written out by hand in
 * UTC from the glossary's words (testing/raw-kpi.ts, raw-jobs.ts, raw-oee.ts), never from the rollups.
 */

const BERLIN = 'Europe/Berlin';
const NEWARK = 'America/New_York';

/** Saturday 28 March 2026, 11:29:41 in Berlin (CET) and 06:29:41 in Newark (EDT since 8 March). */
const SATURDAY = '2026-03-28T10:29:41.000Z';
/** Sunday 29 March 2026, 03:29:41 in Berlin (CEST, an hour after the clocks went forward); Saturday 21:29:41 in Newark. */
const DST_NIGHT = '2026-03-29T01:29:41.000Z';

let h: ApiTestHarness;
let now = new Date(SATURDAY);
let rows: RawRows;
let jobs: RawJob[];
let bottles: { serial: string; loadedAt: number }[];

beforeAll(async () => {
  h = await createApiTestHarness({ clock: () => now });
  const { db } = h.database;
  await seedReportFleet(db, '2026-03-14', '2026-03-29');
  rows = await rawRows(db, REPORT_TENANT);
  jobs = await rawJobs(db, REPORT_TENANT);
  bottles = (
    await db
      .selectFrom('ink_loads')
      .innerJoin('systems', (join) =>
        join.onRef('systems.tenant_id', '=', 'ink_loads.tenant_id').onRef('systems.id', '=', 'ink_loads.system_id'),
      )
      .where('ink_loads.tenant_id', '=', REPORT_TENANT)
      .select(['systems.serial_number', 'ink_loads.loaded_at'])
      .execute()
  ).map((row) => ({ serial: row.serial_number, loadedAt: row.loaded_at.getTime() }));
}, 300_000);

afterAll(async () => {
  await h.close();
});

async function call<T>(method: 'GET' | 'POST', url: string, systems: readonly string[] = []): Promise<T> {
  const response = await h.app.inject({
    method,
    url,
    headers: { authorization: await h.bearer(reportAdmin) },
    ...(method === 'POST' ? { payload: { systems } } : {}),
  });
  expect(response.statusCode, response.body).toBe(200);
  return response.json<T>();
}

const ms = (iso: string) => Date.parse(iso);
type Window = { start: number; end: number };
/** Each site's window, written out in UTC. */
type Windows = Record<typeof BERLIN | typeof NEWARK, Window>;
const windowIn = (windows: Windows) => (timeZone: string) => windows[timeZone as keyof Windows];

/** The raw KPIs of `serials` in each site's window. */
function kpisIn(serials: readonly string[], group: SystemGroup, windows: Windows) {
  return rawKpis(rawWindowMeasures(rows, serials, windowIn(windows)), group);
}

type Compared = { value: number | null; previous: number | null; stats: number | null };

function expectCompared(actual: Compared | null, value: number, previous: number, name: string) {
  if (actual === null) throw new Error(`${name}: no comparison`);
  expect(actual.value, `${name} value`).toBeCloseTo(value, 6);
  expect(actual.previous, `${name} previous`).toBeCloseTo(previous, 6);
  const stats = value === -1 || previous === -1 ? null : change(value, previous);
  if (stats === null) expect(actual.stats, `${name} change`).toBeNull();
  else expect(actual.stats, `${name} change`).toBeCloseTo(stats, 6);
}

/** The Overview cards of `query` against the raw rows of the two windows of each site. */
async function expectCards(
  query: string,
  group: SystemGroup,
  serials: readonly string[],
  windows: { current: Windows; previous: Windows },
): Promise<OverviewCardsReport> {
  const cards = await call<OverviewCardsReport>('POST', `/api/overview-report/overview-cards?${query}`, serials);
  const current = kpisIn(serials, group, windows.current);
  const previous = kpisIn(serials, group, windows.previous);
  expectCompared(cards.totalProduction, current.production, previous.production, 'production');
  expectCompared(cards.productionRate, current.productionRate, previous.productionRate, 'production rate');
  expectCompared(cards.availability, current.availability, previous.availability, 'availability');
  expectCompared(cards.availability.upper, current.errorSeconds, previous.errorSeconds, 'error');
  if (group !== 'DTF') {
    expectCompared(cards.productivity, current.productivity, previous.productivity, 'productivity');
  }
  return cards;
}

describe('a day in progress (Saturday 28 March 2026 at 11:29:41 in Berlin)', () => {
  /** Today up to now at each site, and the previous same day (21 March, a Saturday) up to the same local time. */
  const DAY = {
    current: {
      [BERLIN]: { start: ms('2026-03-27T23:00:00Z'), end: ms(SATURDAY) },
      [NEWARK]: { start: ms('2026-03-28T04:00:00Z'), end: ms(SATURDAY) },
    },
    previous: {
      [BERLIN]: { start: ms('2026-03-20T23:00:00Z'), end: ms('2026-03-21T10:29:41Z') },
      [NEWARK]: { start: ms('2026-03-21T04:00:00Z'), end: ms('2026-03-21T10:29:41Z') },
    },
  };

  beforeAll(() => {
    now = new Date(SATURDAY);
  });

  it('compares today with the previous same day up to the same local time, Berlin and Newark together', async () => {
    for (const group of ['DTG', 'DTF'] as const) {
      const cards = await expectCards(`day=2026-03-28&systemGroup=${group}`, group, REPORT_SERIALS[group], DAY);
      expect(cards.previousPeriod).toMatchObject({ timeframe: 'day', startDay: '2026-03-21', endDay: '2026-03-21' });
      // Two sites, two clocks (11:29 and 06:29): the answer names no single time.
      expect(cards.comparedUntil).toEqual({ localTime: null });
      expect(cards.totalProduction.statsDescription).toBe("From previous same day, both to each site's time");
      // The DTG printers have printed by then (the DTF ones have not).
      if (group === 'DTG') expect(cards.totalProduction.value).toBeGreaterThan(0);
    }
  });

  it("says the sites' time when they share a clock: the card reads 'both to 11:29'", async () => {
    const cards = await expectCards('day=2026-03-28&systemGroup=DTG', 'DTG', BERLIN_SERIALS.DTG, DAY);
    expect(cards.comparedUntil).toEqual({ localTime: '2026-03-28T11:29' });
    expect(cards.totalProduction.statsDescription).toBe('From previous same day, both to 11:29');
  });

  it('leaves out the data after now and the previous same day after 11:29:41 (not a partial day against a whole one)', async () => {
    const cards = await call<OverviewCardsReport>(
      'POST',
      '/api/overview-report/overview-cards?day=2026-03-28&systemGroup=DTG',
    );
    const wholeDay = kpisIn(REPORT_SERIALS.DTG, 'DTG', {
      [BERLIN]: { start: ms('2026-03-20T23:00:00Z'), end: ms('2026-03-21T23:00:00Z') },
      [NEWARK]: { start: ms('2026-03-21T04:00:00Z'), end: ms('2026-03-22T04:00:00Z') },
    });
    expect(cards.totalProduction.previous).toBeLessThan(wholeDay.production);
  });

  it('draws the hours up to the cut: the 11:00 hour up to 11:29:41 on both days, none after', async () => {
    const graphs = await call<OverviewGraphsResponse>(
      'POST',
      '/api/overview-report/overview-graphs?day=2026-03-28&systemGroup=DTG',
      BERLIN_SERIALS.DTG,
    );
    expect(graphs.comparedUntil).toEqual({ localTime: '2026-03-28T11:29' });
    const eleven = graphs.productionChart.find((point) => point.date === '2026-03-28T11:00');
    const hourWindows = (start: string, end: string, previousStart: string, previousEnd: string) => ({
      current: { [BERLIN]: { start: ms(start), end: ms(end) }, [NEWARK]: { start: 0, end: 0 } },
      previous: { [BERLIN]: { start: ms(previousStart), end: ms(previousEnd) }, [NEWARK]: { start: 0, end: 0 } },
    });
    const hour = hourWindows('2026-03-28T10:00:00Z', SATURDAY, '2026-03-21T10:00:00Z', '2026-03-21T10:29:41Z');
    expect(eleven?.value).toBeCloseTo(kpisIn(BERLIN_SERIALS.DTG, 'DTG', hour.current).production, 6);
    expect(eleven?.previous).toBeCloseTo(kpisIn(BERLIN_SERIALS.DTG, 'DTG', hour.previous).production, 6);
    const later = graphs.productionChart.filter((point) => point.date > '2026-03-28T11:00');
    expect(later.every((point) => point.isFuturePeriod && point.value === 0 && point.previous === 0)).toBe(true);
    const cards = await call<OverviewCardsReport>(
      'POST',
      '/api/overview-report/overview-cards?day=2026-03-28&systemGroup=DTG',
      BERLIN_SERIALS.DTG,
    );
    expect(sum(graphs.productionChart, (point) => point.value)).toBeCloseTo(cards.totalProduction.value, 6);
    expect(sum(graphs.productionChart, (point) => point.previous)).toBeCloseTo(cards.totalProduction.previous ?? 0, 6);
  });

  it('reads the OEE card of both days up to the same local time', async () => {
    for (const group of ['DTG', 'DTF'] as const) {
      const body = await call<OverviewOeeResponse>(
        'POST',
        `/api/overview-report/oee?day=2026-03-28&systemGroup=${group}`,
      );
      const figures = async (windows: Windows, startDay: string) => {
        const period = { timeframe: 'day', startDay, endDay: startDay, startHour: 0, endHour: 23 } as const;
        const byId = await rawOeeInputs(
          h.database.db,
          REPORT_TENANT,
          group,
          period,
          (zone) => windowIn(windows)(zone).end,
        );
        const inputs = REPORT_SERIALS[group].flatMap((serial) => byId.get(serial) ?? []);
        return fleetOee(inputs) ?? { oee: null, availability: fleetShiftAvailability(inputs), performance: null };
      };
      const current = await figures(DAY.current, '2026-03-28');
      const previous = await figures(DAY.previous, '2026-03-21');
      // Newark works Saturdays: both days have a figure.
      expect(current.availability, group).not.toBeNull();
      expect(body.oee.upper?.value, group).toBeCloseTo(current.availability ?? NaN, 9);
      expect(body.oee.upper?.previous, group).toBeCloseTo(previous.availability ?? NaN, 9);
      if (current.oee === null) expect(body.oee.value).toBeNull();
      else expect(body.oee.value, group).toBeCloseTo(current.oee, 9);
      if (previous.oee === null) expect(body.oee.previous).toBeNull();
      else expect(body.oee.previous, group).toBeCloseTo(previous.oee, 9);
      expect(body.oee.statsDescription).toBe("From previous same day, both to each site's time");
    }
  });

  it('reads the system page against the same weekday a week before, and the fleet, up to the same local time', async () => {
    const body = await call<SystemPageCards>(
      'GET',
      '/api/system-page-report/cards?day=2026-03-28&systemGroup=DTG&system=DTG-10001',
    );
    expect(body.lastWeekPeriod).toMatchObject({ startDay: '2026-03-21', endDay: '2026-03-21' });
    expect(body.comparedUntil).toEqual({ localTime: '2026-03-28T11:29' });
    const system = kpisIn(['DTG-10001'], 'DTG', DAY.current);
    const lastWeek = kpisIn(['DTG-10001'], 'DTG', DAY.previous);
    const fleet = kpisIn(REPORT_SERIALS.DTG, 'DTG', DAY.current);
    expect(body.production.value).toBeCloseTo(system.production, 6);
    expect(body.production.againstLastWeek.previous).toBeCloseTo(lastWeek.production, 6);
    expect(body.production.againstFleet.previous).toBeCloseTo(fleet.production / REPORT_SERIALS.DTG.length, 6);
    expect(body.availability.againstLastWeek.previous).toBeCloseTo(lastWeek.availability, 6);
    expect(body.availability.againstFleet.previous).toBeCloseTo(fleet.availability, 6);
  });

  it('names the previous same day in Systems Analysis too', async () => {
    const body = await call<SystemsAnalysisResponse>(
      'GET',
      '/api/system-data/systems-analysis?day=2026-03-28&systemGroup=DTG',
    );
    expect(body.previousPeriod).toMatchObject({ startDay: '2026-03-21', endDay: '2026-03-21' });
    expect(body.comparedUntil).toEqual({ localTime: null });
  });
});

describe('a week in progress (Monday 23 to Sunday 29 March, on Saturday at 11:29:41 in Berlin)', () => {
  /** This week up to now at each site; the previous week up to Saturday 21 March at the same local time. */
  const WEEK = {
    current: {
      [BERLIN]: { start: ms('2026-03-22T23:00:00Z'), end: ms(SATURDAY) },
      [NEWARK]: { start: ms('2026-03-23T04:00:00Z'), end: ms(SATURDAY) },
    },
    previous: {
      [BERLIN]: { start: ms('2026-03-15T23:00:00Z'), end: ms('2026-03-21T10:29:41Z') },
      [NEWARK]: { start: ms('2026-03-16T04:00:00Z'), end: ms('2026-03-21T10:29:41Z') },
    },
  };

  beforeAll(() => {
    now = new Date(SATURDAY);
  });

  it('compares the week so far with the previous week up to the same weekday and local time', async () => {
    for (const group of ['DTG', 'DTF'] as const) {
      const cards = await expectCards(`week=2026-03-25&systemGroup=${group}`, group, REPORT_SERIALS[group], WEEK);
      expect(cards.previousPeriod).toMatchObject({ startDay: '2026-03-16', endDay: '2026-03-22' });
    }
    const berlin = await expectCards('week=2026-03-25&systemGroup=DTG', 'DTG', BERLIN_SERIALS.DTG, WEEK);
    expect(berlin.totalProduction.statsDescription).toBe('From previous week, both to Sat 11:29');
  });

  /** A printer's site window: the Berlin printers' or Newark's. */
  const siteWindow = (serial: string, windows: Windows) =>
    [...BERLIN_SERIALS.DTG, ...BERLIN_SERIALS.DTF].includes(serial as never) ? windows[BERLIN] : windows[NEWARK];
  const inWindow = (serial: string, time: number, windows: Windows) =>
    time >= siteWindow(serial, windows).start && time < siteWindow(serial, windows).end;
  const jobsIn = (serials: readonly string[], windows: Windows) =>
    jobs.filter((job) => serials.includes(job.serial) && inWindow(job.serial, job.endedAt.getTime(), windows));
  const bottlesIn = (serials: readonly string[], windows: Windows) =>
    bottles.filter((bottle) => serials.includes(bottle.serial) && inWindow(bottle.serial, bottle.loadedAt, windows));

  it('compares the Jobs cards up to the same weekday and local time', async () => {
    for (const group of ['DTG', 'DTF'] as const) {
      const serials = REPORT_SERIALS[group];
      const body = await call<JobTotalDataCards>(
        'POST',
        `/api/job-analysis-report/total-data-cards?week=2026-03-25&systemGroupType=${group}`,
      );
      const production = (list: readonly RawJob[]) =>
        sum(list, (job) => (group === 'DTF' ? job.mediaLengthM : job.impressions));
      const now = jobsIn(serials, WEEK.current);
      const before = jobsIn(serials, WEEK.previous);
      expect(body.comparedUntil).toEqual({ localTime: null });
      expect(body.statsDescription).toBe("From previous week, both to each site's time");
      expect(body.totalProductionResponse.totalProduction).toBeCloseTo(production(now), 6);
      expect(body.totalProductionResponse.previous).toBeCloseTo(production(before), 6);
      expect(body.totalPrintingTimeResponse.totalPrintingTimeSeconds).toBeCloseTo(
        sum(now, (job) => job.printSeconds),
        6,
      );
      expect(body.totalPrintingTimeResponse.previous).toBeCloseTo(
        sum(before, (job) => job.printSeconds),
        6,
      );
      expect(body.bottlesLoadedResponse.bottlesLoaded).toBe(bottlesIn(serials, WEEK.current).length);
      expect(body.bottlesLoadedResponse.previous).toBe(bottlesIn(serials, WEEK.previous).length);
      expect(production(now), group).toBeGreaterThan(0);
    }
  });

  it('compares the per-unit cards of a selection (Small jobs) up to the same time', async () => {
    const body = await call<JobDataPerUnitCards>(
      'POST',
      '/api/job-analysis-report/data-per-unit-cards?week=2026-03-25&systemGroupType=DTG&dtgFilterParameters.sizes=Small',
    );
    const small = (list: readonly RawJob[]) => list.filter((job) => job.size === 'Small');
    const perImpression = (list: readonly RawJob[], value: (job: RawJob) => number) => {
      const impressions = sum(list, (job) => job.impressions);
      return impressions > 0 ? sum(list, value) / impressions : 0;
    };
    const now = small(jobsIn(REPORT_SERIALS.DTG, WEEK.current));
    const before = small(jobsIn(REPORT_SERIALS.DTG, WEEK.previous));
    expect(body.printTimePerUnitResponse.value).toBeCloseTo(
      perImpression(now, (job) => job.printSeconds),
      6,
    );
    expect(body.printTimePerUnitResponse.previous).toBeCloseTo(
      perImpression(before, (job) => job.printSeconds),
      6,
    );
    expect(body.inkConsumptionPerUnitResponse.previous).toBeCloseTo(perImpression(before, totalInk), 6);
  });
});

describe('the spring DST day in progress (Sunday 29 March at 03:29:41 CEST in Berlin, still Saturday in Newark)', () => {
  /**
   * Berlin: from midnight (CET) to now, 2 h 29 min 41 s of real time; 22 March up to 03:29:41 CET, an hour longer (the
   * same clock time, as a whole DST day has 23 hours). Newark's 29 March has not begun: nothing of it or its previous
   * same day is read.
   */
  const DST = {
    current: {
      [BERLIN]: { start: ms('2026-03-28T23:00:00Z'), end: ms(DST_NIGHT) },
      [NEWARK]: { start: 0, end: 0 },
    },
    previous: {
      [BERLIN]: { start: ms('2026-03-21T23:00:00Z'), end: ms('2026-03-22T02:29:41Z') },
      [NEWARK]: { start: 0, end: 0 },
    },
  };

  beforeAll(() => {
    now = new Date(DST_NIGHT);
  });

  it('compares the DST night with the same clock time a week before, Berlin alone and with Newark', async () => {
    const fleet = await expectCards('day=2026-03-29&systemGroup=DTG', 'DTG', REPORT_SERIALS.DTG, DST);
    expect(fleet.comparedUntil).toEqual({ localTime: null });
    const berlin = await expectCards('day=2026-03-29&systemGroup=DTG', 'DTG', BERLIN_SERIALS.DTG, DST);
    expect(berlin.comparedUntil).toEqual({ localTime: '2026-03-29T03:29' });
    const reported = rawWindowMeasures(rows, BERLIN_SERIALS.DTG, windowIn(DST.current));
    const seconds = (m: KpiMeasures) => m.periodSeconds;
    // Two printers, each 2 h 29 min 41 s of status time: the hour the clocks skipped is not there.
    expect(seconds(reported)).toBeCloseTo(2 * (2 * 3600 + 29 * 60 + 41), 6);
  });
});

describe('a day over at one site and in progress at the other (Saturday 04:00 in Berlin, Friday 23:00 in Newark)', () => {
  beforeAll(() => {
    now = new Date('2026-03-28T03:00:00Z');
  });

  it("reads Berlin's Friday whole and Newark's up to 23:00, each against its own previous same day", async () => {
    const windows = {
      current: {
        [BERLIN]: { start: ms('2026-03-26T23:00:00Z'), end: ms('2026-03-27T23:00:00Z') },
        [NEWARK]: { start: ms('2026-03-27T04:00:00Z'), end: ms('2026-03-28T03:00:00Z') },
      },
      previous: {
        [BERLIN]: { start: ms('2026-03-19T23:00:00Z'), end: ms('2026-03-20T23:00:00Z') },
        [NEWARK]: { start: ms('2026-03-20T04:00:00Z'), end: ms('2026-03-21T03:00:00Z') },
      },
    };
    for (const group of ['DTG', 'DTF'] as const) {
      const cards = await expectCards(`day=2026-03-27&systemGroup=${group}`, group, REPORT_SERIALS[group], windows);
      // Read whole in Berlin, up to 23:00 in Newark: no single time.
      expect(cards.comparedUntil).toEqual({ localTime: null });
    }
  });

  it("compares the Jobs week so far up to each site's time: Newark's site rollup stops before its Friday", async () => {
    const week = {
      current: {
        [BERLIN]: { start: ms('2026-03-22T23:00:00Z'), end: ms('2026-03-28T03:00:00Z') },
        [NEWARK]: { start: ms('2026-03-23T04:00:00Z'), end: ms('2026-03-28T03:00:00Z') },
      },
      previous: {
        [BERLIN]: { start: ms('2026-03-15T23:00:00Z'), end: ms('2026-03-21T03:00:00Z') },
        [NEWARK]: { start: ms('2026-03-16T04:00:00Z'), end: ms('2026-03-21T03:00:00Z') },
      },
    };
    const inBerlin = (serial: string) => [...BERLIN_SERIALS.DTG, ...BERLIN_SERIALS.DTF].includes(serial as never);
    for (const group of ['DTG', 'DTF'] as const) {
      const jobsIn = (windows: Windows) =>
        jobs.filter((job) => {
          const window = windows[inBerlin(job.serial) ? BERLIN : NEWARK];
          const ended = job.endedAt.getTime();
          return REPORT_SERIALS[group].includes(job.serial as never) && ended >= window.start && ended < window.end;
        });
      const body = await call<JobTotalDataCards>(
        'POST',
        `/api/job-analysis-report/total-data-cards?week=2026-03-25&systemGroupType=${group}`,
      );
      const seconds = (list: readonly RawJob[]) => sum(list, (job) => job.printSeconds);
      expect(body.totalPrintingTimeResponse.totalPrintingTimeSeconds, group).toBeCloseTo(
        seconds(jobsIn(week.current)),
        6,
      );
      expect(body.totalPrintingTimeResponse.previous, group).toBeCloseTo(seconds(jobsIn(week.previous)), 6);
      expect(seconds(jobsIn(week.current)), group).toBeGreaterThan(0);
    }
  });
});

describe('finished periods', () => {
  beforeAll(() => {
    now = new Date(SATURDAY);
  });

  it('compare whole days: Friday 27 March against Friday 20 March', async () => {
    const whole = {
      current: {
        [BERLIN]: { start: ms('2026-03-26T23:00:00Z'), end: ms('2026-03-27T23:00:00Z') },
        [NEWARK]: { start: ms('2026-03-27T04:00:00Z'), end: ms('2026-03-28T04:00:00Z') },
      },
      previous: {
        [BERLIN]: { start: ms('2026-03-19T23:00:00Z'), end: ms('2026-03-20T23:00:00Z') },
        [NEWARK]: { start: ms('2026-03-20T04:00:00Z'), end: ms('2026-03-21T04:00:00Z') },
      },
    };
    for (const group of ['DTG', 'DTF'] as const) {
      const cards = await expectCards(`day=2026-03-27&systemGroup=${group}`, group, REPORT_SERIALS[group], whole);
      expect(cards.comparedUntil).toBeNull();
      expect(cards.totalProduction.statsDescription).toBe('From previous same day');
    }
  });
});

describe('a year and a two-month range in progress (on Saturday 28 March at 11:29:41 in Berlin)', () => {
  /**
   * Issue #30: long periods read whole months from the month rollups; the month of the cut (March, with data after the
   * cut) must still be read up to the cut: 2026 so far at each site, 1 March to 30 April 2026 so far. The fleet has no
   * data in the previous periods (2025; the 61 days before 1 March).
   */
  const YEAR = {
    [BERLIN]: { start: ms('2025-12-31T23:00:00Z'), end: ms(SATURDAY) },
    [NEWARK]: { start: ms('2026-01-01T05:00:00Z'), end: ms(SATURDAY) },
  };
  const TWO_MONTHS = {
    [BERLIN]: { start: ms('2026-02-28T23:00:00Z'), end: ms(SATURDAY) },
    [NEWARK]: { start: ms('2026-03-01T05:00:00Z'), end: ms(SATURDAY) },
  };

  beforeAll(() => {
    now = new Date(SATURDAY);
  });

  const siteOf = (serial: string) =>
    [...BERLIN_SERIALS.DTG, ...BERLIN_SERIALS.DTF].includes(serial as never) ? BERLIN : NEWARK;
  const jobsIn = (serials: readonly string[], windows: Windows) =>
    jobs.filter((job) => {
      const window = windows[siteOf(job.serial)];
      return (
        serials.includes(job.serial) && job.endedAt.getTime() >= window.start && job.endedAt.getTime() < window.end
      );
    });
  const bottlesIn = (serials: readonly string[], windows: Windows) =>
    bottles.filter((bottle) => {
      const window = windows[siteOf(bottle.serial)];
      return serials.includes(bottle.serial) && bottle.loadedAt >= window.start && bottle.loadedAt < window.end;
    });

  it.each([
    ['year=2026-03-28', YEAR],
    ['custom=2026-03-01/2026-04-30', TWO_MONTHS],
  ])('compares the Jobs cards of %s up to the cut, not the whole of March', async (period, windows) => {
    for (const group of ['DTG', 'DTF'] as const) {
      const serials = REPORT_SERIALS[group];
      const body = await call<JobTotalDataCards>(
        'POST',
        `/api/job-analysis-report/total-data-cards?${period}&systemGroupType=${group}`,
      );
      const production = (list: readonly RawJob[]) =>
        sum(list, (job) => (group === 'DTF' ? job.mediaLengthM : job.impressions));
      const current = jobsIn(serials, windows);
      expect(body.totalProductionResponse.totalProduction, group).toBeCloseTo(production(current), 6);
      expect(body.totalProductionResponse.previous, group).toBe(0);
      expect(body.totalPrintingTimeResponse.totalPrintingTimeSeconds, group).toBeCloseTo(
        sum(current, (job) => job.printSeconds),
        6,
      );
      expect(body.bottlesLoadedResponse.bottlesLoaded, group).toBe(bottlesIn(serials, windows).length);
      // The fleet's March has data after the cut (the rest of Saturday and Sunday), which the figures leave out.
      const after = jobsIn(serials, {
        [BERLIN]: { start: ms(SATURDAY), end: Infinity },
        [NEWARK]: { start: ms(SATURDAY), end: Infinity },
      });
      expect(after.length, group).toBeGreaterThan(0);
      expect(production(current), group).toBeGreaterThan(0);
    }
  });

  it('compares the per-unit cards of Small jobs over the year up to the cut', async () => {
    const body = await call<JobDataPerUnitCards>(
      'POST',
      '/api/job-analysis-report/data-per-unit-cards?year=2026-03-28&systemGroupType=DTG&dtgFilterParameters.sizes=Small',
    );
    const small = jobsIn(REPORT_SERIALS.DTG, YEAR).filter((job) => job.size === 'Small');
    const impressions = sum(small, (job) => job.impressions);
    expect(small.length).toBeGreaterThan(0);
    expect(body.printTimePerUnitResponse.value).toBeCloseTo(sum(small, (job) => job.printSeconds) / impressions, 6);
    expect(body.inkConsumptionPerUnitResponse.value).toBeCloseTo(sum(small, totalInk) / impressions, 6);
  });
});
