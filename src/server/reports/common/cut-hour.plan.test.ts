import { sql } from 'kysely';
import { describe, expect, it } from 'vitest';
import type { ReportPeriod } from '../../../shared/api-types.ts';
import { localTimeToInstant } from '../../../shared/time/local-time.ts';
import { DEMO_TENANTS } from '../../fixtures/demo-tenants.ts';
import { MAX_STATUS_INTERVAL_HOURS } from '../../ingest/measures.ts';
import {
  explainedAndRolledBack,
  type IndexScanNode,
  nodesOf,
  readsOf,
  statementOf,
  UNSEEN_DAYS,
  UNSEEN_TENANT,
  useUnseenTenantDatabase,
  largestGroup,
} from '../../testing/unseen-tenant-plans.ts';
import {
  loadMeasures,
  MEASURE_COLUMN_NAMES,
  REPORTED_STATUS_COLUMNS,
  selectedSystems,
  type SelectedSystem,
} from './measure-rows.ts';

/**
 * A report of a period in progress reads the hour holding the cut from the raw rows (measure-rows.ts
 * `partialHourRows`), in every call of a page. Its status intervals are found by their end (migration 030, the index
 * status_intervals_system_end_cover since 032): by their start, the index range began MAX_STATUS_INTERVAL_HOURS before
 * the hour, and each call read two days of every selected system's intervals to sum the few that reach into the hour
 * (docs/benchmarks.md, session 17: most of PostgreSQL's time per Overview call). Checked from the statement's EXPLAIN
 * ANALYZE, for a tenant the planner's statistics have seen (Northwind) and one they have not (Sunrise): the scan is a
 * range of that index from the hour on, and reads far fewer intervals than the two days before the hour hold. Explained
 * as the API runs it (its role's row-level security): there a range's end written as an expression (`period_end +
 * interval`, not leak-proof) was left out of the index condition, and PostgreSQL's estimate of the unbounded scan made
 * it compile the statement (JIT), 0.5–0.9 s a statement on the 2,000-printer year (docs/benchmarks.md, session 19).
 */

const database = useUnseenTenantDatabase(['status_intervals', 'jobs', 'ink_loads']);

/** A week in progress on the last simulated day, read up to 23:30 there: its last hour of data is the hour in progress. */
const WEEK: ReportPeriod = {
  timeframe: 'week',
  startDay: '2026-11-02',
  endDay: '2026-11-08',
  startHour: 0,
  endHour: 23,
};
const cutHourIn = (timeZone: string) => localTimeToInstant(UNSEEN_DAYS.to, 23 * 60, timeZone);
const cutIn = (timeZone: string) => localTimeToInstant(UNSEEN_DAYS.to, 23 * 60 + 30, timeZone);

/**
 * The status intervals of `systems` that started from MAX_STATUS_INTERVAL_HOURS before each one's cut hour up to its
 * cut: what a range scan by their start reads for the hour.
 */
async function intervalsStartedBefore(tenantId: string, systems: readonly SelectedSystem[]): Promise<number> {
  const iso = (instant: number) => new Date(instant).toISOString();
  const { rows } = await sql<{ intervals: number }>`SELECT count(*)::int AS intervals
    FROM unnest(${systems.map((system) => system.id)}::text[],
      ${systems.map((system) => iso(cutHourIn(system.timeZone)))}::timestamptz[],
      ${systems.map((system) => iso(cutIn(system.timeZone)))}::timestamptz[]) AS k(system_id, hour_at, until_at)
    JOIN status_intervals s ON s.tenant_id = ${tenantId} AND s.system_id = k.system_id
      AND s.started_at >= k.hour_at - ${`${MAX_STATUS_INTERVAL_HOURS} hours`}::interval
      AND s.started_at < k.until_at`.execute(database.db);
  return rows[0]?.intervals ?? 0;
}

describe('the hour in progress read from the raw status intervals', () => {
  for (const [tenant, tenantId] of [
    ['a tenant the statistics have seen', DEMO_TENANTS.main.id],
    ['a tenant the statistics have not seen', UNSEEN_TENANT],
  ] as const) {
    for (const [measures, columns] of [
      ['every measure', MEASURE_COLUMN_NAMES],
      ['the status columns alone', REPORTED_STATUS_COLUMNS],
    ] as const) {
      it(`finds them by their end from the hour on: ${tenant}, ${measures}`, async () => {
        const group = await largestGroup(database.db, tenantId);
        const scope = { tenantId, customerIds: [], siteIds: [], systemIds: [] };
        const systems = await selectedSystems(database.db, scope, group, []);
        expect(systems.length).toBeGreaterThanOrEqual(3);
        const statement = await statementOf(database.db, (db) =>
          loadMeasures(db, tenantId, systems, WEEK, {}, cutIn, columns),
        );
        const plan = await explainedAndRolledBack(database.db, statement, { seqscanOff: true, asTenant: tenantId });

        const statusIndexScans = [...nodesOf(plan)]
          .map((node): IndexScanNode => node)
          .filter((node) => node['Index Name']?.startsWith('status_intervals'));
        expect(statusIndexScans.length).toBeGreaterThan(0);
        for (const scan of statusIndexScans) {
          expect(scan['Index Name']).toBe('status_intervals_system_end_cover');
          // Bounded on both sides under the API role's row-level security (the end a column, not an expression).
          expect(scan['Index Cond']).toMatch(/\(ended_at > /);
          expect(scan['Index Cond']).toMatch(/\(ended_at < /);
        }
        const read = readsOf(plan, 'status_intervals');
        const twoDays = await intervalsStartedBefore(tenantId, systems);
        // The intervals reaching into the hour (a few per system), not the two days' (about 50 per system) before it.
        expect(read).toBeGreaterThanOrEqual(systems.length);
        expect(read * 8).toBeLessThan(twoDays);
      });
    }
  }
});
