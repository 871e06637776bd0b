import { sql, type RawBuilder } from 'kysely';
import type { DayKey, HourKey } from './rollup-keys.ts';

/** `touched(system_id, key, period_start, period_end)` for hours. */
export function touchedHours(tenantId: string, keys: readonly HourKey[]): RawBuilder<unknown> {
  return sql`SELECT DISTINCT t.system_id, t.hour_start AS key, t.hour_start AS period_start,
      t.hour_start + interval '1 hour' AS period_end
    FROM unnest(${keys.map((key) => key.systemId)}::text[], ${keys.map((key) => key.hourStart.toISOString())}::timestamptz[])
      AS t(system_id, hour_start)
    JOIN systems sy ON sy.tenant_id = ${tenantId} AND sy.id = t.system_id`;
}

/** `touched(system_id, key, period_start, period_end)` for local days: 23, 24 or 25 hours long. */
export function touchedDays(tenantId: string, keys: readonly DayKey[]): RawBuilder<unknown> {
  return sql`SELECT DISTINCT t.system_id, t.local_day AS key,
      (t.local_day::timestamp AT TIME ZONE si.time_zone) AS period_start,
      ((t.local_day + 1)::timestamp AT TIME ZONE si.time_zone) AS period_end
    FROM unnest(${keys.map((key) => key.systemId)}::text[], ${keys.map((key) => key.localDay)}::date[])
      AS t(system_id, local_day)
    JOIN systems sy ON sy.tenant_id = ${tenantId} AND sy.id = t.system_id
    JOIN sites si ON si.tenant_id = sy.tenant_id AND si.id = sy.site_id`;
}
