import { sql, type Kysely, type RawBuilder } from 'kysely';
import type { Database } from '../db/schema.ts';
import { MAX_STATUS_INTERVAL_HOURS } from './measures.ts';

/**
 * OEE's planned time as a rollup (docs/kpi-glossary.md "OEE"; migration 025), kept by the ingest path like the
 * measures. `planned_spans` holds per system the stretch of hours the planned rollup covers, from `first_hour` (the
 * hour of the earliest time a record it sent holds) to `data_end`, the end of the system's data (the latest time a
 * record it sent covers, Not reporting intervals included). `planned_hour` has a row for every UTC hour of that stretch
 * that lies inside a shift the system works: its planned seconds (3,600, or up to the data end in the hour holding it;
 * twice where two of its shifts overlap)
 * and the OEE measures of its `system_hour` row (run time = Printing + Preparation + Idle, production, rejected
 * production); `planned_day` sums them per local day of the site. Before `first_hour` nothing was measured, so the OEE
 * call adds the shift calendar's time there itself ({@link shiftWorks}); after `data_end` there is no planned time.
 *
 * An hour is inside a shift when its local wall-clock hour is: shifts start and end on whole hours of the site clock
 * (migration 012), a night shift's hours after midnight belong to the day it started. On a DST day that gives what the
 * calendar gives (a spring night is an hour shorter, an autumn one an hour longer). Like every hourly rollup this
 * assumes sites on whole-hour UTC offsets.
 */

const HOUR_MS = 3_600_000;
const raw = (text: string) => sql.raw(text);

/**
 * The measures of planned_hour and planned_day besides planned_seconds: each the system_hour `h` column(s) it sums,
 * and for production the jobs `j` that ended exactly at the data end, which lie outside the planned time (it ends there).
 */
export const PLANNED_MEASURES = [
  ['run_seconds', 'h.printing_seconds + h.preparation_seconds + h.idle_seconds', null],
  ['impressions', 'h.impressions', 'sum(j.impressions)'],
  ['rejected_impressions', 'h.rejected_impressions', 'sum(j.impressions) FILTER (WHERE j.rejected)'],
  ['media_length_mm', 'h.media_length_mm', 'sum(j.media_length_mm)'],
  ['rejected_media_length_mm', 'h.rejected_media_length_mm', 'sum(j.media_length_mm) FILTER (WHERE j.rejected)'],
] as const;
export const PLANNED_COLUMNS = ['planned_seconds', ...PLANNED_MEASURES.map(([column]) => column)] as const;

/**
 * The shifts each of the systems works: `(system_id, start_minute, end_minute, weekdays, from_day, until_day)`: the
 * shifts of its site; a system with shift targets only those it has a target for, from the first target's valid_from;
 * never before its model start date nor after its model end date.
 */
export function shiftWorks(tenantId: string, systemIds: readonly string[]): RawBuilder<ShiftWork> {
  return sql<ShiftWork>`SELECT sy.id AS system_id,
      (extract(hour FROM sh.starts_at) * 60)::int AS start_minute,
      (extract(hour FROM sh.ends_at) * 60)::int AS end_minute,
      sh.weekdays::int[] AS weekdays,
      greatest(min(st.valid_from), sy.model_start_date)::text AS from_day,
      sy.model_end_date::text AS until_day
    FROM systems sy
    JOIN shifts sh ON sh.tenant_id = sy.tenant_id AND sh.site_id = sy.site_id
    LEFT JOIN shift_targets st ON st.tenant_id = sy.tenant_id AND st.system_id = sy.id AND st.shift_id = sh.id
    WHERE sy.tenant_id = ${tenantId} AND sy.id = ANY(${systemIds}::text[])
    GROUP BY sy.tenant_id, sy.id, sh.id, sh.starts_at, sh.ends_at, sh.weekdays, sy.model_start_date, sy.model_end_date
    HAVING count(st.shift_id) > 0
      OR NOT EXISTS (SELECT 1 FROM shift_targets x WHERE x.tenant_id = sy.tenant_id AND x.system_id = sy.id)`;
}

export interface ShiftWork {
  system_id: string;
  start_minute: number;
  end_minute: number;
  weekdays: number[];
  from_day: string | null;
  until_day: string | null;
}

/**
 * Where each system's data ends: the latest time covered by a record it sent, Not reporting intervals included — its
 * last update (`last_reported_at`) or the end of its latest status interval, whichever is later. Epoch ms; absent when
 * it never sent anything. An interval is at most MAX_STATUS_INTERVAL_HOURS long, so the latest end is among the
 * intervals starting that long before the latest start: two index range scans per system.
 */
export async function dataEnds(
  db: Kysely<Database>,
  tenantId: string,
  systemIds: readonly string[],
): Promise<Map<string, number>> {
  if (systemIds.length === 0) return new Map();
  // The bound is computed in the lateral join, not in the scan's condition: under row-level security a condition
  // holding an operator that is not leakproof (timestamptz - interval) is not used as an index condition.
  const { rows } = await sql<{ system_id: string; data_end: Date | null }>`
    SELECT sy.id AS system_id, greatest(sy.last_reported_at, (
        SELECT max(s.ended_at) FROM status_intervals s
        WHERE s.tenant_id = sy.tenant_id AND s.system_id = sy.id AND s.started_at >= latest.bound
      )) AS data_end
    FROM systems sy
    LEFT JOIN LATERAL (
      SELECT x.started_at - ${raw(`interval '${MAX_STATUS_INTERVAL_HOURS} hours'`)} AS bound
      FROM status_intervals x WHERE x.tenant_id = sy.tenant_id AND x.system_id = sy.id
      ORDER BY x.started_at DESC LIMIT 1
    ) latest ON true
    WHERE sy.tenant_id = ${tenantId} AND sy.id = ANY(${systemIds}::text[])`.execute(db);
  return new Map(
    rows.flatMap((row) => (row.data_end === null ? [] : [[row.system_id, new Date(row.data_end).getTime()] as const])),
  );
}

/** Hours `[from, to)` (epoch ms, whole hours) of one system whose planned rows are recomputed. */
export interface HourRange {
  systemId: string;
  from: number;
  to: number;
}

/** One system's stretch of the planned rollup: `[firstHour, dataEnd)`, epoch ms. */
export interface PlannedSpan {
  firstHour: number;
  dataEnd: number;
}

const iso = (time: number) => new Date(time).toISOString();

/** `r(system_id, from_at, to_at)`: the ranges as a relation. */
const rangesOf = (ranges: readonly HourRange[]) =>
  sql`SELECT * FROM unnest(${ranges.map((range) => range.systemId)}::text[],
    ${ranges.map((range) => iso(range.from))}::timestamptz[], ${ranges.map((range) => iso(range.to))}::timestamptz[])
    AS r(system_id, from_at, to_at)`;

/** Whether a shift `w` is worked on a shift starting on the date expression `day`. */
const workedOn = (day: string) =>
  `extract(isodow FROM ${day})::int = ANY(w.weekdays)
    AND (w.from_day IS NULL OR ${day} >= w.from_day::date) AND (w.until_day IS NULL OR ${day} <= w.until_day::date)`;

/** Whether the local wall-clock time `k.local_at` lies inside a shift `w` (a night shift's morning: the day before's). */
const IN_SHIFT = `(
  (w.end_minute > w.start_minute AND k.local_minute >= w.start_minute AND k.local_minute < w.end_minute
    AND ${workedOn('k.local_day')})
  OR (w.end_minute <= w.start_minute AND k.local_minute >= w.start_minute AND ${workedOn('k.local_day')})
  OR (w.end_minute <= w.start_minute AND k.local_minute < w.end_minute AND ${workedOn('(k.local_day - 1)')}))`;

/**
 * Recomputes planned_hour and planned_day for the ranges from the shift calendar, the systems' planned spans and
 * system_hour. Run after system_hour and planned_spans are up to date, in the writing transaction.
 */
export async function recomputePlannedHours(
  db: Kysely<Database>,
  tenantId: string,
  ranges: readonly HourRange[],
): Promise<void> {
  if (ranges.length === 0) return;
  await deletePlannedHours(tenantId, ranges).execute(db);
  await insertPlannedHours(tenantId, ranges).execute(db);
  await recomputePlannedDays(db, tenantId, ranges);
}

/** The DELETE of the planned_hour rows of the ranges. Exported for the test of its plan (planned-hours.plan.test.ts). */
export function deletePlannedHours(tenantId: string, ranges: readonly HourRange[]): RawBuilder<unknown> {
  return sql`DELETE FROM planned_hour p USING (${rangesOf(ranges)}) r
    WHERE p.tenant_id = ${tenantId} AND p.system_id = r.system_id
      AND p.hour_start >= r.from_at AND p.hour_start < r.to_at`;
}

/**
 * The INSERT of the planned_hour rows of the ranges (none there yet). Each planned hour reads its own system_hour row
 * through a LATERAL subquery the planner cannot flatten (`LIMIT 1`; the primary key holds at most one), so it is
 * always an index probe by the full key, one per planned hour, whatever the planner's statistics say. A plain join
 * let the planner, when the last ANALYZE had seen none of the tenant's system_hour rows (a new tenant, a bulk fill's
 * first flush: estimates of one row throughout), loop over the planned hours with a scan of all the tenant's
 * system_hour rows inside: planned hours × the tenant's hours, over 13 minutes for 100 of 660 printers × 14 days
 * (docs/benchmarks.md, session 16). Exported for the test of that bound (planned-hours.plan.test.ts).
 */
export function insertPlannedHours(tenantId: string, ranges: readonly HourRange[]): RawBuilder<unknown> {
  const systemIds = [...new Set(ranges.map((range) => range.systemId))];
  // Shifts of one system are not expected to overlap; where they do, the time counts once per shift, as in
  // src/shared/kpi/planned-time.ts (staffed twice); production counts once.
  const values = PLANNED_MEASURES.map(([column, sum, atEnd]) =>
    atEnd === null
      ? `coalesce(${sum}, 0) * n.shifts AS ${column}`
      : `coalesce(${sum}, 0) - coalesce(e.${column}, 0) AS ${column}`,
  ).join(', ');
  const atEnd = PLANNED_MEASURES.flatMap(([column, , sum]) => (sum === null ? [] : [`${sum} AS ${column}`])).join(', ');
  return sql`WITH r AS (${rangesOf(ranges)}),
    sp AS (
      SELECT p.system_id, p.first_hour, p.data_end, si.time_zone FROM planned_spans p
      JOIN systems sy ON sy.tenant_id = p.tenant_id AND sy.id = p.system_id
      JOIN sites si ON si.tenant_id = sy.tenant_id AND si.id = sy.site_id
      WHERE p.tenant_id = ${tenantId} AND p.system_id = ANY(${systemIds}::text[])
    ),
    w AS MATERIALIZED (${shiftWorks(tenantId, systemIds)}),
    hours AS (
      SELECT DISTINCT r.system_id, g.hour_start, sp.data_end, g.hour_start AT TIME ZONE sp.time_zone AS local_at
      FROM r JOIN sp ON sp.system_id = r.system_id
      CROSS JOIN LATERAL generate_series(greatest(r.from_at, sp.first_hour),
        least(r.to_at, sp.data_end) - interval '1 microsecond', interval '1 hour') AS g(hour_start)
    ),
    k AS (
      SELECT hours.*, hours.local_at::date AS local_day,
        (extract(hour FROM hours.local_at) * 60 + extract(minute FROM hours.local_at))::int AS local_minute
      FROM hours
    ),
    n AS (
      SELECT k.system_id, k.hour_start, k.data_end, count(*)::int AS shifts
      FROM k JOIN w ON w.system_id = k.system_id
      WHERE ${raw(IN_SHIFT)}
      GROUP BY k.system_id, k.hour_start, k.data_end
    )
    INSERT INTO planned_hour (tenant_id, system_id, hour_start, ${raw(PLANNED_COLUMNS.join(', '))})
    SELECT ${tenantId}, n.system_id, n.hour_start,
      least(3600, extract(epoch FROM n.data_end - n.hour_start))::float8 * n.shifts, ${raw(values)}
    FROM n
    LEFT JOIN LATERAL (SELECT * FROM system_hour h
      WHERE h.tenant_id = ${tenantId} AND h.system_id = n.system_id AND h.hour_start = n.hour_start LIMIT 1) h ON true
    LEFT JOIN LATERAL (SELECT ${raw(atEnd)} FROM jobs j
      WHERE j.tenant_id = ${tenantId} AND j.system_id = n.system_id AND j.ended_at = n.data_end
        AND n.data_end < n.hour_start + interval '1 hour') e ON true`;
}

/** `d(system_id, local_day, time_zone)`: the local days the ranges reach. */
const plannedDaysOf = (tenantId: string, ranges: readonly HourRange[]) =>
  sql`SELECT DISTINCT r.system_id, g.day::date AS local_day, si.time_zone
    FROM (${rangesOf(ranges)}) r
    JOIN systems sy ON sy.tenant_id = ${tenantId} AND sy.id = r.system_id
    JOIN sites si ON si.tenant_id = sy.tenant_id AND si.id = sy.site_id
    CROSS JOIN LATERAL generate_series((r.from_at AT TIME ZONE si.time_zone)::date,
      ((r.to_at - interval '1 microsecond') AT TIME ZONE si.time_zone)::date, interval '1 day') AS g(day)`;

/** The DELETE of the planned_day rows of the days the ranges reach. Exported for planned-hours.plan.test.ts. */
export function deletePlannedDays(tenantId: string, ranges: readonly HourRange[]): RawBuilder<unknown> {
  return sql`DELETE FROM planned_day p USING (${plannedDaysOf(tenantId, ranges)}) d
    WHERE p.tenant_id = ${tenantId} AND p.system_id = d.system_id AND p.local_day = d.local_day`;
}

/** planned_day of every local day the ranges reach: the sums of its planned_hour rows (no row without one). */
async function recomputePlannedDays(
  db: Kysely<Database>,
  tenantId: string,
  ranges: readonly HourRange[],
): Promise<void> {
  const days = plannedDaysOf(tenantId, ranges);
  await deletePlannedDays(tenantId, ranges).execute(db);
  const sums = PLANNED_COLUMNS.map((column) => `sum(h.${column}) AS ${column}`).join(', ');
  await sql`INSERT INTO planned_day (tenant_id, system_id, local_day, ${raw(PLANNED_COLUMNS.join(', '))})
    SELECT ${tenantId}, d.system_id, d.local_day, ${raw(PLANNED_COLUMNS.map((column) => `a.${column}`).join(', '))}
    FROM (${days}) d
    CROSS JOIN LATERAL (
      SELECT count(*) AS hours, ${raw(sums)} FROM planned_hour h
      WHERE h.tenant_id = ${tenantId} AND h.system_id = d.system_id
        AND h.hour_start >= (d.local_day::timestamp AT TIME ZONE d.time_zone)
        AND h.hour_start < ((d.local_day + 1)::timestamp AT TIME ZONE d.time_zone)
    ) a
    WHERE a.hours > 0`.execute(db);
}

const floorHour = (time: number) => Math.floor(time / HOUR_MS) * HOUR_MS;
const ceilHour = (time: number) => Math.ceil(time / HOUR_MS) * HOUR_MS;

/** Sorted, merged ranges of each system (touching ranges joined). */
function mergeRanges(ranges: readonly HourRange[]): HourRange[] {
  const sorted = [...ranges].sort((a, b) => a.systemId.localeCompare(b.systemId) || a.from - b.from);
  const merged: HourRange[] = [];
  for (const range of sorted) {
    const last = merged.at(-1);
    if (last !== undefined && last.systemId === range.systemId && range.from <= last.to) {
      last.to = Math.max(last.to, range.to);
    } else if (range.from < range.to) {
      merged.push({ ...range });
    }
  }
  return merged;
}

/** What a written batch changed for the planned rollup. */
export interface PlannedChange {
  /** The earliest time (epoch ms) of the fact records stored for each system: its data may start earlier, end later. */
  firstTimes: ReadonlyMap<string, number>;
  /** The system-hours whose measures were recomputed (epoch ms of the hour start), by system. */
  touchedHours: ReadonlyMap<string, readonly number[]>;
  /** Systems whose shift calendar changed: their whole span is recomputed. */
  calendarSystems: readonly string[];
}

/**
 * Keeps planned_spans, planned_hour and planned_day after a batch: a system's span reaches from the hour of its
 * earliest record to its data end; the hours the span grew by, the measured hours the batch touched, and every hour of
 * a system whose calendar changed (or that is new) are recomputed. Run in the writing transaction, after the system
 * rollups, with the systems locked.
 */
export async function keepPlannedHours(db: Kysely<Database>, tenantId: string, change: PlannedChange): Promise<void> {
  const calendar = new Set(change.calendarSystems);
  const systemIds = [...new Set([...change.firstTimes.keys(), ...change.calendarSystems])];
  if (systemIds.length === 0) return;
  const spans = await plannedSpans(db, tenantId, systemIds);
  const ends = await dataEnds(db, tenantId, systemIds);
  const ranges: HourRange[] = [];
  const updated: { systemId: string; span: PlannedSpan }[] = [];
  for (const systemId of systemIds) {
    const dataEnd = ends.get(systemId);
    const old = spans.get(systemId);
    const first = change.firstTimes.get(systemId);
    if (dataEnd === undefined || (old === undefined && first === undefined)) continue;
    const span = {
      firstHour: floorHour(Math.min(old?.firstHour ?? Number.POSITIVE_INFINITY, first ?? Number.POSITIVE_INFINITY)),
      dataEnd: Math.max(dataEnd, old?.dataEnd ?? dataEnd),
    };
    updated.push({ systemId, span });
    if (old === undefined || calendar.has(systemId)) {
      ranges.push({ systemId, from: span.firstHour, to: ceilHour(span.dataEnd) + HOUR_MS });
      continue;
    }
    if (span.firstHour < old.firstHour) ranges.push({ systemId, from: span.firstHour, to: old.firstHour });
    if (span.dataEnd > old.dataEnd) ranges.push({ systemId, from: floorHour(old.dataEnd), to: ceilHour(span.dataEnd) });
    for (const hour of change.touchedHours.get(systemId) ?? [])
      ranges.push({ systemId, from: hour, to: hour + HOUR_MS });
  }
  if (updated.length === 0) return;
  await sql`INSERT INTO planned_spans (tenant_id, system_id, first_hour, data_end)
    SELECT ${tenantId}, s.system_id, s.first_hour, s.data_end
    FROM unnest(${updated.map((entry) => entry.systemId)}::text[],
      ${updated.map((entry) => iso(entry.span.firstHour))}::timestamptz[],
      ${updated.map((entry) => iso(entry.span.dataEnd))}::timestamptz[]) AS s(system_id, first_hour, data_end)
    ON CONFLICT (tenant_id, system_id) DO UPDATE SET first_hour = EXCLUDED.first_hour, data_end = EXCLUDED.data_end`.execute(
    db,
  );
  await recomputePlannedHours(db, tenantId, mergeRanges(ranges));
}

/** The times each record kind starts at: the earliest of them over a system's rows is where its data starts. */
const RECORD_STARTS: readonly [string, string][] = [
  ['status_intervals', 'started_at'],
  ['jobs', 'started_at'],
  ['events', 'started_at'],
  ['ink_loads', 'loaded_at'],
  ['software_versions', 'reported_at'],
  ['machine_parameters', 'recorded_at'],
  ['qualiset_results', 'measured_at'],
];

/** The earliest time (epoch ms) of any record each system of the tenant sent, by system id (for a rebuild). */
export async function firstRecordTimes(db: Kysely<Database>, tenantId: string): Promise<Map<string, number>> {
  const parts = RECORD_STARTS.map(
    ([table, column]) =>
      sql`SELECT system_id, min(${sql.ref(column)}) AS first_at FROM ${sql.table(table)}
        WHERE tenant_id = ${tenantId} GROUP BY system_id`,
  );
  const { rows } = await sql<{ system_id: string; first_at: Date }>`SELECT system_id, min(first_at) AS first_at
    FROM (${sql.join(parts, sql` UNION ALL `)}) f GROUP BY system_id`.execute(db);
  return new Map(rows.map((row) => [row.system_id, new Date(row.first_at).getTime()]));
}

/** The planned spans of the systems that have one, by system id. */
export async function plannedSpans(
  db: Kysely<Database>,
  tenantId: string,
  systemIds: readonly string[],
): Promise<Map<string, PlannedSpan>> {
  if (systemIds.length === 0) return new Map();
  const rows = await db
    .selectFrom('planned_spans')
    .where('tenant_id', '=', tenantId)
    .where('system_id', 'in', [...systemIds])
    .select(['system_id', 'first_hour', 'data_end'])
    .execute();
  return new Map(
    rows.map((row) => [
      row.system_id,
      { firstHour: new Date(row.first_hour).getTime(), dataEnd: new Date(row.data_end).getTime() },
    ]),
  );
}
