import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type {
  AchievementsResponse,
  ApiErrorBody,
  AvailabilitiesKpisResponse,
  ComparedUntil,
  ImpressionsAvailabilityCardsResponse,
  ImpressionsAvailabilityGraphsResponse,
  ImpressionsByHourMatrixResponse,
  ImpressionsKpisResponse,
  KpiComparison,
  OverviewCardsReport,
  OverviewChartPoint,
  OverviewGraphsResponse,
  ProductionRateResponse,
  ProductivityResponse,
  ReportPeriod,
  UtilizationProductivityMatrixResponse,
} from '../../../shared/api-types.ts';
import { change, weekRecord } from '../../../shared/kpi/index.ts';
import type { SystemGroup } from '../../../shared/system-group.ts';
import { addDays, daysBetween, daysFromTo } from '../../../shared/time/local-time.ts';
import { createApiTestHarness, type ApiTestHarness, type TestIdentity } from '../../testing/api-test-harness.ts';
import {
  BERLIN_SERIALS,
  berlinReader,
  REPORT_SERIALS,
  REPORT_TENANT,
  reportAdmin,
  seedReportFleet,
} from '../../testing/report-test-fleet.ts';
import {
  inPeriod,
  rawCells,
  rawDailyProduction,
  rawKpis,
  rawMeasures,
  rawPeriodMeasures,
  rawRows,
  type RawCell,
  type RawRows,
} from '../../testing/raw-kpi.ts';
import { OVERVIEW_PATHS } from './overview.routes.ts';

/**
 * Issues 5 and 10: every Overview call's numbers equal an independent computation from the raw jobs and status intervals
 * of a simulated fleet (src/server/testing/raw-kpi.ts, written from the glossary: a job counts where it ends), for a
 * day, a week and a custom range around the Berlin DST change of 29 March 2026 (a 23-hour day, a Sunday: jobs cross
 * into Monday) and around the 2025/2026 year end, for the selection, the user's scope and the previous period. The
 * simulated fleet has jobs across the hour, local midnight, Sunday→Monday and New Year's night (overnight-job.ts).
 */

const ALL = REPORT_SERIALS;
const BERLIN = BERLIN_SERIALS;
const admin = reportAdmin;
const berliner = berlinReader;
const FROM = '2026-03-16';
const TO = '2026-03-30';
/** A second simulated stretch across the year end. */
const YEAR_END = { from: '2025-12-25', to: '2026-01-02' } as const;

interface PeriodCase {
  name: string;
  query: string;
  period: ReportPeriod;
  previous: ReportPeriod;
}

const whole = (timeframe: ReportPeriod['timeframe'], startDay: string, endDay: string): ReportPeriod => ({
  timeframe,
  startDay,
  endDay,
  startHour: 0,
  endHour: 23,
});

const PERIODS: PeriodCase[] = [
  {
    name: 'the DST day (23 hours in Berlin)',
    query: 'day=2026-03-29',
    period: whole('day', '2026-03-29', '2026-03-29'),
    // The previous same day: the same weekday a week before (spec reports §2 legend 'Previous same day').
    previous: whole('day', '2026-03-22', '2026-03-22'),
  },
  {
    name: 'a working day',
    query: 'day=2026-03-27',
    period: whole('day', '2026-03-27', '2026-03-27'),
    previous: whole('day', '2026-03-20', '2026-03-20'),
  },
  {
    name: 'the week containing the DST day',
    query: 'week=2026-03-26',
    period: whole('week', '2026-03-23', '2026-03-29'),
    previous: whole('week', '2026-03-16', '2026-03-22'),
  },
  {
    name: 'a custom range with hours crossing the DST change',
    query: 'custom=2026-03-27T06:00/2026-03-30T18:00',
    period: { timeframe: 'custom', startDay: '2026-03-27', endDay: '2026-03-30', startHour: 6, endHour: 18 },
    previous: { timeframe: 'custom', startDay: '2026-03-23', endDay: '2026-03-26', startHour: 6, endHour: 18 },
  },
  {
    name: "New Year's Day",
    query: 'day=2026-01-01',
    period: whole('day', '2026-01-01', '2026-01-01'),
    previous: whole('day', '2025-12-25', '2025-12-25'),
  },
  {
    name: 'a custom range with hours across the year end',
    query: 'custom=2025-12-31T20:00/2026-01-01T03:00',
    period: { timeframe: 'custom', startDay: '2025-12-31', endDay: '2026-01-01', startHour: 20, endHour: 3 },
    previous: { timeframe: 'custom', startDay: '2025-12-29', endDay: '2025-12-30', startHour: 20, endHour: 3 },
  },
];

/** Spec reports §2: a custom period under 8 days compares 'From last week' (every custom case here is shorter). */
const DESCRIPTIONS: Record<string, string> = {
  day: 'From previous same day',
  week: 'From previous week',
  custom: 'From last week',
};

let h: ApiTestHarness;
let cells: RawCell[];
let rows: RawRows;

beforeAll(async () => {
  h = await createApiTestHarness();
  const { db } = h.database;
  await seedReportFleet(db, FROM, TO);
  await seedReportFleet(db, YEAR_END.from, YEAR_END.to, { users: false });
  await db
    .insertInto('goals')
    .values([
      {
        tenant_id: REPORT_TENANT,
        system_group: 'DTG',
        goal_type: 'weekly',
        period_start: '2026-03-16',
        goal_value: 900,
      },
      { tenant_id: REPORT_TENANT, system_group: 'DTG', goal_type: 'weekly', period_start: '2026-04-06', goal_value: 5 },
      {
        tenant_id: REPORT_TENANT,
        system_group: 'DTG',
        goal_type: 'yearly',
        period_start: '2026-01-01',
        goal_value: 40_000,
      },
    ])
    .execute();
  cells = await rawCells(db, REPORT_TENANT);
  rows = await rawRows(db, REPORT_TENANT);
}, 300_000);

afterAll(async () => {
  await h.close();
});

async function call<T>(
  name: string,
  query: string,
  identity: TestIdentity = admin,
  systems: string[] = [],
): Promise<T> {
  const response = await h.app.inject({
    method: 'POST',
    url: `/api/overview-report/${name}?${query}`,
    headers: { authorization: await h.bearer(identity) },
    payload: { systems },
  });
  expect(response.statusCode, response.body).toBe(200);
  return response.json<T>();
}

/** The raw KPIs of `serials` in a period: every raw row looked at against the period's local bounds. */
function expected(serials: readonly string[], group: SystemGroup, period: ReportPeriod) {
  return rawKpis(rawPeriodMeasures(rows, serials, period), group);
}

function expectComparison(
  actual: Pick<KpiComparison, 'stats'> & { value: number | null; previous: number | null },
  value: number,
  previous: number,
): void {
  expect(actual.value).toBeCloseTo(value, 6);
  expect(actual.previous).toBeCloseTo(previous, 6);
  const stats = value === -1 || previous === -1 ? null : change(value, previous);
  if (stats === null) expect(actual.stats).toBeNull();
  else expect(actual.stats).toBeCloseTo(stats, 6);
}

type Kpis = ReturnType<typeof rawKpis>;

function checkAllKpis(
  name: string,
  body: { period: ReportPeriod; previousPeriod: ReportPeriod; comparedUntil: ComparedUntil },
  test: PeriodCase,
  check: (now: Kpis, before: Kpis) => void,
  serials: readonly string[],
  group: SystemGroup,
) {
  expect(body.period, name).toEqual(test.period);
  expect(body.previousPeriod, name).toEqual(test.previous);
  // Periods that are over are compared whole (glossary "Change and trend").
  expect(body.comparedUntil, name).toBeNull();
  check(expected(serials, group, test.period), expected(serials, group, test.previous));
}

describe.each(PERIODS)('Overview calls for $name', (test) => {
  describe.each(['DTG', 'DTF'] as const)('%s', (group) => {
    const serials = ALL[group];
    const query = `${test.query}&systemGroup=${group}`;

    it('overview-cards and impressions-availability-cards', async () => {
      const cards = await call<OverviewCardsReport>('overview-cards', query);
      checkAllKpis(
        'cards',
        cards,
        test,
        (now, before) => {
          // Sunday 29 March has no shifts: the DST day checks status time, the other periods production too.
          if (test.period.startDay !== '2026-03-29' && test.period.startDay !== '2026-01-01') {
            expect(now.production).toBeGreaterThan(0);
          }
          expect(cards.isLastUpdatePeriod).toBe(false);
          expectComparison(cards.totalProduction, now.production, before.production);
          expect(cards.totalProduction.statsDescription).toBe(DESCRIPTIONS[test.period.timeframe]);
          expect(cards.totalProduction.label).toBe(group === 'DTF' ? 'Total Production' : 'Total Impressions');
          expect(cards.productionRate.value).toBeCloseTo(now.productionRate, 6);
          expect(cards.availability.value).toBeCloseTo(now.availability, 6);
          expect(cards.availability.upper).toMatchObject({ description: 'Error Dur.' });
          expect(cards.availability.upper?.value).toBeCloseTo(now.errorSeconds, 6);
          expect(cards.availability.lower?.value).toBeCloseTo(now.maintenanceSeconds, 6);
          if (group === 'DTF') {
            expect(cards.productivity).toBeNull();
            expect(cards.productionRate.upper?.description).toBe('Avg. Utilization');
            expect(cards.productionRate.upper?.value).toBeCloseTo(now.utilization, 6);
            expect(cards.productionRate.lower?.description).toBe('Preparation');
            expect(cards.productionRate.lower?.value).toBeCloseTo(now.preparation, 6);
          } else {
            expect(cards.productivity?.value).toBeCloseTo(now.productivity, 6);
            expect(cards.productivity?.upper?.description).toBe('Printing Time');
            expect(cards.productivity?.lower?.description).toBe('Productive Utilization');
            expect(cards.productivity?.lower?.value).toBeCloseTo(now.productiveUtilization, 6);
            expect(cards.productionRate.upper?.description).toBe('Avg. Handling Time');
            expect(cards.productionRate.upper?.value).toBeCloseTo(now.handlingTime, 6);
            expect(cards.productionRate.lower?.description).toBe('Dark Impressions');
            expect(cards.productionRate.lower?.value).toBeCloseTo(now.darkImpressions, 6);
          }
        },
        serials,
        group,
      );

      const subset = await call<ImpressionsAvailabilityCardsResponse>('impressions-availability-cards', query);
      expect(subset.totalProduction).toEqual(cards.totalProduction);
      expect(subset.availability).toEqual(cards.availability);
    });

    it('production-rate and productivity', async () => {
      const rates = await call<ProductionRateResponse>('production-rate', query);
      checkAllKpis(
        'production-rate',
        rates,
        test,
        (now, before) => {
          expectComparison(rates.productionRate, now.productionRate, before.productionRate);
          expectComparison(rates.loadingTime, now.handlingTime, before.handlingTime);
          expectComparison(rates.darkImpressions, now.darkImpressions, before.darkImpressions);
          expectComparison(rates.utilization, now.utilization, before.utilization);
          expectComparison(rates.preparation, now.preparation, before.preparation);
        },
        serials,
        group,
      );
      const productivity = await call<ProductivityResponse>('productivity', query);
      checkAllKpis(
        'productivity',
        productivity,
        test,
        (now, before) => {
          expectComparison(productivity.productivity, now.productivity, before.productivity);
          expect(productivity.productivityChange).toBe(productivity.productivity.stats);
          expectComparison(productivity.printingTime, now.printingSeconds, before.printingSeconds);
          // Two utilizations, two names: 'utilization' is printing / reported in every call.
          expectComparison(productivity.utilization, now.utilization, before.utilization);
          expectComparison(
            productivity.productivityUtilization,
            now.productiveUtilization,
            before.productiveUtilization,
          );
        },
        serials,
        group,
      );
    });

    it('overview-graphs and impressions-availability-graphs: every point and its previous-period point', async () => {
      const graphs = await call<OverviewGraphsResponse>('overview-graphs', query);
      const [productionUnits, rateUnits] = group === 'DTF' ? ['m', 'm/h'] : ['imp', 'imp/h'];
      expect(graphs.units).toEqual({
        productionChart: productionUnits,
        speedChart: rateUnits,
        utilizationChart: '%',
        availabilityChart: '%',
        productionByHourGraph: productionUnits,
      });
      const byHour = test.period.startDay === test.period.endDay;
      expect(graphs.granularity).toBe(byHour ? 'hour' : 'day');
      const shift = daysBetween(test.period.startDay, test.previous.startDay);
      const bucketOf = (point: OverviewChartPoint, days = 0) => {
        const day = addDays(point.date.slice(0, 10), days);
        const hour = byHour ? Number(point.date.slice(11, 13)) : null;
        return (cell: RawCell) =>
          cell.day === day &&
          (hour === null ? inPeriod(cell, days === 0 ? test.period : test.previous) : cell.hour === hour);
      };
      const checkSeries = (points: OverviewChartPoint[], pick: (k: Kpis) => number) => {
        for (const point of points) {
          const now = rawKpis(rawMeasures(cells, serials, bucketOf(point)), group);
          const before = rawKpis(rawMeasures(cells, serials, bucketOf(point, shift)), group);
          expect(point.value, point.date).toBeCloseTo(pick(now), 6);
          expect(point.previous, point.date).toBeCloseTo(pick(before), 6);
        }
      };
      checkSeries(graphs.productionChart, (k) => k.production);
      checkSeries(graphs.speedChart, (k) => k.productionRate);
      checkSeries(graphs.utilizationChart, (k) => k.utilization);
      checkSeries(graphs.availabilityChart, (k) => k.availability);
      const total = graphs.productionChart.reduce((sum, point) => sum + point.value, 0);
      expect(total).toBeCloseTo(expected(serials, group, test.period).production, 6);
      for (const { hour, value, previous } of graphs.productionByHourGraph) {
        const at = (period: ReportPeriod) =>
          rawKpis(
            rawMeasures(cells, serials, (cell) => cell.hour === hour && inPeriod(cell, period)),
            group,
          ).production;
        expect(value, `hour ${hour}`).toBeCloseTo(at(test.period), 6);
        expect(previous, `hour ${hour}`).toBeCloseTo(at(test.previous), 6);
      }
      expect(graphs.productionChart.every((point) => !point.isFuturePeriod)).toBe(true);

      const subset = await call<ImpressionsAvailabilityGraphsResponse>('impressions-availability-graphs', query);
      expect(subset.units).toEqual({ productionChart: productionUnits, availabilityChart: '%' });
      expect(subset.productionChart).toEqual(graphs.productionChart);
      expect(subset.availabilityChart).toEqual(graphs.availabilityChart);
    });

    it('impressions-by-hour-matrix, utilization-productivity-matrix, impressionsKPIs and availabilitiesKPIs', async () => {
      const matrix = await call<ImpressionsByHourMatrixResponse>('impressions-by-hour-matrix', query);
      expect(matrix.records.length).toBeGreaterThan(0);
      for (const record of matrix.records) {
        const at = (cell: RawCell) => cell.day === record.date && cell.hour === record.hour;
        expect(record.value).toBeCloseTo(rawKpis(rawMeasures(cells, serials, at), group).production, 6);
      }
      const sum = matrix.records.reduce((total, record) => total + record.value, 0);
      expect(sum).toBeCloseTo(expected(serials, group, test.period).production, 6);

      const systems = await call<UtilizationProductivityMatrixResponse>('utilization-productivity-matrix', query);
      expect(systems.records.map((record) => record.serialNumber)).toEqual(serials);
      for (const record of systems.records) {
        const k = expected([record.serialNumber], group, test.period);
        expect(record.production).toBeCloseTo(k.production, 6);
        expect(record.productionRate).toBeCloseTo(k.productionRate, 6);
        expect(record.productivity).toBeCloseTo(k.productivity, 6);
        expect(record.utilization).toBeCloseTo(k.utilization, 6);
        expect(record.availability).toBeCloseTo(k.availability, 6);
      }

      const impressions = await call<ImpressionsKpisResponse>('impressionsKPIs', query);
      checkAllKpis(
        'impressionsKPIs',
        impressions,
        test,
        (now, before) => {
          expectComparison(impressions.totalImpressions, now.production, before.production);
          expectComparison(impressions.productionRate, now.productionRate, before.productionRate);
          expectComparison(impressions.productivity, now.productivity, before.productivity);
        },
        serials,
        group,
      );
      expect(impressions.impressionsByHourMatrix).toEqual(matrix.records);
      expect(impressions.utilizationProductivityMatrix).toEqual(systems.records);
      expect(impressions.totalImpressionsMatrix.map((cell) => cell.date)).toEqual(
        daysFromTo(test.period.startDay, test.period.endDay),
      );
      for (const cell of impressions.totalImpressionsMatrix) {
        const day = { ...test.period, startDay: cell.date, endDay: cell.date };
        const clipped = (c: RawCell) =>
          c.day === cell.date && inPeriod(c, test.period) && inPeriod(c, { ...day, startHour: 0, endHour: 23 });
        expect(cell.value).toBeCloseTo(rawKpis(rawMeasures(cells, serials, clipped), group).production, 6);
      }

      const availabilities = await call<AvailabilitiesKpisResponse>('availabilitiesKPIs', query);
      checkAllKpis(
        'availabilitiesKPIs',
        availabilities,
        test,
        (now, before) => {
          expectComparison(availabilities.availability, now.availability, before.availability);
        },
        serials,
        group,
      );
      for (const record of availabilities.availabilityMatrix) {
        const at = (cell: RawCell) => cell.day === record.date && cell.hour === record.hour;
        expect(record.value).toBeCloseTo(rawKpis(rawMeasures(cells, serials, at), group).availability, 6);
      }
    });
  });
});

describe('the simulated fleet', () => {
  it('has jobs that end on another local day than they started: into a Monday and into the new year', async () => {
    const { rows: crossing } = await sql<{ serial: string; end_day: string }>`
      SELECT sy.serial_number AS serial, (j.ended_at AT TIME ZONE si.time_zone)::date::text AS end_day
      FROM jobs j
      JOIN systems sy ON sy.tenant_id = j.tenant_id AND sy.id = j.system_id
      JOIN sites si ON si.tenant_id = sy.tenant_id AND si.id = sy.site_id
      WHERE (j.started_at AT TIME ZONE si.time_zone)::date <> (j.ended_at AT TIME ZONE si.time_zone)::date`.execute(
      h.database.db,
    );
    const endDays = crossing.map((row) => row.end_day);
    expect(endDays.some((day) => day === '2026-03-23' || day === '2026-03-30')).toBe(true);
    expect(endDays).toContain('2026-01-01');
  });
});

describe('hours of the DST day', () => {
  it('has 23 hourly points for Berlin printers and 24 when a Newark printer is selected too', async () => {
    const berlinOnly = await call<OverviewGraphsResponse>('overview-graphs', 'day=2026-03-29&systemGroup=DTG', admin, [
      ...BERLIN.DTG,
    ]);
    expect(berlinOnly.productionChart.map((point) => point.date.slice(11, 13))).not.toContain('02');
    expect(berlinOnly.productionChart).toHaveLength(23);
    const mixed = await call<OverviewGraphsResponse>('overview-graphs', 'day=2026-03-29&systemGroup=DTG');
    expect(mixed.productionChart).toHaveLength(24);
  });

  it('marks the hours that have not started yet as future ones', async () => {
    const future = await call<OverviewGraphsResponse>('overview-graphs', 'day=2099-03-29&systemGroup=DTG');
    expect(future.productionChart.every((point) => point.isFuturePeriod && point.isNotReported)).toBe(true);
    expect(future.availabilityChart.every((point) => point.value === -1)).toBe(true);
  });
});

describe('selection and scope', () => {
  const day = 'day=2026-03-27&systemGroup=DTG';

  it('counts only the selected systems', async () => {
    const cards = await call<OverviewCardsReport>('overview-cards', day, admin, ['DTG-10002']);
    const k = expected(['DTG-10002'], 'DTG', whole('day', '2026-03-27', '2026-03-27'));
    expect(cards.totalProduction.value).toBeCloseTo(k.production, 6);
    expect(cards.availability.value).toBeCloseTo(k.availability, 6);
  });

  it('adds a whole site (site rollups) and part of another (system rollups) over the DST change', async () => {
    // Newark's only DTG printer makes that site whole; one of Berlin's two is read per system.
    const serials = ['DTG-10001', 'DTG-10002'];
    const test = PERIODS[3] as PeriodCase;
    const query = `${test.query}&systemGroup=DTG`;
    const cards = await call<OverviewCardsReport>('overview-cards', query, admin, serials);
    expect(cards.totalProduction.value).toBeCloseTo(expected(serials, 'DTG', test.period).production, 6);
    expect(cards.availability.value).toBeCloseTo(expected(serials, 'DTG', test.period).availability, 6);
    const graphs = await call<OverviewGraphsResponse>('overview-graphs', query, admin, serials);
    for (const { hour, value } of graphs.productionByHourGraph) {
      const at = (cell: RawCell) => cell.hour === hour && inPeriod(cell, test.period);
      expect(value, `hour ${hour}`).toBeCloseTo(rawKpis(rawMeasures(cells, serials, at), 'DTG').production, 6);
    }
    const matrix = await call<AvailabilitiesKpisResponse>('availabilitiesKPIs', query, admin, serials);
    for (const record of matrix.availabilityMatrix) {
      const at = (cell: RawCell) =>
        cell.day === record.date && cell.hour === record.hour && inPeriod(cell, test.period);
      expect(record.value, `${record.date} ${record.hour}`).toBeCloseTo(
        rawKpis(rawMeasures(cells, serials, at), 'DTG').availability,
        6,
      );
    }
  });

  it("keeps to the user's scope, even when a system outside it is selected", async () => {
    const period = whole('day', '2026-03-27', '2026-03-27');
    const all = await call<OverviewCardsReport>('overview-cards', day, berliner);
    expect(all.totalProduction.value).toBeCloseTo(expected(BERLIN.DTG, 'DTG', period).production, 6);
    const outside = await call<OverviewCardsReport>('overview-cards', day, berliner, ['DTG-10002']);
    expect(outside.totalProduction.value).toBe(0);
    expect(outside.availability.value).toBe(-1);
    expect(outside.availability.stats).toBeNull();
    const systems = await call<UtilizationProductivityMatrixResponse>('utilization-productivity-matrix', day, berliner);
    expect(systems.records.map((record) => record.serialNumber)).toEqual(BERLIN.DTG);
  });
});

describe('achievements', () => {
  it('reads the goals that hold for the week and year, completed values and the week record from raw jobs', async () => {
    const body = await call<AchievementsResponse>('achievements', 'day=2026-03-25&systemGroup=DTG');
    const daily = rawDailyProduction(cells, ALL.DTG, 'DTG', '2026-01-01', '2026-12-31');
    const week = daily.filter((entry) => entry.day >= '2026-03-23' && entry.day <= '2026-03-29');
    const weekly = week.reduce((sum, entry) => sum + entry.value, 0);
    const yearly = daily.reduce((sum, entry) => sum + entry.value, 0);
    // The forecasts depend on the server clock: overview-forecast.routes.test.ts reads them at a pinned time.
    const { weeklyForecast, yearlyForecast: _clockDependent, ...figures } = body;
    expect(weeklyForecast).toBeNull();
    expect(figures).toEqual({
      systemGroup: 'DTG',
      units: 'imp',
      weekStart: '2026-03-23',
      year: 2026,
      weeklyGoal: 900,
      weeklyCompleted: weekly,
      weeklyPercentage: weekly / 900,
      weeklySegments: Math.floor(Math.min(weekly / 900, 1) * 7),
      yearlyGoal: 40_000,
      yearlyCompleted: yearly,
      yearlyPercentage: yearly / 40_000,
      yearlySegments: Math.floor(Math.min(yearly / 40_000, 1) * 12),
      weekRecord: weekRecord(daily, 2026),
    });
    expect(weekly).toBeGreaterThan(0);
  });

  it("uses the week and year of a custom range's last day (glossary: Weekly goal, Which week)", async () => {
    const custom = await call<AchievementsResponse>(
      'achievements',
      'custom=2026-03-20T06:00/2026-03-25T18:00&systemGroup=DTG',
    );
    const day = await call<AchievementsResponse>('achievements', 'day=2026-03-25&systemGroup=DTG');
    expect(custom.weekStart).toBe('2026-03-23');
    // Without the year's forecast, which moves with the server clock between the two calls.
    expect({ ...custom, yearlyForecast: null }).toEqual({ ...day, yearlyForecast: null });
  });

  it('has no goal for a group without one', async () => {
    const body = await call<AchievementsResponse>('achievements', 'week=2026-03-25&systemGroup=DTF');
    expect(body).toMatchObject({
      units: 'm',
      weeklyGoal: null,
      weeklyPercentage: 0,
      yearlyGoal: null,
      yearlySegments: 0,
    });
  });
});

describe('validation', () => {
  const post = async (url: string, payload: Record<string, unknown> = { systems: [] }) =>
    h.app.inject({ method: 'POST', url, headers: { authorization: await h.bearer(admin) }, payload });

  it.each(OVERVIEW_PATHS)('%s answers 400 without a period, with two, or with a bad body', async (path) => {
    for (const query of [
      'systemGroup=DTG',
      'day=2026-03-27&week=2026-03-27&systemGroup=DTG',
      'day=2026-02-30&systemGroup=DTG',
    ]) {
      const response = await post(`${path}?${query}`);
      expect(response.statusCode, query).toBe(400);
      expect(response.json<ApiErrorBody>().message).toMatch(/^querystring/);
    }
    expect((await post(`${path}?day=2026-03-27&systemGroup=DTG`, { systems: [], extra: true })).statusCode).toBe(400);
  });

  it('rejects custom ranges with the messages of spec reports §5', async () => {
    const custom = (range: string) => post(`/api/overview-report/production-rate?custom=${range}&systemGroup=DTG`);
    const tooLong = await custom('2025-01-01/2026-01-02');
    expect(tooLong.statusCode).toBe(400);
    expect(tooLong.json<ApiErrorBody>().message).toBe('Date range of more than 12 months is not supported');
    const hours = await custom('2026-03-27T18:00/2026-03-27T06:00');
    expect(hours.json<ApiErrorBody>().message).toBe(
      '"From" time value should not be greater than "To" time value if dates are same',
    );
    expect((await custom('2026-03-28/2026-03-27')).statusCode).toBe(400);
    expect((await custom('2026-03-27T25:00/2026-03-28')).statusCode).toBe(400);
    expect((await custom('yesterday/today')).statusCode).toBe(400);
  });

  it('takes whole days for a custom range over 182 days', async () => {
    const body = await call<ProductionRateResponse>(
      'production-rate',
      'custom=2025-09-01T06:00/2026-03-30T05:00&systemGroup=DTG',
    );
    expect(body.period).toEqual(whole('custom', '2025-09-01', '2026-03-30'));
  });
});
