import { createQueryId, createRawBuilder, RawNode, sql, type Kysely, type KyselyPlugin, type RawBuilder } from 'kysely';
import { afterAll, beforeAll, expect } from 'vitest';
import type { PortalDatabase } from '../db/database.ts';
import type { SystemGroup } from '../../shared/system-group.ts';
import type { Database } from '../db/schema.ts';
import { API_ROLE } from '../db/tenant-scope.ts';
import { openTestDatabase } from '../db/test-database.ts';
import { DEMO_TENANTS } from '../fixtures/demo-tenants.ts';
import { planFleet, type FleetPlan } from '../simulator/fleet-plan.ts';
import { simulateHistory } from '../simulator/simulate.ts';

/**
 * The plan tests' setting: a tenant whose rows the planner's statistics have never seen (a bulk fill's first flush, a
 * new tenant's first days), the case where a statement read by tenant alone loops over all the tenant's rows per key
 * (docs/benchmarks.md, sessions 16 and 17). Checked without a clock, from the statements' own EXPLAIN ANALYZE.
 */

/** The tenant the statistics have not seen: Sunrise (Apollo, a night shift across midnight at the Shanghai site). */
export const UNSEEN_TENANT = DEMO_TENANTS.apollo.id;

/** The days simulated for both tenants. */
export const UNSEEN_DAYS = { from: '2026-11-02', to: '2026-11-04' } as const;

/** A node of `EXPLAIN (ANALYZE, FORMAT JSON)`: the fields the plan tests read. */
export interface PlanNode {
  'Node Type': string;
  'Relation Name'?: string;
  'Actual Rows': number;
  'Actual Loops': number;
  'Rows Removed by Filter'?: number;
  Plans?: PlanNode[];
}

/** The fields of an index scan's node (a plain or bitmap index scan; the latter names only its index). */
export type IndexScanNode = PlanNode & { 'Index Name'?: string; 'Index Cond'?: string };

/** The node and all its descendants, depth first. */
export function* nodesOf(node: PlanNode): Generator<PlanNode> {
  yield node;
  for (const child of node.Plans ?? []) yield* nodesOf(child);
}

/** Rows a scan node read over all its loops: those it returned and those its filter dropped. */
export const rowsRead = (node: PlanNode): number =>
  (node['Actual Rows'] + (node['Rows Removed by Filter'] ?? 0)) * node['Actual Loops'];

/** Rows the plan's scans of `table` read, over all loops (an INSERT's or DELETE's own node reads none). */
export const readsOf = (plan: PlanNode, table: string): number =>
  [...nodesOf(plan)]
    .filter((node) => node['Relation Name'] === table && node['Node Type'] !== 'ModifyTable')
    .reduce((sum, node) => sum + rowsRead(node), 0);

/** The tenant's system group with the most systems. */
export async function largestGroup(db: Kysely<Database>, tenantId: string): Promise<SystemGroup> {
  const largest = sql<{ system_group: SystemGroup }>`SELECT system_group FROM systems WHERE tenant_id = ${tenantId}
    GROUP BY system_group ORDER BY count(*) DESC, system_group LIMIT 1`;
  const { rows } = await largest.execute(db);
  const group = rows[0]?.system_group;
  if (group === undefined) throw new Error(`no systems in ${tenantId}`);
  return group;
}

/** The plan with only the systems of one customer (the reference rows of every tenant stay: provisioning skips them). */
export function onlyCustomer(plan: FleetPlan, customerId: string): FleetPlan {
  return { ...plan, systems: plan.systems.filter((system) => system.customerId === customerId) };
}

/** Runs `statement` under EXPLAIN ANALYZE on `executor` (it does run: inside a transaction to roll back, for a write). */
export async function explainedAnalyzed(executor: Kysely<Database>, statement: RawBuilder<unknown>): Promise<PlanNode> {
  const { rows } = await sql<{ 'QUERY PLAN': unknown }>`EXPLAIN (ANALYZE, FORMAT JSON) ${statement}`.execute(executor);
  const json = rows[0]?.['QUERY PLAN'];
  // PGlite answers the JSON plan as text, PostgreSQL (pg) parsed.
  const [explained] = (typeof json === 'string' ? JSON.parse(json) : json) as [{ Plan: PlanNode }];
  return explained.Plan;
}

/** The statement `read` sends on `db` (its first), caught before it runs: to explain a report's read as it sends it. */
export async function statementOf(
  db: Kysely<Database>,
  read: (db: Kysely<Database>) => Promise<unknown>,
): Promise<RawBuilder<unknown>> {
  const caught: RawNode[] = [];
  const stop = new Error('caught');
  const catcher: KyselyPlugin = {
    transformQuery({ node }) {
      if (RawNode.is(node)) caught.push(node);
      throw stop;
    },
    transformResult: ({ result }) => Promise.resolve(result),
  };
  await expect(read(db.withPlugin(catcher))).rejects.toBe(stop);
  const [rawNode] = caught;
  if (rawNode === undefined) throw new Error('the read sent no raw statement');
  return createRawBuilder({ queryId: createQueryId(), rawNode });
}

/**
 * The plan of `statement` run under EXPLAIN ANALYZE in a transaction that is rolled back. `seqscanOff`: with sequential
 * scans off (`SET LOCAL enable_seqscan`), where the test's few pages make a scan the planner's right choice but a
 * fleet's size makes it an index scan, whose use of the keys is what the test checks. `asTenant`: as an API request runs
 * it (withTenant: the API role, that tenant's row-level security), under which only leak-proof tests enter an index
 * condition.
 */
export async function explainedAndRolledBack(
  db: Kysely<Database>,
  statement: RawBuilder<unknown>,
  { seqscanOff = false, asTenant }: { seqscanOff?: boolean; asTenant?: string } = {},
): Promise<PlanNode> {
  let plan: PlanNode | undefined;
  const rolledBack = new Error('rolled back');
  try {
    await db.transaction().execute(async (trx) => {
      if (seqscanOff) await sql`SET LOCAL enable_seqscan = off`.execute(trx);
      if (asTenant !== undefined) {
        await sql`SET LOCAL ROLE ${sql.raw(API_ROLE)}`.execute(trx);
        await sql`SELECT set_config('app.tenant_id', ${asTenant}, true)`.execute(trx);
      }
      plan = await explainedAnalyzed(trx, statement);
      throw rolledBack;
    });
  } catch (error) {
    if (error !== rolledBack) throw error;
  }
  if (plan === undefined) throw new Error('the statement was not explained');
  return plan;
}

/**
 * A fresh test database, opened before the calling test file's tests and closed after them, in which Northwind's
 * printers (seed 1, 24 systems, two tenants) are filled and ANALYZEd, then Sunrise's (UNSEEN_TENANT) are filled in bulk
 * (rollups deferred over the 3 days, as a bulk build's first flush) with no ANALYZE in between. On PostgreSQL,
 * autovacuum is off for `tables` (those whose statistics the test relies on being stale), so no background ANALYZE
 * freshens them meanwhile. Call at the top of a test file; read `.db` inside tests and hooks.
 */
export function useUnseenTenantDatabase(tables: readonly string[]): { readonly db: Kysely<Database> } {
  let database: PortalDatabase | undefined;
  beforeAll(async () => {
    database = await openTestDatabase();
    const { db } = database;
    if (database.kind === 'postgres') {
      for (const table of tables)
        await sql`ALTER TABLE ${sql.table(table)} SET (autovacuum_enabled = false)`.execute(db);
    }
    const plan = planFleet({ seed: 1, systems: 24, tenants: 2 });
    await simulateHistory(db, onlyCustomer(plan, 'northwind'), UNSEEN_DAYS);
    await sql`ANALYZE`.execute(db);
    await simulateHistory(db, onlyCustomer(plan, 'sunrise'), { ...UNSEEN_DAYS, deferRollupsDays: 3 });
  }, 120_000);
  afterAll(async () => {
    await database?.close();
  });
  return {
    get db() {
      if (database === undefined) throw new Error('the unseen-tenant database is open only inside tests and hooks');
      return database.db;
    },
  };
}
