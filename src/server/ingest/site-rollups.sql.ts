import { sql, type Kysely, type RawBuilder } from 'kysely';
import type { Database } from '../db/schema.ts';
import { ROLLUP_COLUMNS } from './measures.ts';
import type { DayKey } from './rollup-keys.ts';
import { touchedDays } from './touched-periods.sql.ts';

/**
 * site_group_day and site_group_hour (migration 010): the sums of system_day and system_hour over the systems of one
 * site and group, recomputed for every (site, group, local day) a touched system-day belongs to, after the system
 * rollups of the same transaction. Recomputing from the system rollups keeps them equal to a from-scratch sum.
 */

const raw = (text: string) => sql.raw(text);
const columns = ROLLUP_COLUMNS.join(', ');
const sums = (alias: string) => ROLLUP_COLUMNS.map((column) => `sum(${alias}.${column}) AS ${column}`).join(', ');
const updates = ROLLUP_COLUMNS.map((column) => `${column} = EXCLUDED.${column}`).join(', ');

/** `touched(site_id, system_group, local_day, time_zone, day_start, day_end)`: the site-days of the system-days. */
function touchedSiteDays(tenantId: string, keys: readonly DayKey[]): RawBuilder<unknown> {
  return sql`SELECT DISTINCT sy.site_id, sy.system_group, t.key AS local_day, si.time_zone,
      t.period_start AS day_start, t.period_end AS day_end
    FROM (${touchedDays(tenantId, keys)}) t
    JOIN systems sy ON sy.tenant_id = ${tenantId} AND sy.id = t.system_id
    JOIN sites si ON si.tenant_id = sy.tenant_id AND si.id = sy.site_id`;
}

/*
 * Each site-day's systems are read one system at a time: per system of the key's site and group, its own rows of the
 * day by the system rollup's primary key (tenant_id, system_id, day or hour), a range of one or 24 rows. Read by tenant
 * and day alone, the key's prefix stops at the tenant, and every site-day scanned all of the tenant's system rollup
 * rows — a cost growing with the tenant's whole history (a 1,099-printer tenant's year: 9.6 million system_hour rows per
 * site-day; docs/benchmarks.md, session 17; site-rollups.plan.test.ts). `OFFSET 0` keeps the subquery from being flattened into a join, so the
 * planner cannot trade the per-system probe for a scan whatever its statistics say (a tenant it has not seen yet).
 */

/** The systems `s` of the key's site and group. */
const siteSystems = (tenantId: string) =>
  sql`JOIN systems s ON s.tenant_id = ${tenantId} AND s.site_id = k.site_id AND s.system_group = k.system_group`;

/** The site_group_day upsert of the keys' site-days. Exported for the test of its plan (site-rollups.plan.test.ts). */
export function siteDayRollup(tenantId: string, keys: readonly DayKey[]): RawBuilder<unknown> {
  return sql`WITH touched AS (${touchedSiteDays(tenantId, keys)})
    INSERT INTO site_group_day (tenant_id, site_id, system_group, local_day, ${raw(columns)})
    SELECT ${tenantId}, k.site_id, k.system_group, k.local_day, ${raw(sums('r'))}
    FROM touched k
    ${siteSystems(tenantId)}
    CROSS JOIN LATERAL (
      SELECT * FROM system_day d WHERE d.tenant_id = ${tenantId} AND d.system_id = s.id AND d.local_day = k.local_day
      OFFSET 0
    ) r
    GROUP BY k.site_id, k.system_group, k.local_day
    ON CONFLICT (tenant_id, site_id, system_group, local_day) DO UPDATE SET ${raw(updates)}`;
}

/** The site_group_hour upsert of the keys' site-days. Exported for site-rollups.plan.test.ts. */
export function siteHourRollup(tenantId: string, keys: readonly DayKey[]): RawBuilder<unknown> {
  return sql`WITH touched AS (${touchedSiteDays(tenantId, keys)})
    INSERT INTO site_group_hour (tenant_id, site_id, system_group, local_day, local_hour, ${raw(columns)})
    SELECT ${tenantId}, k.site_id, k.system_group, k.local_day,
      extract(hour FROM r.hour_start AT TIME ZONE k.time_zone)::smallint, ${raw(sums('r'))}
    FROM touched k
    ${siteSystems(tenantId)}
    CROSS JOIN LATERAL (
      SELECT * FROM system_hour h WHERE h.tenant_id = ${tenantId} AND h.system_id = s.id
        AND h.hour_start >= k.day_start AND h.hour_start < k.day_end
      OFFSET 0
    ) r
    GROUP BY k.site_id, k.system_group, k.local_day, 5
    ON CONFLICT (tenant_id, site_id, system_group, local_day, local_hour) DO UPDATE SET ${raw(updates)}`;
}

/** Recomputes the site rollups of the site-days the touched system-days belong to. Run after the system rollups. */
export async function recomputeSiteRollups(
  db: Kysely<Database>,
  tenantId: string,
  keys: readonly DayKey[],
): Promise<void> {
  if (keys.length === 0) return;
  await siteDayRollup(tenantId, keys).execute(db);
  await siteHourRollup(tenantId, keys).execute(db);
}
