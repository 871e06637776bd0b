import { sql, type RawBuilder } from 'kysely';
import { describe, expect, it } from 'vitest';
import { JOB_SIZES, type JobsQuery } from '../../../shared/contract/jobs.contract.ts';
import { DEMO_TENANTS } from '../../fixtures/demo-tenants.ts';
import {
  explainedAndRolledBack,
  type IndexScanNode,
  nodesOf,
  type PlanNode,
  readsOf,
  statementOf,
  UNSEEN_TENANT,
  useUnseenTenantDatabase,
} from '../../testing/unseen-tenant-plans.ts';
import type { SelectedSystem } from '../common/measure-rows.ts';
import { inkPerJobExport } from './job-exports.ts';
import { loadJobMeasures, loadJobTotals } from './job-measures.ts';
import { openJobsContext, type JobsContext } from './jobs-context.ts';

/**
 * What keeps the Jobs Analysis reads fast on the 2,000-printer year (issue #29, docs/benchmarks.md session 20) shows in
 * no answer, only in the rows a statement reads: a period in progress reads the rollups up to the day before the latest
 * cut day, whole sites read site_group_day where that is fewer rows than their systems' rows, and the ink check of the
 * export reads job_month's whole months. Checked from each statement's EXPLAIN ANALYZE as the API runs it (its role's
 * row-level security), with sequential scans off (the test's tables are a few pages, where a fleet's size makes every
 * read an index range). Which rollups a statement reads is its own choice, so the tests count their rows; how a join
 * reads them is the planner's (a few pages: all the tenant's rows of the days and a hash join, or a lossy BRIN range),
 * so the read bound is checked where it acts, in the index conditions, and by the rows read: none after it. Both
 * tenants of the plan tests' setting (src/server/testing/unseen-tenant-plans.ts): Northwind's DTG printers (Berlin 5,
 * Newark 4) under statistics that have seen them, Sunrise's Apollo printers (León 4, Shanghai 5) under statistics that
 * have not.
 */

const database = useUnseenTenantDatabase(['system_day', 'site_group_day', 'job_day', 'system_month', 'job_month']);

const TENANTS = [
  ['a tenant the statistics have seen', DEMO_TENANTS.main.id, 'DTG'],
  ['a tenant the statistics have not seen', UNSEEN_TENANT, 'Apollo'],
] as const;

/** Long after the simulated days: every period is over. */
const LATER = new Date('2027-06-01T00:00:00Z');

async function contextOf(tenantId: string, query: JobsQuery, now: Date): Promise<JobsContext> {
  const scope = { tenantId, customerIds: [], siteIds: [], systemIds: [] };
  return openJobsContext(database.db, scope, query, [], now);
}

/** The plan of the statement `read` sends for `context`, as the API runs it. */
async function planOf(context: JobsContext, read: (context: JobsContext) => Promise<unknown>): Promise<PlanNode> {
  const statement = await statementOf(database.db, (db) => read({ ...context, db }));
  return explainedAndRolledBack(database.db, statement, { seqscanOff: true, asTenant: context.tenantId });
}

/** The rows of a rollup that `where` holds. */
async function rowsOf(table: string, where: RawBuilder<unknown>): Promise<number> {
  const { rows } = await sql<{ rows: number }>`SELECT count(*)::int AS rows FROM ${sql.table(table)}
    WHERE ${where}`.execute(database.db);
  return rows[0]?.rows ?? 0;
}

/** A rollup's rows of `systems` (site_group_day: of their sites, in the context's group) from `from` to `to`. */
function ofSystems(table: string, context: JobsContext, systems: readonly SelectedSystem[], from: string, to: string) {
  const day = sql.ref(table.endsWith('_month') ? 'month_start' : 'local_day');
  const keys =
    table === 'site_group_day'
      ? sql`site_id = ANY(${[...new Set(systems.map((system) => system.siteId))]}::text[])
          AND system_group = ${context.group}`
      : sql`system_id = ANY(${systems.map((system) => system.id)}::text[])`;
  return sql`tenant_id = ${context.tenantId} AND ${keys} AND ${day} BETWEEN ${from}::date AND ${to}::date`;
}

/** Every system but the last of each site: no site is whole. */
function allButOneOfEachSite(systems: readonly SelectedSystem[]): SelectedSystem[] {
  return systems.filter((system) => system !== systems.findLast((other) => other.siteId === system.siteId));
}

/**
 * Tuesday 2026-11-10 in the early hours at every site (Berlin 09:00, Newark 03:00, León 02:00, Shanghai 16:00): the
 * week in progress is compared with the week before read up to the same time of its Tuesday, 2026-11-03, the latest cut
 * day (its rows are the raw rows of the day up to the cut), after which the simulated days (2026-11-02 to 04) hold rows.
 */
const TUESDAY = new Date('2026-11-10T08:00:00Z');
const LATEST_CUT_DAY = '2026-11-03';
const LAST_ROLLUP_DAY = '2026-11-02';

/** The last day of the index ranges of the plan's scans of `table`: `local_day <= …` of each one's index condition. */
function lastDaysRead(plan: PlanNode, table: string): (string | undefined)[] {
  return [...nodesOf(plan)]
    .map((node): IndexScanNode => node)
    .filter((node) => node['Index Name']?.startsWith(`${table}_`))
    .map((node) => /\(local_day <= '(\d{4}-\d{2}-\d{2})'::date\)/.exec(node['Index Cond'] ?? '')?.[1]);
}

describe('a period in progress: the rollups read up to the day before the latest cut day', () => {
  for (const [tenant, tenantId, group] of TENANTS) {
    for (const [selection, table, source, pick] of [
      ['every system (both sites whole)', 'site_group_day', 'systemDay', (systems: SelectedSystem[]) => systems],
      ['no site whole', 'system_day', 'systemDay', allButOneOfEachSite],
      ['every system by size', 'job_day', 'jobDay', (systems: SelectedSystem[]) => systems],
    ] as const) {
      it(`reads no ${table} row from the latest cut day on: ${tenant}, ${selection}`, async () => {
        const opened = await contextOf(tenantId, { week: '2026-11-10', systemGroupType: group }, TUESDAY);
        const context = { ...opened, systems: pick(opened.systems) };
        const { startDay, endDay } = context.previousPeriod;
        // Rows of the selection from the cut day on, which a statement reading the whole period reads to drop them.
        const fromCutDay = await rowsOf(table, ofSystems(table, context, context.systems, LATEST_CUT_DAY, endDay));
        expect(fromCutDay).toBeGreaterThan(0);
        const readDays = sql`local_day BETWEEN ${startDay}::date AND ${LAST_ROLLUP_DAY}::date`;

        const filter = source === 'jobDay' ? { sizes: JOB_SIZES } : null;
        const plan = await planOf(context, (c) => loadJobTotals(c, c.previousPeriod, c.cuts.previous, filter, source));
        const lastDays = lastDaysRead(plan, table);
        expect(lastDays.length).toBeGreaterThan(0);
        for (const lastDay of lastDays)
          expect(lastDay, 'the index range ends before the cut day').toBe(LAST_ROLLUP_DAY);
        // Whichever way the planner joins them (any tenant's rows of those days at most), no row from the cut day on.
        expect(readsOf(plan, table)).toBeGreaterThan(0);
        expect(readsOf(plan, table)).toBeLessThanOrEqual(await rowsOf(table, readDays));
      });
    }
  }
});

describe('whole sites read from site_group_day where that is fewer rows than their systems', () => {
  for (const [tenant, tenantId, group] of TENANTS) {
    it(`reads a whole site's week from site_group_day, its year from its systems' month rows: ${tenant}`, async () => {
      const week = await contextOf(tenantId, { week: '2026-11-04', systemGroupType: group }, LATER);
      const { startDay, endDay } = week.period;
      const siteRows = await rowsOf(
        'site_group_day',
        ofSystems('site_group_day', week, week.systems, startDay, endDay),
      );
      expect(siteRows).toBeGreaterThan(0);
      // Every system of both sites: the week's totals and day buckets read a row per site and day, none per system.
      for (const read of [
        (c: JobsContext) => loadJobTotals(c, c.period, c.cuts.current, null),
        (c: JobsContext) => loadJobMeasures(c, c.period, 'day', null),
      ]) {
        const plan = await planOf(week, read);
        expect(readsOf(plan, 'system_day')).toBe(0);
        expect(readsOf(plan, 'site_group_day')).toBeGreaterThanOrEqual(siteRows);
      }
      // One site whole, the other not: the whole one still by site.
      const [whole, other] = [...new Set(week.systems.map((system) => system.siteId))].sort();
      const mixed = {
        ...week,
        systems: [
          ...week.systems.filter((system) => system.siteId === whole),
          ...allButOneOfEachSite(week.systems).filter((system) => system.siteId === other),
        ],
      };
      const wholeSite = mixed.systems.filter((system) => system.siteId === whole);
      const plan = await planOf(mixed, (c) => loadJobTotals(c, c.period, c.cuts.current, null));
      expect(readsOf(plan, 'site_group_day')).toBeGreaterThanOrEqual(
        await rowsOf('site_group_day', ofSystems('site_group_day', mixed, wholeSite, startDay, endDay)),
      );
      expect(readsOf(plan, 'system_day')).toBeGreaterThan(0);

      // A year: 365 site rows against 12 month rows a system (4 or 5 systems a site), so by system.
      const year = await contextOf(tenantId, { year: '2026-07-01', systemGroupType: group }, LATER);
      const monthRows = await rowsOf(
        'system_month',
        ofSystems('system_month', year, year.systems, '2026-01-01', '2026-12-01'),
      );
      expect(monthRows).toBeGreaterThan(0);
      const yearPlan = await planOf(year, (c) => loadJobTotals(c, c.period, c.cuts.current, null));
      expect(readsOf(yearPlan, 'site_group_day')).toBe(0);
      expect(readsOf(yearPlan, 'system_month')).toBeGreaterThanOrEqual(monthRows);
    });
  }
});

describe("the ink-per-job check's count of a year-long range", () => {
  for (const [tenant, tenantId, group] of TENANTS) {
    for (const [range, query, months] of [
      ['a year', { year: '2026-07-01' }, { from: '2026-01-01', to: '2026-12-01' }],
      ['twelve whole months', { custom: '2025-12-01/2026-11-30' }, { from: '2025-12-01', to: '2026-11-01' }],
    ] as const) {
      it(`reads job_month's whole months, no job_day row: ${tenant}, ${range}`, async () => {
        const context = await contextOf(tenantId, { ...query, systemGroupType: group }, LATER);
        const monthRows = await rowsOf(
          'job_month',
          ofSystems('job_month', context, context.systems, months.from, months.to),
        );
        expect(monthRows).toBeGreaterThan(0);
        const plan = await planOf(context, (c) => inkPerJobExport(c).count());
        expect(readsOf(plan, 'job_day')).toBe(0);
        expect(readsOf(plan, 'job_month')).toBeGreaterThanOrEqual(monthRows);
      });
    }
  }
});
