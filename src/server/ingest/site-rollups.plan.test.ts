import { sql, type Kysely } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { PortalDatabase } from '../db/database.ts';
import type { Database } from '../db/schema.ts';
import { openTestDatabase } from '../db/test-database.ts';
import { DEMO_TENANTS } from '../fixtures/demo-tenants.ts';
import { planFleet, type FleetPlan } from '../simulator/fleet-plan.ts';
import { simulateHistory } from '../simulator/simulate.ts';
import type { DayKey } from './rollup-keys.ts';
import { siteDayRollup, siteHourRollup } from './site-rollups.sql.ts';

/**
 * The site rollups read each system rollup row of their site-days once, however stale the planner's statistics are
 * (docs/benchmarks.md, session 17). Read by tenant and day alone, each site-day scanned all of the tenant's system_hour
 * rows when the last ANALYZE had not seen the tenant (a bulk fill's first flush, a new tenant): 2.8 s instead of 0.23 s
 * for 109 printers × 14 days, and growing with the tenant's whole history. Checked without a clock, from the
 * statements' EXPLAIN ANALYZE: the system rollup rows read must not outnumber those of the site-days.
 *
 * As in planned-hours.plan.test.ts: Northwind's printers are filled and ANALYZEd first, then Sunrise's in bulk with no
 * ANALYZE in between (autovacuum off for these tables on PostgreSQL).
 */

const SUNRISE = DEMO_TENANTS.apollo.id;
const DAYS = { from: '2026-11-02', to: '2026-11-04' };

let database: PortalDatabase;
const db = (): Kysely<Database> => database.db;

const onlyCustomer = (plan: FleetPlan, customerId: string): FleetPlan => ({
  ...plan,
  systems: plan.systems.filter((system) => system.customerId === customerId),
});

interface PlanNode {
  'Relation Name'?: string;
  'Node Type': string;
  'Actual Rows': number;
  'Actual Loops': number;
  'Rows Removed by Filter'?: number;
  Plans?: PlanNode[];
}

function* nodesOf(node: PlanNode): Generator<PlanNode> {
  yield node;
  for (const child of node.Plans ?? []) yield* nodesOf(child);
}

/** Rows the plan's scans of `table` read over all their loops: returned and dropped by their filter. */
const readsOf = (plan: PlanNode, table: string) =>
  [...nodesOf(plan)]
    .filter((node) => node['Relation Name'] === table && node['Node Type'] !== 'ModifyTable')
    .reduce(
      (sum, node) => sum + (node['Actual Rows'] + (node['Rows Removed by Filter'] ?? 0)) * node['Actual Loops'],
      0,
    );

/**
 * The plan of `statement` run under EXPLAIN ANALYZE in a transaction that is rolled back, with sequential scans off: the
 * test's tables are a few pages, where a scan per site-day is the planner's right choice; at a fleet's size it is an
 * index, and which key prefix the index scan uses is what this checks.
 */
async function explainedAndRolledBack(statement: ReturnType<typeof siteDayRollup>): Promise<PlanNode> {
  let plan: PlanNode | undefined;
  const rolledBack = new Error('rolled back');
  await expect(
    db()
      .transaction()
      .execute(async (trx) => {
        await sql`SET LOCAL enable_seqscan = off`.execute(trx);
        const { rows } = await sql<{ 'QUERY PLAN': unknown }>`EXPLAIN (ANALYZE, FORMAT JSON) ${statement}`.execute(trx);
        const json = rows[0]?.['QUERY PLAN'];
        plan = ((typeof json === 'string' ? JSON.parse(json) : json) as [{ Plan: PlanNode }])[0].Plan;
        throw rolledBack;
      }),
  ).rejects.toBe(rolledBack);
  return plan!;
}

beforeAll(async () => {
  database = await openTestDatabase();
  if (database.kind === 'postgres') {
    for (const table of ['system_hour', 'system_day', 'site_group_hour', 'site_group_day', 'systems']) {
      await sql`ALTER TABLE ${sql.table(table)} SET (autovacuum_enabled = false)`.execute(db());
    }
  }
  const plan = planFleet({ seed: 1, systems: 24, tenants: 2 });
  await simulateHistory(db(), onlyCustomer(plan, 'northwind'), DAYS);
  await sql`ANALYZE`.execute(db());
  await simulateHistory(db(), onlyCustomer(plan, 'sunrise'), { ...DAYS, deferRollupsDays: 3 });
}, 120_000);

afterAll(async () => {
  await database.close();
});

describe('the site rollups under statistics that have not seen the tenant', () => {
  for (const [target, source, statement] of [
    ['site_group_hour', 'system_hour', siteHourRollup],
    ['site_group_day', 'system_day', siteDayRollup],
  ] as const) {
    it(`${target} reads each ${source} row of the site-days once`, async () => {
      const { rows: days } = await sql<{ system_id: string; local_day: string }>`
        SELECT system_id, local_day::text FROM system_day WHERE tenant_id = ${SUNRISE}`.execute(db());
      const keys: DayKey[] = days.map((day) => ({ systemId: day.system_id, localDay: day.local_day }));
      const { rows } = await sql<{ rows: number }>`SELECT count(*)::int AS rows FROM ${sql.table(source)}
        WHERE tenant_id = ${SUNRISE}`.execute(db());
      const sourceRows = rows[0]?.rows ?? 0;
      // Several site-days (Sunrise's sites and groups × 3 days), so a scan of the tenant per site-day shows.
      expect(new Set(keys.map((key) => key.localDay)).size).toBeGreaterThanOrEqual(3);
      expect(sourceRows).toBeGreaterThan(20);
      const plan = await explainedAndRolledBack(statement(SUNRISE, keys));
      expect(readsOf(plan, source)).toBe(sourceRows);
    });
  }
});
