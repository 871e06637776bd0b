import { sql, type Kysely, type RawBuilder } from 'kysely';
import type { ReportPeriod } from '../../shared/api-types.ts';
import { plannedSeconds, type LocalWindow, type OeeInputs, type WorkedShift } from '../../shared/kpi/index.ts';
import type { SystemGroup } from '../../shared/system-group.ts';
import { localTimeToInstant } from '../../shared/time/local-time.ts';
import type { Database } from '../db/schema.ts';
import type { SelectedSystem } from './overview-measures.ts';

/**
 * OEE's inputs per selected system (docs/kpi-glossary.md "OEE"): the shifts each system works (`shifts` of its site;
 * with shift targets only the shifts it has a target for, from the first target's valid_from), planned time from those
 * shifts on the calendar, and run time, production and rejected production of the `system_hour` rows inside them.
 * Shifts start and end on whole hours (migration 012), so an hour row is either inside a shift or not.
 */

/** `works(system_id, start_minute, end_minute, weekdays, from_day, until_day)`: the shifts each system works. */
function worksOf(tenantId: string, systemIds: readonly string[]): RawBuilder<unknown> {
  return sql`SELECT sy.id AS system_id,
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

interface WorkRow {
  system_id: string;
  start_minute: number;
  end_minute: number;
  weekdays: number[];
  from_day: string | null;
  until_day: string | null;
}

interface HourSums {
  system_id: string;
  reported_seconds: number;
  run_seconds: number;
  impressions: number;
  rejected_impressions: number;
  media_length_mm: number;
  rejected_media_length_mm: number;
}

/**
 * Whether a shift starting on local day `day` is worked: its weekday and the system's first and last day. `day` is an
 * SQL date expression.
 */
const worksOn = (day: string) =>
  `extract(isodow FROM ${day})::int = ANY(w.weekdays)
    AND (w.from_day IS NULL OR ${day} >= w.from_day::date) AND (w.until_day IS NULL OR ${day} <= w.until_day::date)`;

/**
 * An hour row is inside a shift when its local start (day `l.day`, minute of day `l.minute`) lies in a shift: a day
 * shift that day, or a night shift (end at or before start) that started that evening or the evening before.
 */
const IN_SHIFT = `EXISTS (SELECT 1 FROM works w WHERE w.system_id = h.system_id AND (
    (w.start_minute < w.end_minute AND l.minute >= w.start_minute AND l.minute < w.end_minute AND ${worksOn('l.day')})
    OR (w.start_minute >= w.end_minute AND l.minute >= w.start_minute AND ${worksOn('l.day')})
    OR (w.start_minute >= w.end_minute AND l.minute < w.end_minute AND ${worksOn('(l.day - 1)')})))`;

const windowOf = (period: ReportPeriod): LocalWindow => ({
  fromDay: period.startDay,
  fromHour: period.startHour,
  toDay: period.endDay,
  toHour: period.endHour,
});

/** In-shift sums of the hour rows of every selected system in the period (each system's own local window). */
async function hourSums(
  db: Kysely<Database>,
  tenantId: string,
  systems: readonly SelectedSystem[],
  period: ReportPeriod,
): Promise<HourSums[]> {
  const window = windowOf(period);
  const zones = [...new Set(systems.map((system) => system.timeZone))];
  // A constant range on hour_start lets the planner scan the (tenant_id, system_id, hour_start) key.
  const start = new Date(
    Math.min(...zones.map((zone) => localTimeToInstant(window.fromDay, window.fromHour * 60, zone))),
  );
  const end = new Date(
    Math.max(...zones.map((zone) => localTimeToInstant(window.toDay, (window.toHour + 1) * 60, zone))),
  );
  const { rows } = await sql<HourSums>`
    WITH sel AS (
      SELECT * FROM unnest(${systems.map((system) => system.id)}::text[], ${systems.map((system) => system.timeZone)}::text[])
        AS s(id, time_zone)
    ), works AS (${worksOf(
      tenantId,
      systems.map((system) => system.id),
    )})
    SELECT h.system_id,
      sum(h.printing_seconds + h.preparation_seconds + h.idle_seconds + h.error_seconds + h.maintenance_seconds)::float8
        AS reported_seconds,
      coalesce(sum(h.printing_seconds + h.preparation_seconds + h.idle_seconds) FILTER (WHERE s.in_shift), 0)::float8
        AS run_seconds,
      coalesce(sum(h.impressions) FILTER (WHERE s.in_shift), 0)::float8 AS impressions,
      coalesce(sum(h.rejected_impressions) FILTER (WHERE s.in_shift), 0)::float8 AS rejected_impressions,
      coalesce(sum(h.media_length_mm) FILTER (WHERE s.in_shift), 0)::float8 AS media_length_mm,
      coalesce(sum(h.rejected_media_length_mm) FILTER (WHERE s.in_shift), 0)::float8 AS rejected_media_length_mm
    FROM system_hour h
    JOIN sel ON sel.id = h.system_id
    CROSS JOIN LATERAL (SELECT h.hour_start AT TIME ZONE sel.time_zone AS local) t
    CROSS JOIN LATERAL (SELECT t.local::date AS day,
      (extract(hour FROM t.local) * 60 + extract(minute FROM t.local))::int AS minute) l
    CROSS JOIN LATERAL (SELECT ${sql.raw(IN_SHIFT)} AS in_shift) s
    WHERE h.tenant_id = ${tenantId}
      AND h.hour_start >= ${start} AND h.hour_start < ${end}
      AND h.hour_start >= ((${window.fromDay}::date + make_interval(hours => ${window.fromHour}::int)) AT TIME ZONE sel.time_zone)
      AND h.hour_start < ((${window.toDay}::date + make_interval(hours => ${window.toHour + 1}::int)) AT TIME ZONE sel.time_zone)
    GROUP BY h.system_id`.execute(db);
  return rows;
}

/** The ideal rate of each selected system's model (null while unknown). */
async function idealRates(
  db: Kysely<Database>,
  tenantId: string,
  systems: readonly SelectedSystem[],
): Promise<Map<string, number | null>> {
  const rows = await db
    .selectFrom('systems')
    .innerJoin('models', (join) =>
      join.onRef('models.tenant_id', '=', 'systems.tenant_id').onRef('models.id', '=', 'systems.model_id'),
    )
    .where('systems.tenant_id', '=', tenantId)
    .where(
      'systems.id',
      'in',
      systems.map((system) => system.id),
    )
    .select(['systems.id', 'models.ideal_rate_per_hour'])
    .execute();
  return new Map(
    rows.map((row) => [row.id, row.ideal_rate_per_hour === null ? null : Number(row.ideal_rate_per_hour)]),
  );
}

/**
 * OEE's inputs of each selected system in the period, by system id (production in the group's unit). Planned time
 * ends at `now`: the shift hours still to come of a running period are not yet planned time lost.
 */
export async function loadOeeInputs(
  db: Kysely<Database>,
  tenantId: string,
  systems: readonly SelectedSystem[],
  period: ReportPeriod,
  group: SystemGroup,
  now: Date,
): Promise<Map<string, OeeInputs>> {
  const inputs = new Map<string, OeeInputs>();
  if (systems.length === 0) return inputs;
  const ids = systems.map((system) => system.id);
  const { rows: works } = await sql<WorkRow>`${worksOf(tenantId, ids)}`.execute(db);
  const sums = new Map((await hourSums(db, tenantId, systems, period)).map((row) => [row.system_id, row]));
  const rates = await idealRates(db, tenantId, systems);
  for (const system of systems) {
    const shifts: WorkedShift[] = works
      .filter((work) => work.system_id === system.id)
      .map((work) => ({
        startMinute: Number(work.start_minute),
        endMinute: Number(work.end_minute),
        weekdays: work.weekdays.map(Number),
        fromDay: work.from_day,
        untilDay: work.until_day,
      }));
    const sum = sums.get(system.id);
    const dtf = group === 'DTF';
    inputs.set(system.id, {
      reportedSeconds: sum?.reported_seconds ?? 0,
      plannedSeconds: plannedSeconds(shifts, windowOf(period), system.timeZone, now.getTime()),
      runSeconds: sum?.run_seconds ?? 0,
      production: dtf ? (sum?.media_length_mm ?? 0) / 1000 : (sum?.impressions ?? 0),
      rejectedProduction: dtf ? (sum?.rejected_media_length_mm ?? 0) / 1000 : (sum?.rejected_impressions ?? 0),
      idealRatePerHour: rates.get(system.id) ?? null,
    });
  }
  return inputs;
}
