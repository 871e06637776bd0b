import { sql, type Kysely } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { PortalDatabase } from '../db/database.ts';
import type { Database } from '../db/schema.ts';
import { openTestDatabase } from '../db/test-database.ts';
import { DEMO_TENANTS } from '../fixtures/demo-tenants.ts';
import { planFleet, type FleetPlan } from '../simulator/fleet-plan.ts';
import { simulateHistory } from '../simulator/simulate.ts';
import { deletePlannedDays, deletePlannedHours, insertPlannedHours, type HourRange } from './planned-hours.sql.ts';

/**
 * The planned-hours INSERT stays linear in the planned hours however stale the planner's statistics are (issue #29,
 * docs/benchmarks.md "session 16"). The case that went quadratic: a tenant whose rollups the last ANALYZE never saw
 * (a bulk fill's first flush, a new tenant's first days) — the statistics say it has no system_hour rows, so the
 * planner looped over the planned hours and read all the tenant's system_hour rows for each (over 13 minutes for 100
 * of Sunrise's 660 Apollo printers × 14 days). Checked without a clock: from the statement's own EXPLAIN ANALYZE, the
 * system_hour rows it reads must not outnumber the planned hours it writes (one index probe each, at most one row).
 *
 * Northwind's printers are filled and ANALYZEd first, then Sunrise's (Apollo, a night shift across midnight at the
 * Shanghai site) are filled in bulk with no ANALYZE in between, as the 2,000-printer build did; autovacuum is off for
 * the test database's tables on PostgreSQL, so no background ANALYZE freshens the statistics meanwhile.
 */

const SUNRISE = DEMO_TENANTS.apollo.id;
const DAYS = { from: '2026-11-02', to: '2026-11-04' };
const HOUR_MS = 3_600_000;

let database: PortalDatabase;
const db = (): Kysely<Database> => database.db;

/** The plan with only the systems of one customer (the reference rows of every tenant stay: provisioning skips them). */
function onlyCustomer(plan: FleetPlan, customerId: string): FleetPlan {
  return { ...plan, systems: plan.systems.filter((system) => system.customerId === customerId) };
}

interface PlanNode {
  'Node Type': string;
  'Relation Name'?: string;
  'Actual Rows': number;
  'Actual Loops': number;
  'Rows Removed by Filter'?: number;
  'Rows Removed by Join Filter'?: number;
  Plans?: PlanNode[];
}

function* nodesOf(node: PlanNode): Generator<PlanNode> {
  yield node;
  for (const child of node.Plans ?? []) yield* nodesOf(child);
}

/** Rows a scan node read over all its loops: those it returned and those its filter dropped. */
const rowsRead = (node: PlanNode) =>
  (node['Actual Rows'] + (node['Rows Removed by Filter'] ?? 0)) * node['Actual Loops'];

/** The whole span of every Sunrise printer, as for a new printer or a changed calendar (keepPlannedHours). */
async function wholeSpans(): Promise<HourRange[]> {
  const { rows: spans } = await sql<{ system_id: string; first_hour: Date; data_end: Date }>`
    SELECT system_id, first_hour, data_end FROM planned_spans WHERE tenant_id = ${SUNRISE}`.execute(db());
  expect(spans.length).toBeGreaterThanOrEqual(8);
  return spans.map((span) => ({
    systemId: span.system_id,
    from: span.first_hour.getTime(),
    to: Math.ceil(span.data_end.getTime() / HOUR_MS) * HOUR_MS + HOUR_MS,
  }));
}

/** The plan of `statement` run under EXPLAIN ANALYZE in a transaction that is rolled back. */
async function explainedAndRolledBack(statement: ReturnType<typeof deletePlannedHours>): Promise<PlanNode> {
  let plan: PlanNode | undefined;
  const rolledBack = new Error('rolled back');
  await expect(
    db()
      .transaction()
      .execute(async (trx) => {
        const { rows } = await sql<{ 'QUERY PLAN': unknown }>`EXPLAIN (ANALYZE, FORMAT JSON) ${statement}`.execute(trx);
        const json = rows[0]?.['QUERY PLAN'];
        plan = ((typeof json === 'string' ? JSON.parse(json) : json) as [{ Plan: PlanNode }])[0].Plan;
        throw rolledBack;
      }),
  ).rejects.toBe(rolledBack);
  return plan!;
}

/** Rows the plan's scans of `table` read, over all loops (the DELETE's own node reads none). */
const readsOf = (plan: PlanNode, table: string) =>
  [...nodesOf(plan)]
    .filter((node) => node['Relation Name'] === table && node['Node Type'] !== 'ModifyTable')
    .reduce((sum, node) => sum + rowsRead(node), 0);

beforeAll(async () => {
  database = await openTestDatabase();
  if (database.kind === 'postgres') {
    for (const table of ['system_hour', 'planned_spans', 'planned_hour', 'planned_day', 'shift_targets', 'systems']) {
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

describe('the planned-hours INSERT under statistics that have not seen the tenant', () => {
  it('reads at most one system_hour row per planned hour it writes', async () => {
    const ranges = await wholeSpans();
    const measured = await db()
      .transaction()
      .execute(async (trx) => {
        const { rows: before } = await sql<{ hours: number }>`SELECT count(*)::int AS hours FROM planned_hour
          WHERE tenant_id = ${SUNRISE}`.execute(trx);
        await sql`DELETE FROM planned_hour WHERE tenant_id = ${SUNRISE}`.execute(trx);
        const { rows } = await sql<{ 'QUERY PLAN': unknown }>`EXPLAIN (ANALYZE, FORMAT JSON)
          ${insertPlannedHours(SUNRISE, ranges)}`.execute(trx);
        const { rows: after } = await sql<{ hours: number }>`SELECT count(*)::int AS hours FROM planned_hour
          WHERE tenant_id = ${SUNRISE}`.execute(trx);
        const json = rows[0]?.['QUERY PLAN'];
        const [explained] = (typeof json === 'string' ? JSON.parse(json) : json) as [{ Plan: PlanNode }];
        return { before: before[0]?.hours ?? 0, after: after[0]?.hours ?? 0, plan: explained.Plan };
      });

    // The same rows as the bulk flush wrote, and enough of them for a quadratic plan to show.
    expect(measured.after).toBe(measured.before);
    expect(measured.after).toBeGreaterThan(300);
    const systemHourReads = [...nodesOf(measured.plan)]
      .filter((node) => node['Relation Name'] === 'system_hour')
      .reduce((sum, node) => sum + rowsRead(node), 0);
    expect(systemHourReads).toBeGreaterThan(0);
    expect(systemHourReads).toBeLessThanOrEqual(measured.after);
  });
});

/**
 * The DELETEs of a recomputation (planned_hour of the ranges, planned_day of their days) join the ranges to the table.
 * The INSERT's pathology would be a loop over the ranges with a scan of all the tenant's rows inside — ranges × rows.
 * Under the same statistics they read each row at most once (a key probe per range, or one pass over the table:
 * checked 2026-11-29 on PGlite and PostgreSQL, docs/benchmarks.md session 17); this keeps them there.
 */
describe('the planned-hours DELETEs under statistics that have not seen the tenant', () => {
  for (const [table, statement] of [
    ['planned_hour', deletePlannedHours],
    ['planned_day', deletePlannedDays],
  ] as const) {
    it(`read each ${table} row at most once, not once per range`, async () => {
      const ranges = await wholeSpans();
      const { rows } = await sql<{ all: number; sunrise: number }>`SELECT count(*)::int AS all,
          (count(*) FILTER (WHERE tenant_id = ${SUNRISE}))::int AS sunrise
        FROM ${sql.table(table)}`.execute(db());
      const counts = rows[0]!;
      // Enough of Sunrise's rows and ranges that a scan per range would read several times the table.
      expect(counts.sunrise * ranges.length).toBeGreaterThan(3 * counts.all);
      const plan = await explainedAndRolledBack(statement(SUNRISE, ranges));
      expect(readsOf(plan, table)).toBeGreaterThanOrEqual(counts.sunrise);
      expect(readsOf(plan, table)).toBeLessThanOrEqual(counts.all);
    });
  }
});
