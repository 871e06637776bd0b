import { sql, type Kysely, type RawBuilder } from 'kysely';
import type { Database } from '../db/schema.ts';
import type { DayKey, HourKey, TouchedKeys } from './rollup-keys.ts';
import { touchedDays, touchedHours } from './touched-periods.sql.ts';
import { recomputeSiteRollups } from './site-rollups.sql.ts';
import {
  INK_COLOURS,
  JOB_DAY_COLUMNS,
  jobDayMedia,
  MAX_STATUS_INTERVAL_HOURS,
  PRINT_MODES,
  ROLLUP_COLUMNS,
  SIZE_CATEGORIES,
  STATUSES,
} from './measures.ts';

/**
 * Rollup maintenance: recompute the rows of the touched keys from raw rows, one INSERT … SELECT … ON CONFLICT DO UPDATE
 * per rollup table over all touched keys (in chunks of KEY_CHUNK). Recomputing rather than adding deltas keeps the
 * rollups equal to a from-scratch computation whatever arrives twice, late or out of order. A job counts, whole, in the
 * period its end falls in (docs/kpi-glossary.md: production is that of finished jobs), its print seconds included;
 * status intervals are split at period boundaries; ink loads count in the period of loaded_at. Periods are half-open
 * [start, end): a job ending at 07:00:00 belongs to the hour from 07:00. Days are local days of the system's site.
 */

const raw = (text: string) => sql.raw(text);
const seconds = (from: string, to: string) => `extract(epoch FROM ${to} - ${from})`;
const inkTotal = INK_COLOURS.map((colour) => `j.ink_${colour}_ul::bigint`).join(' + ');

/*
 * Each key's measures come from correlated LATERAL aggregates: one bounded index range scan per key and fact table, and
 * an aggregate without GROUP BY always yields one row (count 0, sums NULL). Joining per-key GROUP BY subqueries to the
 * key list instead let the planner (which estimates one key) re-run each subquery for every key, quadratic in the keys.
 *
 * Each fact subquery is ORDER BY its time column: without statistics (PGlite runs no autovacuum) the planner rates the
 * primary key (tenant_id, system_id, id) and the (tenant_id, system_id, time) index the same, and with the primary key it
 * reads every row of the system; the order makes the time index, which returns rows in that order, the cheaper path.
 */

/**
 * Jobs of the key's system that ended in its period (a job counts where its end falls). ORDER BY ended_at makes the
 * jobs_system_end index (migration 007) the bounded range scan.
 */
const jobsOfKey = (tenantId: string) =>
  sql`FROM (SELECT * FROM jobs j WHERE j.tenant_id = ${tenantId} AND j.system_id = k.system_id
    AND j.ended_at >= k.period_start AND j.ended_at < k.period_end ORDER BY j.ended_at) j`;

/**
 * Status intervals of the key's system that overlap its period. An interval is at most MAX_STATUS_INTERVAL_HOURS long
 * (ingest rejects longer ones, migration 005 checks it), so one overlapping the period started at most that long
 * before it: the lower bound on started_at keeps the index range scan to the intervals near the period instead of every
 * earlier interval of the system.
 */
const statusOfKey = (tenantId: string) =>
  sql`FROM (SELECT s.status, s.started_at, s.ended_at FROM status_intervals s
    WHERE s.tenant_id = ${tenantId} AND s.system_id = k.system_id
      AND s.started_at >= k.period_start - ${raw(`interval '${MAX_STATUS_INTERVAL_HOURS} hours'`)}
      AND s.started_at < k.period_end AND s.ended_at > k.period_start
    ORDER BY s.started_at) s`;

/** Ink loads of the key's system in its period. */
const inkLoadsOfKey = (tenantId: string) =>
  sql`FROM (SELECT l.loaded_at FROM ink_loads l WHERE l.tenant_id = ${tenantId} AND l.system_id = k.system_id
    AND l.loaded_at >= k.period_start AND l.loaded_at < k.period_end ORDER BY l.loaded_at) l`;

/**
 * The joins that measure each row `k(system_id, period_start, period_end)` from the raw rows: after them every column of
 * ROLLUP_COLUMNS is available, null where nothing was found (`coalesce` it). The rollups are built with them, and the
 * reports read a partial hour with them (a period in progress, docs/kpi-glossary.md "Change and trend").
 */
export function rawMeasureJoins(tenantId: string): RawBuilder<unknown> {
  const jobMeasures = [
    'count(*)::int AS jobs',
    'sum(j.impressions) AS impressions',
    'sum(j.impressions) FILTER (WHERE j.dark_garment) AS dark_impressions',
    'sum(j.media_length_mm) AS media_length_mm',
    `sum(${seconds('j.started_at', 'j.ended_at')}) AS print_seconds`,
    'sum(j.impressions) FILTER (WHERE j.rejected) AS rejected_impressions',
    'sum(j.media_length_mm) FILTER (WHERE j.rejected) AS rejected_media_length_mm',
    ...INK_COLOURS.map((colour) => `sum(j.ink_${colour}_ul) AS ink_${colour}_ul`),
  ].join(', ');
  const overlap = seconds('greatest(s.started_at, k.period_start)', 'least(s.ended_at, k.period_end)');
  const statusMeasures = STATUSES.map(
    (status) => `sum(${overlap}) FILTER (WHERE s.status = '${status.name}') AS ${status.column}`,
  ).join(', ');
  return sql`CROSS JOIN LATERAL (SELECT ${raw(jobMeasures)} ${jobsOfKey(tenantId)}) job_agg
    CROSS JOIN LATERAL (SELECT ${raw(statusMeasures)} ${statusOfKey(tenantId)}) status_agg
    CROSS JOIN LATERAL (SELECT count(*)::int AS bottles_loaded ${inkLoadsOfKey(tenantId)}) ink_agg`;
}

/** system_hour or system_day rows for the touched keys. */
function systemRollup(
  table: 'system_hour' | 'system_day',
  keyColumn: 'hour_start' | 'local_day',
  tenantId: string,
  touched: RawBuilder<unknown>,
): RawBuilder<unknown> {
  const columns = ROLLUP_COLUMNS.join(', ');
  const values = ROLLUP_COLUMNS.map((column) => `coalesce(${column}, 0)`).join(', ');
  const updates = ROLLUP_COLUMNS.map((column) => `${column} = EXCLUDED.${column}`).join(', ');
  return sql`WITH touched AS (${touched})
    INSERT INTO ${raw(table)} (tenant_id, system_id, ${raw(keyColumn)}, ${raw(columns)})
    SELECT ${tenantId}, k.system_id, k.key, ${raw(values)}
    FROM touched k
    ${rawMeasureJoins(tenantId)}
    ON CONFLICT (tenant_id, system_id, ${raw(keyColumn)}) DO UPDATE SET ${raw(updates)}`;
}

/** job_day rows for the touched local days. */
function jobDayRollup(tenantId: string, touched: RawBuilder<unknown>): RawBuilder<unknown> {
  const filters: [string, string][] = [
    ...SIZE_CATEGORIES.map((size): [string, string] => [size.key, `j.size_category = '${size.name}'`]),
    ...PRINT_MODES.map((mode): [string, string] => [`mode_${mode}`, `j.print_mode = ${mode}`]),
  ];
  const measures = [
    'count(*) AS jobs_total',
    ...filters.flatMap(([group, where]) => {
      const media = jobDayMedia(group);
      return [
        `count(*) FILTER (WHERE ${where})::int AS jobs_${group}`,
        `sum(j.impressions) FILTER (WHERE ${where}) AS impressions_${group}`,
        `sum(${inkTotal}) FILTER (WHERE ${where}) AS ink_${group}_ul`,
        `sum(${seconds('j.started_at', 'j.ended_at')}) FILTER (WHERE ${where}) AS print_seconds_${group}`,
        `sum(j.media_length_mm) FILTER (WHERE ${where}) AS ${media.length}`,
        `max(j.media_width_mm) FILTER (WHERE ${where}) AS ${media.widest}`,
      ];
    }),
  ].join(', ');
  const columns = JOB_DAY_COLUMNS;
  // Only days on which a job ended get a row.
  return sql`WITH touched AS (${touched})
    INSERT INTO job_day (tenant_id, system_id, local_day, ${raw(columns.join(', '))})
    SELECT ${tenantId}, k.system_id, k.key, ${raw(columns.map((column) => `coalesce(${column}, 0)`).join(', '))}
    FROM touched k
    CROSS JOIN LATERAL (SELECT ${raw(measures)} ${jobsOfKey(tenantId)}) job_agg
    WHERE job_agg.jobs_total > 0
    ON CONFLICT (tenant_id, system_id, local_day) DO UPDATE SET
      ${raw(columns.map((column) => `${column} = EXCLUDED.${column}`).join(', '))}`;
}

/** Recomputes system_hour for the given keys. */
export async function recomputeSystemHours(
  db: Kysely<Database>,
  tenantId: string,
  keys: readonly HourKey[],
): Promise<void> {
  if (keys.length === 0) return;
  await systemRollup('system_hour', 'hour_start', tenantId, touchedHours(tenantId, keys)).execute(db);
}

/** Recomputes system_day and job_day for the given keys (job_day only where a job ended that day). */
export async function recomputeSystemDays(
  db: Kysely<Database>,
  tenantId: string,
  keys: readonly DayKey[],
): Promise<void> {
  if (keys.length === 0) return;
  await systemRollup('system_day', 'local_day', tenantId, touchedDays(tenantId, keys)).execute(db);
  await jobDayRollup(tenantId, touchedDays(tenantId, keys)).execute(db);
}

/** Keys per statement: the touched set travels as two array parameters, so its size only bounds memory. */
const KEY_CHUNK = 5000;

/**
 * Recomputes system_hour, system_day and job_day for every key in `touched`, then the site rollups of those days.
 * Run it in the writing transaction.
 */
export async function recomputeRollups(db: Kysely<Database>, tenantId: string, touched: TouchedKeys): Promise<void> {
  const hours = touched.hours;
  const days = touched.days;
  for (let start = 0; start < hours.length; start += KEY_CHUNK) {
    await recomputeSystemHours(db, tenantId, hours.slice(start, start + KEY_CHUNK));
  }
  for (let start = 0; start < days.length; start += KEY_CHUNK) {
    await recomputeSystemDays(db, tenantId, days.slice(start, start + KEY_CHUNK));
  }
  for (let start = 0; start < days.length; start += KEY_CHUNK) {
    await recomputeSiteRollups(db, tenantId, days.slice(start, start + KEY_CHUNK));
  }
}
