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

/** The systems of the key's site and group. */
const siteSystems = (tenantId: string) =>
  sql`JOIN systems s2 ON s2.tenant_id = ${tenantId} AND s2.id = r.system_id
    AND s2.site_id = k.site_id AND s2.system_group = k.system_group`;

function siteDayRollup(tenantId: string, keys: readonly DayKey[]): RawBuilder<unknown> {
  return sql`WITH touched AS (${touchedSiteDays(tenantId, keys)})
    INSERT INTO site_group_day (tenant_id, site_id, system_group, local_day, ${raw(columns)})
    SELECT ${tenantId}, k.site_id, k.system_group, k.local_day, agg.*
    FROM touched k
    CROSS JOIN LATERAL (
      SELECT ${raw(sums('r'))} FROM system_day r ${siteSystems(tenantId)}
      WHERE r.tenant_id = ${tenantId} AND r.local_day = k.local_day
    ) agg
    WHERE agg.jobs IS NOT NULL
    ON CONFLICT (tenant_id, site_id, system_group, local_day) DO UPDATE SET ${raw(updates)}`;
}

function siteHourRollup(tenantId: string, keys: readonly DayKey[]): RawBuilder<unknown> {
  return sql`WITH touched AS (${touchedSiteDays(tenantId, keys)})
    INSERT INTO site_group_hour (tenant_id, site_id, system_group, local_day, local_hour, ${raw(columns)})
    SELECT ${tenantId}, k.site_id, k.system_group, k.local_day, agg.*
    FROM touched k
    CROSS JOIN LATERAL (
      SELECT extract(hour FROM r.hour_start AT TIME ZONE k.time_zone)::smallint AS local_hour, ${raw(sums('r'))}
      FROM system_hour r ${siteSystems(tenantId)}
      WHERE r.tenant_id = ${tenantId} AND r.hour_start >= k.day_start AND r.hour_start < k.day_end
      GROUP BY 1
    ) agg
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
