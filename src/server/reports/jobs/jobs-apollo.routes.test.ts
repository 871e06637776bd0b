import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type {
  JobCycleTimeKpis,
  JobDataPerUnitCards,
  JobSummary,
  JobTotalDataCards,
  JobTotalImpressions,
} from '../../../shared/contract/jobs.contract.ts';
import { createApiTestHarness, type ApiTestHarness } from '../../testing/api-test-harness.ts';
import { APOLLO_SERIALS, APOLLO_TENANT, apolloAdmin, seedApolloFleet } from '../../testing/apollo-test-fleet.ts';
import { jobsIn, rawEvents, rawJobs, sum, totalInk, type RawJob } from '../../testing/raw-jobs.ts';

/**
 * Issue 12 for Apollo: its Jobs Analysis numbers equal an independent computation from the raw jobs of simulated Apollo
 * printers (testing/raw-jobs.ts; docs/kpi-glossary.md "Cycle time per impression", "Average process time"): production
 * in impressions, the cycle-time KPIs, the size categories of the job summary and the `apolloFilterParameters.sizes`
 * selection; and the errors-and-maintenance download's 205 above its (here tiny) row limit.
 */

const EVENT_EXPORT_LIMIT = 1;

const PERIODS = [
  {
    name: 'a week',
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
    name: 'a custom range across the year end',
    query: 'custom=2025-12-30/2026-01-01',
    from: '2025-12-30',
    to: '2026-01-01',
    previous: { from: '2025-12-27', to: '2025-12-29' },
  },
  {
    name: '2026',
    query: 'year=2026-07-01',
    from: '2026-01-01',
    to: '2026-12-31',
    previous: { from: '2025-01-01', to: '2025-12-31' },
  },
];

let h: ApiTestHarness;
let jobs: RawJob[];

beforeAll(async () => {
  // Every period here is over (a year in progress would be compared up to today's date: glossary "Change and trend").
  h = await createApiTestHarness({
    clock: () => new Date('2027-06-01T00:00:00Z'),
    env: { PORTAL_EXPORT_EVENT_ROWS: String(EVENT_EXPORT_LIMIT) },
  });
  await seedApolloFleet(h.database.db, '2026-03-20', '2026-03-31');
  await seedApolloFleet(h.database.db, '2025-12-26', '2026-01-01', { users: false });
  jobs = await rawJobs(h.database.db, APOLLO_TENANT);
}, 300_000);

afterAll(async () => {
  await h.close();
});

async function post(name: string, query: string) {
  return h.app.inject({
    method: 'POST',
    url: `/api/job-analysis-report/${name}?${query}`,
    headers: { authorization: await h.bearer(apolloAdmin) },
    payload: { systems: [] },
  });
}

async function call<T>(name: string, query: string): Promise<T> {
  const response = await post(name, query);
  expect(response.statusCode, response.body).toBe(200);
  return response.json<T>();
}

const close = (actual: number, expected: number) => expect(actual).toBeCloseTo(expected, 6);
const impressionsOf = (list: readonly RawJob[]) => sum(list, (job) => job.impressions);
const secondsOf = (list: readonly RawJob[]) => sum(list, (job) => job.printSeconds);
/** Glossary "Cycle time per impression": Σ (end − start) / N; 0 without impressions. */
const cycleTime = (list: readonly RawJob[]) => (impressionsOf(list) > 0 ? secondsOf(list) / impressionsOf(list) : 0);
/** Glossary "Average process time": Σ (end − start) / J; 0 without jobs. */
const processTime = (list: readonly RawJob[]) => (list.length > 0 ? secondsOf(list) / list.length : 0);

describe.each(PERIODS)('Apollo Jobs Analysis for $name', (test) => {
  const query = `${test.query}&systemGroupType=Apollo`;
  const now = () => jobsIn(jobs, APOLLO_SERIALS, test.from, test.to);
  const before = () => jobsIn(jobs, APOLLO_SERIALS, test.previous.from, test.previous.to);

  it('total-data-cards: impressions and printing time', async () => {
    expect(now().length).toBeGreaterThan(0);
    const cards = await call<JobTotalDataCards>('total-data-cards', query);
    expect(cards.totalProductionResponse.totalProduction).toBe(impressionsOf(now()));
    expect(cards.totalProductionResponse.previous).toBe(impressionsOf(before()));
    close(cards.totalPrintingTimeResponse.totalPrintingTimeSeconds, secondsOf(now()));
  });

  it('cycle-time-KPIs: seconds per impression, per bucket, and the average process time per job', async () => {
    const kpis = await call<JobCycleTimeKpis>('cycle-time-KPIs', query);
    close(kpis.cycleTimePerImpressionResponse.value, cycleTime(now()));
    close(kpis.cycleTimePerImpressionResponse.previous, cycleTime(before()));
    close(kpis.averageProcessTimeResponse.averageProcessTimeSeconds, processTime(now()));
    close(kpis.averageProcessTimeResponse.previous, processTime(before()));
    const first = kpis.cycleTimePerImpressionResponse.records[0];
    if (first !== undefined && first.granularity === 'day') {
      close(first.value, cycleTime(jobsIn(jobs, APOLLO_SERIALS, first.date, first.date)));
    }
  });

  it('job-summary: the size categories with their impressions', async () => {
    const summary = await call<JobSummary>('job-summary', query);
    for (const size of ['Small', 'Medium', 'Large'] as const) {
      const ofSize = now().filter((job) => job.size === size);
      const short = summary.jobSummaryDataShort.find((entry) => entry.sizeCategory === size);
      expect(short?.numberOfImpressions).toBe(impressionsOf(ofSize));
      const card = summary.jobSummaryData.find((entry) => entry.sizeCategory === size);
      expect(card?.numberOfJobs).toBe(ofSize.length);
      close(card?.totalInk ?? 0, sum(ofSize, totalInk));
    }
    expect(summary.printModes).toEqual([]);
    expect(summary.dtFilmData).toBeNull();
  });

  it('keeps to the selected size categories (apolloFilterParameters.sizes)', async () => {
    const selected = (list: readonly RawJob[]) => list.filter((job) => job.size !== 'Small');
    const filter = 'apolloFilterParameters.sizes=Medium&apolloFilterParameters.sizes=Large';
    const impressions = await call<JobTotalImpressions>('total-impressions', `${query}&${filter}`);
    expect(impressions.totalImpressions.value).toBe(impressionsOf(selected(now())));
    const kpis = await call<JobCycleTimeKpis>('cycle-time-KPIs', `${query}&${filter}`);
    close(kpis.cycleTimePerImpressionResponse.value, cycleTime(selected(now())));
    close(kpis.averageProcessTimeResponse.averageProcessTimeSeconds, processTime(selected(now())));
    const perUnit = await call<JobDataPerUnitCards>('data-per-unit-cards', `${query}&${filter}`);
    const units = impressionsOf(selected(now()));
    close(perUnit.inkConsumptionPerUnitResponse.value, units > 0 ? sum(selected(now()), totalInk) / units : 0);
    // The DTG parameter is not Apollo's: it filters nothing here.
    const other = await call<JobTotalImpressions>('total-impressions', `${query}&dtgFilterParameters.sizes=Small`);
    expect(other.totalImpressions.value).toBe(impressionsOf(now()));
  });
});

describe('errors and maintenance download of Apollo', () => {
  it(`answers 205 above its row limit (${EVENT_EXPORT_LIMIT} here), with no file, and 204 for a period without events`, async () => {
    const events = (await rawEvents(h.database.db, APOLLO_TENANT)).filter(
      (event) => event.day >= '2026-03-23' && event.day <= '2026-03-29',
    );
    expect(events.length).toBeGreaterThan(EVENT_EXPORT_LIMIT);
    const query = 'week=2026-03-25&systemGroupType=Apollo';
    expect((await post('check-errors-and-maintenance-file', query)).statusCode).toBe(205);
    const file = await post('errors-and-maintenance-file', query);
    expect(file.statusCode).toBe(205);
    expect(file.body).toBe('');
    expect((await post('check-errors-and-maintenance-file', 'week=2025-06-04&systemGroupType=Apollo')).statusCode).toBe(
      204,
    );
  });
});
