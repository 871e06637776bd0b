import { CompiledQuery, type Kysely, type KyselyPlugin } from 'kysely';
import { describe, expect, it } from 'vitest';
import { localTimeToInstant } from '../../../shared/time/local-time.ts';
import type { Database } from '../../db/schema.ts';
import { DEMO_TENANTS } from '../../fixtures/demo-tenants.ts';
import {
  nodesOf,
  type PlanNode,
  UNSEEN_DAYS,
  useUnseenTenantDatabase,
  largestGroup,
} from '../../testing/unseen-tenant-plans.ts';
import { openReportContext, type ReportContext } from '../common/report-context.ts';
import type { PeriodQuery } from '../common/report-period.ts';
import { overviewCards } from './overview-cards.ts';
import { overviewGraphs } from './overview-charts.ts';

const database = useUnseenTenantDatabase([]);
const TENANT = DEMO_TENANTS.main.id;

/** `db` with every statement sent through it kept, compiled (text and parameters), in order. */
function recorded(db: Kysely<Database>): { db: Kysely<Database>; sent: CompiledQuery[] } {
  const sent: CompiledQuery[] = [];
  const recorder: KyselyPlugin = {
    transformQuery({ node, queryId }) {
      sent.push(db.getExecutor().compileQuery(node, queryId));
      return node;
    },
    transformResult: ({ result }) => Promise.resolve(result),
  };
  return { db: db.withPlugin(recorder), sent };
}

/** The plan of a compiled statement under EXPLAIN ANALYZE (a report's read: nothing to roll back). */
async function planOf(db: Kysely<Database>, statement: CompiledQuery): Promise<PlanNode> {
  const explain = CompiledQuery.raw(`EXPLAIN (ANALYZE, FORMAT JSON) ${statement.sql}`, [...statement.parameters]);
  const { rows } = await db.executeQuery<{ 'QUERY PLAN': unknown }>(explain);
  const json = rows[0]?.['QUERY PLAN'];
  // PGlite answers the JSON plan as text, PostgreSQL (pg) parsed.
  const [explained] = (typeof json === 'string' ? JSON.parse(json) : json) as [{ Plan: PlanNode }];
  return explained.Plan;
}

/**
 * Each Overview call of a period in progress reads the hour holding each period's cut from the raw rows once: one
 * statement per period reads the status intervals, and its plan scans them once (overview-graphs' series and hours of
 * day share the CTE `cut_hour`, loadMeasureSets). It read them in four statements before (docs/benchmarks.md, session 21).
 */
describe('an Overview call of a period in progress reads the hour in progress once per period', () => {
  const calls: [string, (context: ReportContext) => Promise<unknown>][] = [
    ['overview-graphs', overviewGraphs],
    ['overview-cards', overviewCards],
  ];
  const periods: [string, PeriodQuery][] = [
    ['a day', { day: UNSEEN_DAYS.to }],
    ['a week', { week: UNSEEN_DAYS.to }],
  ];
  for (const [name, build] of calls) {
    for (const [label, query] of periods) {
      it(`${name}, ${label}`, async () => {
        const scope = { tenantId: TENANT, customerIds: [], siteIds: [], systemIds: [] };
        // 23:30 in Berlin on the last simulated day, 17:30 in Newark: both periods cut in every zone.
        const now = new Date(localTimeToInstant(UNSEEN_DAYS.to, 23 * 60 + 30, 'Europe/Berlin'));
        const group = await largestGroup(database.db, TENANT);
        const context = await openReportContext(database.db, { scope, group, serialNumbers: [], query, now });
        const { db, sent } = recorded(database.db);
        await build({ ...context, db });

        const reading = sent.filter((statement) => statement.sql.includes('status_intervals'));
        expect(reading).toHaveLength(2);
        for (const statement of reading) {
          const plan = await planOf(database.db, statement);
          const scans = [...nodesOf(plan)].filter((node) => node['Relation Name'] === 'status_intervals');
          expect(scans).toHaveLength(1);
          // Once per system of the selection, every one of them cut.
          expect(scans[0]?.['Actual Loops']).toBe(context.systems.length);
        }
      });
    }
  }
});
