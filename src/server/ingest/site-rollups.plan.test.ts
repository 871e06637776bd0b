import { sql } from 'kysely';
import { describe, expect, it } from 'vitest';
import {
  explainedAndRolledBack,
  readsOf,
  UNSEEN_TENANT,
  useUnseenTenantDatabase,
} from '../testing/unseen-tenant-plans.ts';
import type { DayKey } from './rollup-keys.ts';
import { siteDayRollup, siteHourRollup } from './site-rollups.sql.ts';

/**
 * The site rollups read each system rollup row of their site-days once, however stale the planner's statistics are
 * (docs/benchmarks.md, session 17). Read by tenant and day alone, each site-day scanned all of the tenant's system_hour
 * rows when the last ANALYZE had not seen the tenant (a bulk fill's first flush, a new tenant): 2.8 s instead of 0.23 s
 * for 109 printers × 14 days, and growing with the tenant's whole history. Checked without a clock, from the
 * statements' EXPLAIN ANALYZE: the system rollup rows read must not outnumber those of the site-days.
 *
 * The setting of every plan test (src/server/testing/unseen-tenant-plans.ts): Northwind's printers are filled and
 * ANALYZEd first, then Sunrise's in bulk with no ANALYZE in between (autovacuum off for these tables on PostgreSQL).
 */

const database = useUnseenTenantDatabase(['system_hour', 'system_day', 'site_group_hour', 'site_group_day', 'systems']);

describe('the site rollups under statistics that have not seen the tenant', () => {
  for (const [target, source, statement] of [
    ['site_group_hour', 'system_hour', siteHourRollup],
    ['site_group_day', 'system_day', siteDayRollup],
  ] as const) {
    it(`${target} reads each ${source} row of the site-days once`, async () => {
      const { rows: days } = await sql<{ system_id: string; local_day: string }>`
        SELECT system_id, local_day::text FROM system_day WHERE tenant_id = ${UNSEEN_TENANT}`.execute(database.db);
      const keys: DayKey[] = days.map((day) => ({ systemId: day.system_id, localDay: day.local_day }));
      const { rows } = await sql<{ rows: number }>`SELECT count(*)::int AS rows FROM ${sql.table(source)}
        WHERE tenant_id = ${UNSEEN_TENANT}`.execute(database.db);
      const sourceRows = rows[0]?.rows ?? 0;
      // Several site-days (Sunrise's sites and groups × 3 days), so a scan of the tenant per site-day shows.
      expect(new Set(keys.map((key) => key.localDay)).size).toBeGreaterThanOrEqual(3);
      expect(sourceRows).toBeGreaterThan(20);
      // Sequential scans off: the test's tables are a few pages, where a scan per site-day is the planner's right choice;
      // at a fleet's size it is an index, and which key prefix the index scan uses is what this checks.
      const plan = await explainedAndRolledBack(database.db, statement(UNSEEN_TENANT, keys), { seqscanOff: true });
      expect(readsOf(plan, source)).toBe(sourceRows);
    });
  }
});
