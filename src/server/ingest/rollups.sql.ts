import { sql, type Kysely, type RawBuilder } from 'kysely';
import type { Database } from '../db/schema.ts';
import type { DayKey, HourKey, TouchedKeys } from './rollup-keys.ts';
import { touchedDays, touchedHours } from './touched-periods.sql.ts';
import { recomputeSiteRollups } from './site-rollups.sql.ts';
import { recomputeMonthRollups } from './month-rollups.sql.ts';
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
 * Which index finds a key's status intervals (the same intervals either way): `start` for keys mostly in the past (the
 * rollup upkeep), `end` for the hour in progress (the reports' partial hour), which few intervals end after. By end,
 * each key row also carries `ended_before`: statusScanEnd of its `period_end`.
 */
export interface StatusScan {
  by: 'start' | 'end';
}

/**
 * The end of a by-end scan of the status intervals overlapping a period that ends at `periodEnd` (epoch ms): an interval
 * is at most MAX_STATUS_INTERVAL_HOURS long, so one that overlaps the period ends before this.
 */
export const statusScanEnd = (periodEnd: number): number => periodEnd + MAX_STATUS_INTERVAL_HOURS * 3_600_000;

/**
 * Status intervals of the key's system that overlap its period. An interval is at most MAX_STATUS_INTERVAL_HOURS long
 * (ingest rejects longer ones, migration 005 checks it), so one overlapping the period started at most that long before
 * it and ends at most that long after it. By start: the lower bound on started_at keeps the range scan of
 * status_intervals_system_time to the intervals near the period instead of every earlier interval of the system. By end
 * (status_intervals_system_end_cover, migrations 030 and 032): the range starts at the period, so for the hour in
 * progress it holds the intervals that ended in that hour rather than the 48 hours before it; for a past period (the
 * previous period's cut hour, OEE's planned one) it is as long as by start, about 80 intervals a system of which 2–4
 * started before the period's end. The index holds every column the scan reads, so where the visibility map says a page
 * is all-visible (autovacuum's work, on PGlite pglite-autovacuum.ts) those are tested on the index entries and not read
 * from the table (docs/benchmarks.md, session 22). By end, the test on started_at is written so no index can serve it
 * (`+ interval '0 s'`): PostgreSQL with statistics (the 2,000-printer year, copied in bulk) ANDed the block-range index
 * on started_at — whose ranges the bulk copy left wide, 2.7 million rows a system — with this one, 6–8 s a statement
 * (docs/benchmarks.md, session 18); as an index condition, even bounded on both sides, PGlite chose
 * status_intervals_system_time's range for it on the plan tests' fleet (session 22). The range's end is the key's
 * column `ended_before` (statusScanEnd), not `period_end + interval`: under row-level security (the API role) only
 * leak-proof tests may enter an index condition, and timestamptz + interval is not one, so the range had no end — every
 * later interval of the system read and filtered, and the estimate that made PostgreSQL compile the statement (JIT,
 * 0.5–0.9 s a statement on the 2,000-printer year, docs/benchmarks.md, session 19).
 */
const statusOfKey = (tenantId: string, { by }: StatusScan) => {
  const lookAround = raw(`interval '${MAX_STATUS_INTERVAL_HOURS} hours'`);
  const range =
    by === 'start'
      ? sql`s.started_at >= k.period_start - ${lookAround} AND s.started_at < k.period_end AND s.ended_at > k.period_start
        ORDER BY s.started_at`
      : sql`s.ended_at > k.period_start AND s.ended_at < k.ended_before
        AND s.started_at + interval '0 s' < k.period_end
        ORDER BY s.ended_at`;
  return sql`FROM (SELECT s.status, s.started_at, s.ended_at FROM status_intervals s
    WHERE s.tenant_id = ${tenantId} AND s.system_id = k.system_id AND ${range}) s`;
};

/** Ink loads of the key's system in its period. */
const inkLoadsOfKey = (tenantId: string) =>
  sql`FROM (SELECT l.loaded_at FROM ink_loads l WHERE l.tenant_id = ${tenantId} AND l.system_id = k.system_id
    AND l.loaded_at >= k.period_start AND l.loaded_at < k.period_end ORDER BY l.loaded_at) l`;

/**
 * The joins that measure each row `k(system_id, period_start, period_end)` from the raw rows: after them every column of
 * ROLLUP_COLUMNS is available, null where nothing was found (`coalesce` it). The rollups are built with them, and the
 * reports read a partial hour with them (a period in progress, docs/kpi-glossary.md "Change and trend"); by end, the
 * rows also carry `ended_before` (StatusScan).
 */
export function rawMeasureJoins(tenantId: string, scan: StatusScan): RawBuilder<unknown> {
  return sql`${rawJobAndInkJoins(tenantId)} ${rawStatusJoin(tenantId, scan)}`;
}

/**
 * The join that measures each row `k(system_id, period_start, period_end)`'s status seconds from the raw status
 * intervals alone: after it every status column of ROLLUP_COLUMNS is available (`status_agg`), null where none was found.
 */
export function rawStatusJoin(tenantId: string, scan: StatusScan): RawBuilder<unknown> {
  const overlap = seconds('greatest(s.started_at, k.period_start)', 'least(s.ended_at, k.period_end)');
  const statusMeasures = STATUSES.map(
    (status) => `sum(${overlap}) FILTER (WHERE s.status = '${status.name}') AS ${status.column}`,
  ).join(', ');
  return sql`CROSS JOIN LATERAL (SELECT ${raw(statusMeasures)} ${statusOfKey(tenantId, scan)}) status_agg`;
}

/** The joins that measure each row's jobs and ink loads from the raw rows (rawMeasureJoins without the statuses). */
function rawJobAndInkJoins(tenantId: string): RawBuilder<unknown> {
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
  return sql`CROSS JOIN LATERAL (SELECT ${raw(jobMeasures)} ${jobsOfKey(tenantId)}) job_agg
    CROSS JOIN LATERAL (SELECT count(*)::int AS bottles_loaded ${inkLoadsOfKey(tenantId)}) ink_agg`;
}

/** system_day rows for the touched days: per key, its measures from rawMeasureJoins. */
function systemDayRollup(tenantId: string, touched: RawBuilder<unknown>): RawBuilder<unknown> {
  const columns = ROLLUP_COLUMNS.join(', ');
  const values = ROLLUP_COLUMNS.map((column) => `coalesce(${column}, 0)`).join(', ');
  const updates = ROLLUP_COLUMNS.map((column) => `${column} = EXCLUDED.${column}`).join(', ');
  return sql`WITH touched AS (${touched})
    INSERT INTO system_day (tenant_id, system_id, local_day, ${raw(columns)})
    SELECT ${tenantId}, k.system_id, k.key, ${raw(values)}
    FROM touched k
    ${rawMeasureJoins(tenantId, { by: 'start' })}
    ON CONFLICT (tenant_id, system_id, local_day) DO UPDATE SET ${raw(updates)}`;
}

/**
 * The value each fact row adds to each ROLLUP_COLUMNS column (absent: nothing), the same measures rawMeasureJoins
 * aggregates per key: for a job `j`, a status piece `s` (its `seconds` within the hour) and an ink load.
 */
const JOB_ROW: Record<string, string> = {
  jobs: '1',
  impressions: 'j.impressions',
  dark_impressions: 'CASE WHEN j.dark_garment THEN j.impressions END',
  media_length_mm: 'j.media_length_mm',
  print_seconds: seconds('j.started_at', 'j.ended_at'),
  rejected_impressions: 'CASE WHEN j.rejected THEN j.impressions END',
  rejected_media_length_mm: 'CASE WHEN j.rejected THEN j.media_length_mm END',
  ...Object.fromEntries(INK_COLOURS.map((colour) => [`ink_${colour}_ul`, `j.ink_${colour}_ul`])),
};
const STATUS_ROW: Record<string, string> = Object.fromEntries(
  STATUSES.map((status) => [status.column, `CASE WHEN s.status = '${status.name}' THEN s.seconds END`]),
);
const INK_LOAD_ROW: Record<string, string> = { bottles_loaded: '1' };

/** A fact row's measure columns in ROLLUP_COLUMNS order, NULL where the row adds nothing. */
const rowValues = (row: Record<string, string>) =>
  ROLLUP_COLUMNS.map((column) => `${row[column] ?? 'NULL::numeric'} AS ${column}`).join(', ');

/** The whole UTC hour an instant falls in. */
const hourOf = (instant: string) => `date_bin('1 hour', ${instant}, timestamptz '1970-01-01 00:00:00+00')`;

/**
 * system_hour rows for the touched hours, set-based: the touched hours of a system form spans of consecutive hours,
 * the facts of each span are read once (one index range scan per span and fact table), a status interval is cut into
 * the span's hours it overlaps, and everything is summed by (system, hour) in one aggregate. Per key, as
 * systemDayRollup does for days, a status interval's scan would reach MAX_STATUS_INTERVAL_HOURS back for every hour;
 * per span only once (a day of a printer is one span), and a few hours touched far apart are not one long span.
 */
function systemHourRollup(tenantId: string, touched: RawBuilder<unknown>): RawBuilder<unknown> {
  const columns = ROLLUP_COLUMNS.join(', ');
  const sums = ROLLUP_COLUMNS.map((column) => `coalesce(sum(${column}), 0)`).join(', ');
  const updates = ROLLUP_COLUMNS.map((column) => `${column} = EXCLUDED.${column}`).join(', ');
  const lookBack = raw(`interval '${MAX_STATUS_INTERVAL_HOURS} hours'`);
  return sql`WITH touched AS (${touched}),
    spans AS (
      SELECT system_id, min(period_start) AS lo, max(period_end) AS hi FROM (
        SELECT system_id, period_start, period_end,
          period_start - row_number() OVER (PARTITION BY system_id ORDER BY period_start) * interval '1 hour' AS run
        FROM touched
      ) consecutive GROUP BY system_id, run
    ),
    facts AS (
      SELECT k.system_id, k.key AS hour_start, true AS is_key, ${raw(rowValues({}))} FROM touched k
      UNION ALL
      SELECT j.system_id, ${raw(hourOf('j.ended_at'))}, false, ${raw(rowValues(JOB_ROW))}
      FROM spans sp CROSS JOIN LATERAL (SELECT * FROM jobs j WHERE j.tenant_id = ${tenantId}
        AND j.system_id = sp.system_id AND j.ended_at >= sp.lo AND j.ended_at < sp.hi ORDER BY j.ended_at) j
      UNION ALL
      SELECT s.system_id, s.hour_start, false, ${raw(rowValues(STATUS_ROW))}
      FROM (
        SELECT i.system_id, i.status, h.hour_start,
          ${raw(seconds('greatest(i.started_at, h.hour_start)', "least(i.ended_at, h.hour_start + interval '1 hour')"))} AS seconds
        FROM spans sp CROSS JOIN LATERAL (SELECT i.system_id, i.status, i.started_at, i.ended_at FROM status_intervals i
          WHERE i.tenant_id = ${tenantId} AND i.system_id = sp.system_id AND i.started_at >= sp.lo - ${lookBack}
            AND i.started_at < sp.hi AND i.ended_at > sp.lo ORDER BY i.started_at) i
        CROSS JOIN LATERAL generate_series(${raw(hourOf('i.started_at'))}, i.ended_at, interval '1 hour') AS h(hour_start)
        WHERE h.hour_start < i.ended_at AND h.hour_start >= sp.lo AND h.hour_start < sp.hi
      ) s
      UNION ALL
      SELECT l.system_id, ${raw(hourOf('l.loaded_at'))}, false, ${raw(rowValues(INK_LOAD_ROW))}
      FROM spans sp CROSS JOIN LATERAL (SELECT l.system_id, l.loaded_at FROM ink_loads l WHERE l.tenant_id = ${tenantId}
        AND l.system_id = sp.system_id AND l.loaded_at >= sp.lo AND l.loaded_at < sp.hi ORDER BY l.loaded_at) l
    )
    INSERT INTO system_hour (tenant_id, system_id, hour_start, ${raw(columns)})
    SELECT ${tenantId}, f.system_id, f.hour_start, ${raw(sums)}
    FROM facts f
    GROUP BY f.system_id, f.hour_start
    HAVING bool_or(f.is_key)
    ON CONFLICT (tenant_id, system_id, hour_start) DO UPDATE SET ${raw(updates)}`;
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
  await systemHourRollup(tenantId, touchedHours(tenantId, keys)).execute(db);
}

/** Recomputes system_day and job_day for the given keys (job_day only where a job ended that day). */
export async function recomputeSystemDays(
  db: Kysely<Database>,
  tenantId: string,
  keys: readonly DayKey[],
): Promise<void> {
  if (keys.length === 0) return;
  await systemDayRollup(tenantId, touchedDays(tenantId, keys)).execute(db);
  await jobDayRollup(tenantId, touchedDays(tenantId, keys)).execute(db);
}

/** Keys per statement: the touched set travels as two array parameters, so its size only bounds memory. */
const KEY_CHUNK = 5000;

/**
 * Recomputes system_hour, system_day and job_day for every key in `touched`, then the site and month rollups of those
 * days.
 * Run it in the writing transaction.
 */
export async function recomputeRollups(db: Kysely<Database>, tenantId: string, touched: TouchedKeys): Promise<void> {
  // By system and hour: a system's consecutive hours then go in one chunk, as one span (systemHourRollup).
  const hours = touched.hours.sort(
    (a, b) => a.systemId.localeCompare(b.systemId) || a.hourStart.getTime() - b.hourStart.getTime(),
  );
  const days = touched.days;
  for (let start = 0; start < hours.length; start += KEY_CHUNK) {
    await recomputeSystemHours(db, tenantId, hours.slice(start, start + KEY_CHUNK));
  }
  for (let start = 0; start < days.length; start += KEY_CHUNK) {
    await recomputeSystemDays(db, tenantId, days.slice(start, start + KEY_CHUNK));
  }
  for (let start = 0; start < days.length; start += KEY_CHUNK) {
    await recomputeSiteRollups(db, tenantId, days.slice(start, start + KEY_CHUNK));
    await recomputeMonthRollups(db, tenantId, days.slice(start, start + KEY_CHUNK));
  }
}
