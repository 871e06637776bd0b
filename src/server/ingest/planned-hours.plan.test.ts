import { sql } from 'kysely';
import { describe, expect, it } from 'vitest';
import {
  explainedAnalyzed,
  explainedAndRolledBack,
  readsOf,
  UNSEEN_TENANT,
  useUnseenTenantDatabase,
} from '../testing/unseen-tenant-plans.ts';
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
 * the test database's tables on PostgreSQL, so no background ANALYZE freshens the statistics meanwhile
 * (src/server/testing/unseen-tenant-plans.ts).
 */

const HOUR_MS = 3_600_000;

const database = useUnseenTenantDatabase([
  'system_hour',
  'planned_spans',
  'planned_hour',
  'planned_day',
  'shift_targets',
  'systems',
]);

/** The whole span of every Sunrise printer, as for a new printer or a changed calendar (keepPlannedHours). */
async function wholeSpans(): Promise<HourRange[]> {
  const { rows: spans } = await sql<{ system_id: string; first_hour: Date; data_end: Date }>`
    SELECT system_id, first_hour, data_end FROM planned_spans WHERE tenant_id = ${UNSEEN_TENANT}`.execute(database.db);
  expect(spans.length).toBeGreaterThanOrEqual(8);
  return spans.map((span) => ({
    systemId: span.system_id,
    from: span.first_hour.getTime(),
    to: Math.ceil(span.data_end.getTime() / HOUR_MS) * HOUR_MS + HOUR_MS,
  }));
}

describe('the planned-hours INSERT under statistics that have not seen the tenant', () => {
  it('reads at most one system_hour row per planned hour it writes', async () => {
    const ranges = await wholeSpans();
    const measured = await database.db.transaction().execute(async (trx) => {
      const { rows: before } = await sql<{ hours: number }>`SELECT count(*)::int AS hours FROM planned_hour
          WHERE tenant_id = ${UNSEEN_TENANT}`.execute(trx);
      await sql`DELETE FROM planned_hour WHERE tenant_id = ${UNSEEN_TENANT}`.execute(trx);
      const plan = await explainedAnalyzed(trx, insertPlannedHours(UNSEEN_TENANT, ranges));
      const { rows: after } = await sql<{ hours: number }>`SELECT count(*)::int AS hours FROM planned_hour
          WHERE tenant_id = ${UNSEEN_TENANT}`.execute(trx);
      return { before: before[0]?.hours ?? 0, after: after[0]?.hours ?? 0, plan };
    });

    // The same rows as the bulk flush wrote, and enough of them for a quadratic plan to show.
    expect(measured.after).toBe(measured.before);
    expect(measured.after).toBeGreaterThan(300);
    const systemHourReads = readsOf(measured.plan, 'system_hour');
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
          (count(*) FILTER (WHERE tenant_id = ${UNSEEN_TENANT}))::int AS sunrise
        FROM ${sql.table(table)}`.execute(database.db);
      const counts = rows[0]!;
      // Enough of Sunrise's rows and ranges that a scan per range would read several times the table.
      expect(counts.sunrise * ranges.length).toBeGreaterThan(3 * counts.all);
      const plan = await explainedAndRolledBack(database.db, statement(UNSEEN_TENANT, ranges));
      expect(readsOf(plan, table)).toBeGreaterThanOrEqual(counts.sunrise);
      expect(readsOf(plan, table)).toBeLessThanOrEqual(counts.all);
    });
  }
});
