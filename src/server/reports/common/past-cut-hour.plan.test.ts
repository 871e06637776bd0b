import { sql } from 'kysely';
import { beforeAll, describe, expect, it } from 'vitest';
import type { ReportPeriod } from '../../../shared/api-types.ts';
import { localTimeToInstant } from '../../../shared/time/local-time.ts';
import { DEMO_TENANTS } from '../../fixtures/demo-tenants.ts';
import { MAX_STATUS_INTERVAL_HOURS } from '../../ingest/measures.ts';
import {
  explainedAndRolledBack,
  type IndexScanNode,
  largestGroup,
  nodesOf,
  type PlanNode,
  rowsRead,
  statementOf,
  UNSEEN_DAYS,
  UNSEEN_TENANT,
  useUnseenTenantDatabase,
} from '../../testing/unseen-tenant-plans.ts';
import { loadMeasures, MEASURE_COLUMN_NAMES, selectedSystems, type SelectedSystem } from './measure-rows.ts';

/**
 * A report of a period in progress also reads a past cut hour from the raw rows: the previous period's, always read for
 * the comparison, and OEE's planned one. Its status intervals are found by their end (measure-rows.ts
 * `partialHourRows`, `rawStatusJoin(…, { by: 'end' })`) through the 48 hours after the hour, as the longest interval
 * may still be open at its start, and those hours are stored: about 80 intervals a system, of which 2–4 overlap it.
 * Each was read from the table to test its start (docs/benchmarks.md, session 21: 77 of 79 a printer filtered on the
 * PGlite 200-printer year); the index holds the start and the status (migration 032), so on pages the visibility map
 * knows all-visible the scan reads none of them from the table. Checked from the statement's EXPLAIN ANALYZE as the API
 * runs it, for a tenant the planner's statistics have seen and one they have not, after a VACUUM as autovacuum makes
 * (pglite-autovacuum.ts on PGlite).
 */

const database = useUnseenTenantDatabase(['status_intervals', 'jobs', 'ink_loads']);

beforeAll(async () => {
  await sql`VACUUM status_intervals`.execute(database.db);
});

/** The first simulated day, read up to 12:30: a previous period's side, with the two days after it stored. */
const PAST_DAY: ReportPeriod = {
  timeframe: 'day',
  startDay: UNSEEN_DAYS.from,
  endDay: UNSEEN_DAYS.from,
  startHour: 0,
  endHour: 23,
};
const cutHourIn = (timeZone: string) => localTimeToInstant(UNSEEN_DAYS.from, 12 * 60, timeZone);
const cutIn = (timeZone: string) => localTimeToInstant(UNSEEN_DAYS.from, 12 * 60 + 30, timeZone);

/**
 * The status intervals of `systems` around each one's cut hour: `overlapping` the hour up to the cut, and
 * `endedWithin48Hours` from the hour's start through MAX_STATUS_INTERVAL_HOURS after the cut (the range by their end).
 */
async function cutHourIntervals(
  tenantId: string,
  systems: readonly SelectedSystem[],
): Promise<{ overlapping: number; endedWithin48Hours: number }> {
  const iso = (instant: number) => new Date(instant).toISOString();
  const { rows } = await sql<{ overlapping: number; endedWithin48Hours: number }>`SELECT
      count(*) FILTER (WHERE s.started_at < k.until_at)::int AS overlapping, count(*)::int AS "endedWithin48Hours"
    FROM unnest(${systems.map((system) => system.id)}::text[],
      ${systems.map((system) => iso(cutHourIn(system.timeZone)))}::timestamptz[],
      ${systems.map((system) => iso(cutIn(system.timeZone)))}::timestamptz[]) AS k(system_id, hour_at, until_at)
    JOIN status_intervals s ON s.tenant_id = ${tenantId} AND s.system_id = k.system_id AND s.ended_at > k.hour_at
      AND s.ended_at < k.until_at + ${`${MAX_STATUS_INTERVAL_HOURS} hours`}::interval`.execute(database.db);
  const [counts] = rows;
  if (counts === undefined) throw new Error('no counts');
  return counts;
}

/** An index-only scan's node: how often it still read the table (pages not known all-visible), over all loops. */
type IndexOnlyScanNode = IndexScanNode & { 'Heap Fetches'?: number };

/** Rows a scan read from the table over all its loops: an index-only scan's heap fetches, any other scan's rows. */
const tableRowsRead = (node: IndexOnlyScanNode): number =>
  node['Node Type'] === 'Index Only Scan' ? (node['Heap Fetches'] ?? 0) : rowsRead(node);

describe('a past cut hour read from the raw status intervals', () => {
  for (const [tenant, tenantId] of [
    ['a tenant the statistics have seen', DEMO_TENANTS.main.id],
    ['a tenant the statistics have not seen', UNSEEN_TENANT],
  ] as const) {
    it(`reads none of the 48 hours' intervals from the table: ${tenant}`, async () => {
      const group = await largestGroup(database.db, tenantId);
      const scope = { tenantId, customerIds: [], siteIds: [], systemIds: [] };
      const systems = await selectedSystems(database.db, scope, group, []);
      expect(systems.length).toBeGreaterThanOrEqual(3);
      const statement = await statementOf(database.db, (db) =>
        loadMeasures(db, tenantId, systems, PAST_DAY, {}, cutIn, MEASURE_COLUMN_NAMES),
      );
      const plan: PlanNode = await explainedAndRolledBack(database.db, statement, {
        seqscanOff: true,
        asTenant: tenantId,
      });

      const { overlapping, endedWithin48Hours } = await cutHourIntervals(tenantId, systems);
      // The setting: the hour's few intervals among the many ending in the 48 hours after it.
      expect(overlapping).toBeGreaterThanOrEqual(systems.length);
      expect(overlapping * 8).toBeLessThan(endedWithin48Hours);
      const scans = [...nodesOf(plan)].filter((node) => node['Relation Name'] === 'status_intervals');
      expect(scans.length).toBeGreaterThan(0);
      for (const scan of scans as IndexOnlyScanNode[]) {
        expect(scan['Index Name']).toBe('status_intervals_system_end_cover');
        expect(scan['Index Cond']).toMatch(/\(ended_at > /);
        expect(scan['Index Cond']).toMatch(/\(ended_at < /);
        expect(tableRowsRead(scan)).toBe(0);
      }
    });
  }
});
