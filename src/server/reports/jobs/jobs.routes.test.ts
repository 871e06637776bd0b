import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type {
  JobBottlesLoadedKpis,
  JobDataPerUnitCards,
  JobGraphs,
  JobInkConsumptionKpis,
  JobPrintTimeKpis,
  JobSummary,
  JobTotalDataCards,
  JobTotalImpressions,
  JobsQuery,
} from '../../../shared/contract/jobs.contract.ts';
import type { SystemGroup } from '../../../shared/system-group.ts';
import { withTenant } from '../../db/tenant-scope.ts';
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
  jobsIn,
  rawBottles,
  rawEvents,
  rawJobs,
  sum,
  totalInk,
  type RawBottle,
  type RawJob,
} from '../../testing/raw-jobs.ts';
import { inkPerJobExport } from './job-exports.ts';
import { openJobsContext } from './jobs-context.ts';

/**
 * Issue 12: every Jobs Analysis number equals an independent computation from the raw jobs and ink loads of a simulated
 * fleet (testing/raw-jobs.ts, written from the glossary: a job counts, whole, on the local day it ENDED), for a week,
 * a month, a quarter, a year and custom ranges across the Berlin DST change (29 March 2026) and the year end, per
 * group, for the selection, the user's scope and the previous period; and the XLSX download read back with exceljs.
 */

const INK_EXPORT_LIMIT = 60;
/** Not the default (1,048,575): the check must tell the configured limit. */
const EVENT_EXPORT_LIMIT = 50_000;

/**
 * A date-time cell read back, 'YYYY-MM-DD HH:MM:SS': exceljs reads a number with a date format as a Date whose UTC
 * fields are the wall clock. Anything else (a time written as text) is not a date-time.
 */
function dateTimeText(value: unknown): string {
  return value instanceof Date
    ? value.toISOString().slice(0, 19).replace('T', ' ')
    : `not a date-time: ${String(value)}`;
}

interface PeriodCase {
  name: string;
  query: string;
  from: string;
  to: string;
  previous: { from: string; to: string };
}

const PERIODS: PeriodCase[] = [
  {
    name: 'the week of the DST day',
    query: 'week=2026-03-25',
    from: '2026-03-23',
    to: '2026-03-29',
    previous: { from: '2026-03-16', to: '2026-03-22' },
  },
  {
    name: 'March 2026',
    query: 'month=2026-03-10',
    from: '2026-03-01',
    to: '2026-03-31',
    previous: { from: '2026-02-01', to: '2026-02-28' },
  },
  {
    name: 'Q1 2026',
    query: 'quarter=2026-02-14',
    from: '2026-01-01',
    to: '2026-03-31',
    previous: { from: '2025-10-01', to: '2025-12-31' },
  },
  {
    name: '2026',
    query: 'year=2026-07-01',
    from: '2026-01-01',
    to: '2026-12-31',
    previous: { from: '2025-01-01', to: '2025-12-31' },
  },
  {
    name: 'a custom range across the year end (hours ignored on Jobs)',
    query: 'custom=2025-12-30T06:00/2026-01-01T18:00',
    from: '2025-12-30',
    to: '2026-01-01',
    previous: { from: '2025-12-27', to: '2025-12-29' },
  },
  {
    // Berlin's two DTG printers are read from the site rollup (site_group_day), Newark's one from its month and day
    // rollups (job-measures.ts, sitesReadByDay): whole March (January before) and the days around it.
    name: 'a custom range holding one whole month',
    query: 'custom=2026-02-10/2026-04-20',
    from: '2026-02-10',
    to: '2026-04-20',
    previous: { from: '2025-12-02', to: '2026-02-09' },
  },
  {
    name: 'a custom range across the DST change',
    query: 'custom=2026-03-28/2026-03-30',
    from: '2026-03-28',
    to: '2026-03-30',
    previous: { from: '2026-03-25', to: '2026-03-27' },
  },
];

let h: ApiTestHarness;
let jobs: RawJob[];
let bottles: RawBottle[];

beforeAll(async () => {
  // Every period here is over (a year in progress would be compared up to today's date: glossary "Change and trend").
  h = await createApiTestHarness({
    clock: () => new Date('2027-06-01T00:00:00Z'),
    env: { PORTAL_EXPORT_INK_JOBS: String(INK_EXPORT_LIMIT), PORTAL_EXPORT_EVENT_ROWS: String(EVENT_EXPORT_LIMIT) },
  });
  const { db } = h.database;
  await seedReportFleet(db, '2026-03-24', '2026-03-31');
  await seedReportFleet(db, '2025-12-29', '2026-01-02', { users: false });
  jobs = await rawJobs(db, REPORT_TENANT);
  bottles = await rawBottles(db, REPORT_TENANT);
}, 300_000);

afterAll(async () => {
  await h.close();
});

async function post(name: string, query: string, identity: TestIdentity = reportAdmin, systems: string[] = []) {
  return h.app.inject({
    method: 'POST',
    url: `/api/job-analysis-report/${name}?${query}`,
    headers: { authorization: await h.bearer(identity) },
    payload: { systems },
  });
}

async function call<T>(name: string, query: string, identity?: TestIdentity, systems?: string[]): Promise<T> {
  const response = await post(name, query, identity, systems);
  expect(response.statusCode, response.body).toBe(200);
  return response.json<T>();
}

const production = (list: readonly RawJob[], group: SystemGroup) =>
  sum(list, (job) => (group === 'DTF' ? job.mediaLengthM : job.impressions));
const close = (actual: number, expected: number) => expect(actual).toBeCloseTo(expected, 6);

describe.each(PERIODS)('Jobs Analysis for $name', (test) => {
  describe.each(['DTG', 'DTF'] as const)('%s', (group) => {
    const serials: readonly string[] = REPORT_SERIALS[group];
    const query = `${test.query}&systemGroupType=${group}`;
    const now = () => jobsIn(jobs, serials, test.from, test.to);
    const before = () => jobsIn(jobs, serials, test.previous.from, test.previous.to);

    it('total-data-cards', async () => {
      const cards = await call<JobTotalDataCards>('total-data-cards', query);
      expect(cards.period).toMatchObject({ startDay: test.from, endDay: test.to, startHour: 0, endHour: 23 });
      expect(cards.previousPeriod).toMatchObject({ startDay: test.previous.from, endDay: test.previous.to });
      close(cards.totalProductionResponse.totalProduction, production(now(), group));
      close(cards.totalProductionResponse.previous, production(before(), group));
      close(
        cards.totalPrintingTimeResponse.totalPrintingTimeSeconds,
        sum(now(), (job) => job.printSeconds),
      );
      const loaded = bottles.filter((b) => serials.includes(b.serial) && b.day >= test.from && b.day <= test.to);
      expect(cards.bottlesLoadedResponse.bottlesLoaded).toBe(loaded.length);
    });

    it('graphs: ink per bucket and per colour', async () => {
      const graphs = await call<JobGraphs>('graphs', query);
      const total = graphs.inkConsumptionTrendResponse.map(
        (bucket) => bucket.colors.find((colour) => colour.colorName === 'Total')?.colorValue ?? 0,
      );
      close(
        sum(total, (value) => value),
        sum(now(), totalInk),
      );
      const black = graphs.colorConsumptionResponse.find((colour) => colour.colorName === 'black')?.colorValue ?? 0;
      close(
        black,
        sum(now(), (job) => job.inkMl['black'] ?? 0),
      );
      const colour = graphs.colorComparisonResponse.find((entry) => entry.colorName === 'Total');
      close(colour?.previous ?? 0, sum(before(), totalInk));
      if (test.query.startsWith('week')) {
        expect(graphs.granularity).toBe('day');
        const monday = graphs.inkConsumptionTrendResponse[0];
        close(
          monday?.colors.find((entry) => entry.colorName === 'Total')?.colorValue ?? 0,
          sum(jobsIn(jobs, serials, test.from, test.from), totalInk),
        );
      }
    });

    it('job-summary', async () => {
      const summary = await call<JobSummary>('job-summary', query);
      for (const size of ['Small', 'Medium', 'Large'] as const) {
        const ofSize = now().filter((job) => job.size === size);
        const card = summary.jobSummaryData.find((entry) => entry.sizeCategory === size);
        expect(card?.numberOfJobs).toBe(ofSize.length);
        expect(card?.numberOfImpressions).toBe(sum(ofSize, (job) => job.impressions));
        close(card?.totalInk ?? 0, sum(ofSize, totalInk));
        close(
          card?.totalTime ?? 0,
          sum(ofSize, (job) => job.printSeconds),
        );
      }
      const percents = summary.jobSummaryData.filter((entry) => entry.sizeCategory !== 'Total');
      if (now().length > 0) expect(sum(percents, (entry) => entry.percent)).toBe(100);
      expect(summary.hasNoData).toBe(now().length === 0);
      if (group === 'DTF') {
        for (const mode of [0, 1, 2, 3]) {
          const ofMode = now().filter((job) => job.printMode === mode);
          const card = summary.printModes.find((entry) => entry.mode === mode);
          expect(card?.numberOfJobs).toBe(ofMode.length);
          close(
            card?.filmLength ?? 0,
            sum(ofMode, (job) => job.mediaLengthM),
          );
        }
        close(
          summary.dtFilmData?.filmLength ?? 0,
          sum(now(), (job) => job.mediaLengthM),
        );
        const widths = now().map((job) => job.mediaWidthMm ?? 0);
        expect(summary.dtFilmData?.widestMediaWidthMm ?? 0).toBe(widths.length > 0 ? Math.max(...widths) : 0);
      } else {
        expect(summary.printModes).toEqual([]);
        expect(summary.dtFilmData).toBeNull();
      }
    });

    it('data-per-unit-cards and KPIs with the job summary selection', async () => {
      const filter = group === 'DTF' ? 'dtfFilterParameters.printModes=0' : 'dtgFilterParameters.sizes=Small';
      const selected = (list: readonly RawJob[]) =>
        list.filter((job) => (group === 'DTF' ? job.printMode === 0 : job.size === 'Small'));
      const cards = await call<JobDataPerUnitCards>('data-per-unit-cards', `${query}&${filter}`);
      const units = production(selected(now()), group);
      close(cards.inkConsumptionPerUnitResponse.value, units > 0 ? sum(selected(now()), totalInk) / units : 0);
      close(
        cards.printTimePerUnitResponse.value,
        units > 0 ? sum(selected(now()), (job) => job.printSeconds) / units : 0,
      );
      const ink = await call<JobInkConsumptionKpis>('ink-consumption-KPIs', `${query}&${filter}`);
      close(ink.totalInkConsumption.value, sum(selected(now()), totalInk));
      close(
        sum(ink.totalInkConsumption.records, (record) => record.value),
        sum(selected(now()), totalInk),
      );
      close(ink.totalInkConsumption.previous, sum(selected(before()), totalInk));
    });

    it('total-impressions, print-time-KPIs and total-bottles-loaded-KPIs: the period, its buckets and the one before', async () => {
      // Production: impressions for DTG, metres of film for DTF (the Production KPI).
      const produced = await call<JobTotalImpressions>('total-impressions', query);
      close(produced.totalImpressions.value, production(now(), group));
      close(produced.totalImpressions.previous, production(before(), group));
      close(
        sum(produced.totalImpressions.records, (record) => record.value),
        production(now(), group),
      );

      const printTime = await call<JobPrintTimeKpis>('print-time-KPIs', query);
      const seconds = sum(now(), (job) => job.printSeconds);
      close(printTime.totalPrintingTime.value, seconds);
      close(
        printTime.totalPrintingTime.previous,
        sum(before(), (job) => job.printSeconds),
      );
      close(
        sum(printTime.totalPrintingTime.records, (record) => record.value),
        seconds,
      );
      const units = production(now(), group);
      close(printTime.printTimePerUnitResponse.value, units > 0 ? seconds / units : 0);

      const bottlesKpi = await call<JobBottlesLoadedKpis>('total-bottles-loaded-KPIs', query);
      const loaded = (from: string, to: string) =>
        bottles.filter((b) => serials.includes(b.serial) && b.day >= from && b.day <= to).length;
      expect(bottlesKpi.bottlesLoaded.value).toBe(loaded(test.from, test.to));
      expect(bottlesKpi.bottlesLoaded.previous).toBe(loaded(test.previous.from, test.previous.to));
      expect(sum(bottlesKpi.bottlesLoaded.records, (record) => record.value)).toBe(loaded(test.from, test.to));
    });
  });
});

describe('Jobs Analysis rules', () => {
  it('counts the hours of a filtered day on the clock of each site, a job where it ended', async () => {
    const answer = await call<JobTotalImpressions>(
      'total-impressions',
      'day=2026-03-27&systemGroupType=DTG&dtgFilterParameters.sizes=Small&dtgFilterParameters.sizes=Large',
    );
    expect(answer.granularity).toBe('hour');
    const selected = jobsIn(jobs, REPORT_SERIALS.DTG, '2026-03-27', '2026-03-27').filter(
      (job) => job.size !== 'Medium',
    );
    expect(sum(answer.totalImpressions.records, (record) => record.value)).toBe(
      sum(selected, (job) => job.impressions),
    );
  });

  it('lists 23 hours on the spring DST day in Berlin', async () => {
    const graphs = await call<JobGraphs>('graphs', 'day=2026-03-29&systemGroupType=DTG', reportAdmin, [
      ...BERLIN_SERIALS.DTG,
    ]);
    expect(graphs.inkConsumptionTrendResponse).toHaveLength(23);
  });

  it('marks the partial weeks at the edges of a quarter with their days', async () => {
    const graphs = await call<JobGraphs>('graphs', 'quarter=2026-01-01&systemGroupType=DTG');
    expect(graphs.granularity).toBe('week');
    expect(graphs.inkConsumptionTrendResponse[0]).toMatchObject({ date: '2025-12-29', days: 4 });
    expect(graphs.inkConsumptionTrendResponse.at(-1)).toMatchObject({ date: '2026-03-30', days: 2 });
  });

  it('keeps to the selection and to the user scope', async () => {
    const query = 'week=2026-03-25&systemGroupType=DTG';
    const berlin = jobsIn(jobs, BERLIN_SERIALS.DTG, '2026-03-23', '2026-03-29');
    const scoped = await call<JobTotalDataCards>('total-data-cards', query, berlinReader);
    expect(scoped.totalProductionResponse.totalProduction).toBe(sum(berlin, (job) => job.impressions));
    const one = BERLIN_SERIALS.DTG[0];
    const selected = await call<JobTotalDataCards>('total-data-cards', query, reportAdmin, [one]);
    expect(selected.totalProductionResponse.totalProduction).toBe(
      sum(
        berlin.filter((job) => job.serial === one),
        (job) => job.impressions,
      ),
    );
  });

  it.each([
    ['an unknown group', 'week=2026-03-25&systemGroupType=Laser'],
    ['an invalid date', 'month=2026-02-30&systemGroupType=DTG'],
    ['two periods', 'week=2026-03-25&month=2026-03-01&systemGroupType=DTG'],
    ['no period', 'systemGroupType=DTG'],
    ['a custom range over 12 months', 'custom=2025-01-01/2026-03-01&systemGroupType=DTG'],
    ['a print mode outside 0–3', 'week=2026-03-25&systemGroupType=DTF&dtfFilterParameters.printModes=7'],
  ])('answers 400 for %s', async (_name, query) => {
    const response = await post('data-per-unit-cards', query);
    expect(response.statusCode, response.body).toBe(400);
    expect(response.json<{ message: string }>().message.length).toBeGreaterThan(0);
  });

  describe.each([
    'check-ink-consumption-per-job-file',
    'ink-consumption-per-job-file',
    'check-errors-and-maintenance-file',
    'errors-and-maintenance-file',
  ])('the download %s', (download) => {
    it.each([
      ['an unknown group', 'week=2026-03-25&systemGroupType=Laser'],
      ['an invalid date', 'week=2026-02-30&systemGroupType=DTG'],
      ['an invalid custom range', 'custom=2026-03-30/2026-03-28&systemGroupType=DTG'],
      ['no period', 'systemGroupType=DTG'],
    ])('answers 400 for %s, with no file', async (_name, query) => {
      const response = await post(download, query);
      expect(response.statusCode, response.body).toBe(400);
      expect(response.headers['content-disposition']).toBeUndefined();
    });
  });
});

describe('ink consumption per job download', () => {
  const dtfDay = { query: 'custom=2026-03-27/2026-03-27&systemGroupType=DTF', from: '2026-03-27', to: '2026-03-27' };

  it('answers 204 for a period without jobs and 205 above the limit', async () => {
    const empty = await post('check-ink-consumption-per-job-file', 'week=2025-06-04&systemGroupType=DTG');
    expect(empty.statusCode).toBe(204);
    // Every check tells the configured limit, for the client's limit texts.
    expect(empty.headers['export-row-limit']).toBe(String(INK_EXPORT_LIMIT));
    const week = jobsIn(jobs, REPORT_SERIALS.DTG, '2026-03-23', '2026-03-29');
    expect(week.length).toBeGreaterThan(INK_EXPORT_LIMIT);
    const tooMuch = await post('check-ink-consumption-per-job-file', 'week=2026-03-25&systemGroupType=DTG');
    expect(tooMuch.statusCode).toBe(205);
    expect(tooMuch.headers['export-row-limit']).toBe(String(INK_EXPORT_LIMIT));
    const file = await post('ink-consumption-per-job-file', 'week=2026-03-25&systemGroupType=DTG');
    expect(file.statusCode).toBe(205);
    expect(file.body).toBe('');
  });

  it("counts a check's jobs as the raw jobs, whole months from job_month", async () => {
    const periods: { query: Omit<JobsQuery, 'systemGroupType'>; from: string; to: string }[] = [
      { query: { week: '2026-03-25' }, from: '2026-03-23', to: '2026-03-29' },
      { query: { month: '2026-03-10' }, from: '2026-03-01', to: '2026-03-31' },
      { query: { quarter: '2026-02-14' }, from: '2026-01-01', to: '2026-03-31' },
      { query: { year: '2026-07-01' }, from: '2026-01-01', to: '2026-12-31' },
      { query: { custom: '2025-12-20/2026-03-27' }, from: '2025-12-20', to: '2026-03-27' },
    ];
    const scope = { tenantId: REPORT_TENANT, customerIds: [], siteIds: [], systemIds: [] };
    for (const group of ['DTG', 'DTF'] as const) {
      for (const period of periods) {
        const counted = await withTenant(h.database.db, REPORT_TENANT, async (db) => {
          const query = { ...period.query, systemGroupType: group };
          return inkPerJobExport(await openJobsContext(db, scope, query, [], new Date('2027-06-01'))).count();
        });
        const expected = jobsIn(jobs, REPORT_SERIALS[group], period.from, period.to).length;
        expect(expected, `${group} ${period.from}`).toBeGreaterThan(0);
        expect(counted, `${group} ${period.from}`).toBe(expected);
      }
    }
  });

  it('streams an XLSX whose rows are the jobs that ended in the period', async () => {
    const expected = jobsIn(jobs, REPORT_SERIALS.DTF, dtfDay.from, dtfDay.to);
    expect(expected.length).toBeGreaterThan(0);
    expect(expected.length).toBeLessThanOrEqual(INK_EXPORT_LIMIT);
    const check = await post('check-ink-consumption-per-job-file', dtfDay.query);
    expect(check.statusCode).toBe(200);
    expect(check.headers['export-row-limit']).toBe(String(INK_EXPORT_LIMIT));
    expect(check.json()).toEqual({ rows: expected.length });

    const file = await post('ink-consumption-per-job-file', dtfDay.query);
    expect(file.statusCode).toBe(200);
    expect(file.headers['content-disposition']).toBe(
      'attachment; filename="InkConsumptionPerJob_DTF_2026-03-27_2026-03-27.xlsx"',
    );
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.load(new Uint8Array(file.rawPayload).buffer);
    const sheet = workbook.worksheets[0];
    const header = (sheet?.getRow(1).values as unknown[]).slice(1);
    const rows = (sheet?.getSheetValues() ?? []).slice(2).map((row) => (row as unknown[]).slice(1));
    expect(rows).toHaveLength(expected.length);
    const column = (name: string) => rows.map((row) => Number(row[header.indexOf(name)]));
    close(
      sum(column('Impressions'), (value) => value),
      sum(expected, (job) => job.impressions),
    );
    for (const [colour, title] of [
      ['cyan', 'Cyan (ml)'],
      ['magenta', 'Magenta (ml)'],
      ['yellow', 'Yellow (ml)'],
      ['black', 'Black (ml)'],
      ['white', 'White (ml)'],
      ['fof', 'FOF (ml)'],
      ['softener', 'Softener (ml)'],
    ] as const) {
      close(
        sum(column(title), (value) => value),
        sum(expected, (job) => job.inkMl[colour] ?? 0),
      );
    }
    // Each row names its job's system, site and model and its times on the site's clock, date-times with their UTC
    // offsets, in the order the jobs ended.
    const cell = (row: unknown[], name: string) => row[header.indexOf(name)];
    const described = rows.map((row) =>
      [
        ...['System', 'Site', 'Model'].map((name) => String(cell(row, name))),
        dateTimeText(cell(row, 'Start time')),
        String(cell(row, 'Start UTC offset')),
        dateTimeText(cell(row, 'End time')),
        String(cell(row, 'End UTC offset')),
      ].join(' | '),
    );
    const byEnd = [...expected].sort(
      (a, b) => a.endedAt.getTime() - b.endedAt.getTime() || a.serial.localeCompare(b.serial),
    );
    expect(described).toEqual(
      byEnd.map((job) =>
        [job.serial, job.site, job.model, job.startedLocal, job.startedOffset, job.endedLocal, job.endedOffset].join(
          ' | ',
        ),
      ),
    );
  });

  it('checks and streams the errors and maintenance events that started in the period', async () => {
    const query = 'week=2026-03-25&systemGroupType=DTG';
    const events = (await rawEvents(h.database.db, REPORT_TENANT)).filter(
      (event) =>
        (REPORT_SERIALS.DTG as readonly string[]).includes(event.serial) &&
        event.day >= '2026-03-23' &&
        event.day <= '2026-03-29',
    );
    expect(events.length).toBeGreaterThan(0);
    const check = await post('check-errors-and-maintenance-file', query);
    expect(check.statusCode).toBe(200);
    expect(check.headers['export-row-limit']).toBe(String(EVENT_EXPORT_LIMIT));
    expect(check.json()).toEqual({ rows: events.length });
    const file = await post('errors-and-maintenance-file', query);
    expect(file.statusCode).toBe(200);
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.load(new Uint8Array(file.rawPayload).buffer);
    const rows = (workbook.worksheets[0]?.getSheetValues() ?? []).slice(2).map((row) => (row as unknown[])[1]);
    expect(rows.filter((kind) => kind === 'Error')).toHaveLength(events.filter((e) => e.kind === 'error').length);
    expect(rows).toHaveLength(events.length);
    // Each row's system, site, model and times on the site's clock, date-times with their UTC offsets (an event still
    // open has neither end nor its offset).
    const sheet = workbook.worksheets[0];
    const header = (sheet?.getRow(1).values as unknown[]).slice(1);
    const described = (sheet?.getSheetValues() ?? []).slice(2).map((values) => {
      const cell = (name: string) => (values as unknown[])[header.indexOf(name) + 1];
      const end = cell('End time');
      return [
        ...['System', 'Site', 'Model'].map((name) => String(cell(name))),
        dateTimeText(cell('Start time')),
        String(cell('Start UTC offset')),
        end === undefined ? '' : dateTimeText(end),
        String(cell('End UTC offset') ?? ''),
      ].join(' | ');
    });
    expect(described.sort()).toEqual(
      events
        .map((e) =>
          [e.serial, e.site, e.model, e.startedLocal, e.startedOffset, e.endedLocal ?? '', e.endedOffset ?? ''].join(
            ' | ',
          ),
        )
        .sort(),
    );
  });
});
