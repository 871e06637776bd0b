import { sql, type Kysely, type RawBuilder } from 'kysely';
import type { Database } from '../db/schema.ts';
import { JOB_DAY_COLUMNS, ROLLUP_COLUMNS } from './measures.ts';
import type { DayKey } from './rollup-keys.ts';

/**
 * system_month and job_month (migration 026): the sums of system_day and job_day over each local month of a system's
 * site, recomputed for every (system, month) a touched system-day lies in, after the day rollups of the same
 * transaction. Recomputing from the day rollups keeps them equal to a from-scratch sum; a month gets a job_month row once
 * one of its days has a job_day row (a day on which a job ended).
 */

const raw = (text: string) => sql.raw(text);

/** The widest film of a month is the widest of its days; every other measure adds up. */
const monthOf = (column: string) =>
  column.startsWith('media_width_max_mm_') ? `max(d.${column})` : `sum(d.${column})`;

/** The first day of the month of a yyyy-MM-dd day. */
export const monthStartOf = (localDay: string) => `${localDay.slice(0, 7)}-01`;

function monthRollup(
  table: 'system_month' | 'job_month',
  dayTable: 'system_day' | 'job_day',
  columns: readonly string[],
  tenantId: string,
  keys: readonly DayKey[],
): RawBuilder<unknown> {
  const months = [...new Map(keys.map((key) => [`${key.systemId}|${monthStartOf(key.localDay)}`, key])).values()];
  return sql`INSERT INTO ${raw(table)} (tenant_id, system_id, month_start, ${raw(columns.join(', '))})
    SELECT ${tenantId}, k.system_id, k.month_start, ${raw(columns.map(monthOf).join(', '))}
    FROM unnest(${months.map((key) => key.systemId)}::text[], ${months.map((key) => monthStartOf(key.localDay))}::date[])
      AS k(system_id, month_start)
    JOIN ${raw(dayTable)} d ON d.tenant_id = ${tenantId} AND d.system_id = k.system_id
      AND d.local_day >= k.month_start AND d.local_day < (k.month_start + interval '1 month')::date
    GROUP BY k.system_id, k.month_start
    ON CONFLICT (tenant_id, system_id, month_start) DO UPDATE SET
      ${raw(columns.map((column) => `${column} = EXCLUDED.${column}`).join(', '))}`;
}

/** Recomputes the month rollups of the months the touched system-days lie in. Run after the day rollups. */
export async function recomputeMonthRollups(
  db: Kysely<Database>,
  tenantId: string,
  keys: readonly DayKey[],
): Promise<void> {
  if (keys.length === 0) return;
  await monthRollup('system_month', 'system_day', ROLLUP_COLUMNS, tenantId, keys).execute(db);
  await monthRollup('job_month', 'job_day', JOB_DAY_COLUMNS, tenantId, keys).execute(db);
}
