import { sql, type Kysely, type RawBuilder } from 'kysely';
import type { ReportPeriod } from '../../../shared/api-types.ts';
import {
  hourStartsIn,
  reportedSeconds,
  shiftStretches,
  type LocalWindow,
  type OeeInputs,
  type WorkedShift,
} from '../../../shared/kpi/index.ts';
import type { SystemGroup } from '../../../shared/system-group.ts';
import type { Database } from '../../db/schema.ts';
import { MAX_STATUS_INTERVAL_HOURS } from '../../ingest/measures.ts';
import { rawMeasureJoins } from '../../ingest/rollups.sql.ts';
import { loadMeasures, type SelectedSystem } from './measure-rows.ts';
import { periodCutOf, WHOLE_PERIOD, type ReadUntil } from './period-progress.ts';

/**
 * OEE's inputs per selected system (docs/kpi-glossary.md "OEE"): the shifts each system works (`shifts` of its site;
 * with shift targets only the shifts it has a target for, from the first target's valid_from), planned time from
 * those shifts on the calendar (src/shared/kpi/planned-time.ts), and run time, production and rejected production of
 * the `system_hour` rows of the planned hours. Planned time ends where the system's data ends ({@link dataEnds}).
 * The calendar names the planned hours and the SQL reads exactly those rows by their key, so planned time and what is
 * measured inside it cannot disagree (and no row is tested against the shifts in SQL: that cost half a second for a
 * week of 13 systems on PGlite). A period in progress ends at its cut (period-progress.ts): the planned hour holding it
 * is measured from the raw rows up to the cut.
 */

/** The shifts each selected system works: `(system_id, start_minute, end_minute, weekdays, from_day, until_day)`. */
function worksOf(tenantId: string, systemIds: readonly string[]): RawBuilder<WorkRow> {
  return sql<WorkRow>`SELECT sy.id AS system_id,
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

interface PlannedSums {
  system_id: string;
  run_seconds: number;
  impressions: number;
  rejected_impressions: number;
  media_length_mm: number;
  rejected_media_length_mm: number;
}

/**
 * Sums of the given (system, UTC hour) rows of system_hour, per system. The rows are read by a range scan of the
 * rollup's primary key (the systems, from the first to the last hour) and kept when their key is one of the given
 * ones: a plain join with the key list made the planner scan the tenant's whole system_hour (2.5 s for 30 days of
 * 13 systems on PGlite, against 75 ms this way).
 */
async function plannedHourSums(
  db: Kysely<Database>,
  tenantId: string,
  hours: readonly { systemId: string; hourStart: number }[],
): Promise<PlannedSums[]> {
  if (hours.length === 0) return [];
  const starts = hours.map((hour) => hour.hourStart);
  const iso = (time: number) => new Date(time).toISOString();
  const { rows } = await sql<PlannedSums>`
    SELECT h.system_id,
      sum(h.printing_seconds + h.preparation_seconds + h.idle_seconds)::float8 AS run_seconds,
      sum(h.impressions)::float8 AS impressions,
      sum(h.rejected_impressions)::float8 AS rejected_impressions,
      sum(h.media_length_mm)::float8 AS media_length_mm,
      sum(h.rejected_media_length_mm)::float8 AS rejected_media_length_mm
    FROM system_hour h
    WHERE h.tenant_id = ${tenantId}
      AND h.system_id = ANY(${[...new Set(hours.map((hour) => hour.systemId))]}::text[])
      AND h.hour_start >= ${iso(Math.min(...starts))}::timestamptz
      AND h.hour_start <= ${iso(Math.max(...starts))}::timestamptz
      AND (h.system_id, h.hour_start) IN (SELECT * FROM unnest(${hours.map((hour) => hour.systemId)}::text[],
        ${starts.map(iso)}::timestamptz[]))
    GROUP BY h.system_id`.execute(db);
  return rows;
}

/** Sums of the raw rows of each system's `[start, end)`: the part of the planned hour that holds a cut. */
async function partialHourSums(
  db: Kysely<Database>,
  tenantId: string,
  windows: readonly { systemId: string; start: number; end: number }[],
): Promise<PlannedSums[]> {
  if (windows.length === 0) return [];
  const iso = (time: number) => new Date(time).toISOString();
  const { rows } = await sql<PlannedSums>`
    SELECT k.system_id,
      (coalesce(printing_seconds, 0) + coalesce(preparation_seconds, 0) + coalesce(idle_seconds, 0))::float8
        AS run_seconds,
      coalesce(impressions, 0)::float8 AS impressions,
      coalesce(rejected_impressions, 0)::float8 AS rejected_impressions,
      coalesce(media_length_mm, 0)::float8 AS media_length_mm,
      coalesce(rejected_media_length_mm, 0)::float8 AS rejected_media_length_mm
    FROM unnest(${windows.map((window) => window.systemId)}::text[],
      ${windows.map((window) => iso(window.start))}::timestamptz[],
      ${windows.map((window) => iso(window.end))}::timestamptz[]) AS k(system_id, period_start, period_end)
    ${rawMeasureJoins(tenantId)}`.execute(db);
  return rows;
}

/** The sums of each system over the rows of both lists. */
function addSums(lists: readonly (readonly PlannedSums[])[]): Map<string, PlannedSums> {
  const sums = new Map<string, PlannedSums>();
  for (const row of lists.flat()) {
    const sum = sums.get(row.system_id);
    if (sum === undefined) {
      sums.set(row.system_id, { ...row });
      continue;
    }
    sum.run_seconds += row.run_seconds;
    sum.impressions += row.impressions;
    sum.rejected_impressions += row.rejected_impressions;
    sum.media_length_mm += row.media_length_mm;
    sum.rejected_media_length_mm += row.rejected_media_length_mm;
  }
  return sums;
}

/**
 * Where each system's data ends (docs/kpi-glossary.md "OEE", planned time): the latest time covered by a record it
 * sent, Not reporting intervals included — its last update (`last_reported_at`: statuses, jobs, events, ink loads,
 * software reports, parameters) or the end of its latest status interval, whichever is later. Epoch ms; absent when
 * it never sent anything. An interval is at most MAX_STATUS_INTERVAL_HOURS long, so the latest end is among the
 * intervals starting that long before the latest start: two index range scans per system.
 */
async function dataEnds(
  db: Kysely<Database>,
  tenantId: string,
  systemIds: readonly string[],
): Promise<Map<string, number>> {
  // The bound is computed in the lateral join, not in the scan's condition: under row-level security a condition
  // holding an operator that is not leakproof (timestamptz - interval) is not used as an index condition (350 ms for
  // 13 systems on PostgreSQL, against 10 ms this way).
  const { rows } = await sql<{ system_id: string; data_end: Date | null }>`
    SELECT sy.id AS system_id, greatest(sy.last_reported_at, (
        SELECT max(s.ended_at) FROM status_intervals s
        WHERE s.tenant_id = sy.tenant_id AND s.system_id = sy.id AND s.started_at >= latest.bound
      )) AS data_end
    FROM systems sy
    LEFT JOIN LATERAL (
      SELECT x.started_at - ${sql.raw(`interval '${MAX_STATUS_INTERVAL_HOURS} hours'`)} AS bound
      FROM status_intervals x WHERE x.tenant_id = sy.tenant_id AND x.system_id = sy.id
      ORDER BY x.started_at DESC LIMIT 1
    ) latest ON true
    WHERE sy.tenant_id = ${tenantId} AND sy.id = ANY(${systemIds}::text[])`.execute(db);
  return new Map(
    rows.flatMap((row) => (row.data_end === null ? [] : [[row.system_id, new Date(row.data_end).getTime()] as const])),
  );
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

const windowOf = (period: ReportPeriod): LocalWindow => ({
  fromDay: period.startDay,
  fromHour: period.startHour,
  toDay: period.endDay,
  toHour: period.endHour,
});

/**
 * OEE's inputs of each selected system in the period, read up to `until`, by system id (production in the group's
 * unit). Planned time ends where the system's data ends: shift time the data does not describe yet (the rest of a
 * running day, or the time since a printer last sent anything) is not planned time lost.
 */
export async function loadOeeInputs(
  db: Kysely<Database>,
  tenantId: string,
  systems: readonly SelectedSystem[],
  period: ReportPeriod,
  group: SystemGroup,
  until: ReadUntil = WHOLE_PERIOD,
): Promise<Map<string, OeeInputs>> {
  const inputs = new Map<string, OeeInputs>();
  if (systems.length === 0) return inputs;
  const systemIds = systems.map((system) => system.id);
  const { rows: works } = await worksOf(tenantId, systemIds).execute(db);
  const ends = await dataEnds(db, tenantId, systemIds);
  const planned = systems.map((system) => {
    const shifts: WorkedShift[] = works
      .filter((work) => work.system_id === system.id)
      .map((work) => ({
        startMinute: Number(work.start_minute),
        endMinute: Number(work.end_minute),
        weekdays: work.weekdays.map(Number),
        fromDay: work.from_day,
        untilDay: work.until_day,
      }));
    // A system that never sent anything has no data end and no planned time.
    const dataEnd = ends.get(system.id) ?? Number.NEGATIVE_INFINITY;
    const cut = periodCutOf(period, system.timeZone, until(system.timeZone));
    const end = cut === null ? dataEnd : Math.min(dataEnd, cut.until);
    return { system, cut, stretches: shiftStretches(shifts, windowOf(period), system.timeZone, end) };
  });
  const hours = planned.flatMap(({ system, stretches }) =>
    hourStartsIn(stretches).map((hourStart) => ({ systemId: system.id, hourStart })),
  );
  // The planned hour holding a cut is read from the raw rows up to the cut, the other hours from the rollup.
  const cuts = new Map(planned.flatMap(({ system, cut }) => (cut === null ? [] : [[system.id, cut] as const])));
  const cutOf = (hour: { systemId: string; hourStart: number }) => {
    const cut = cuts.get(hour.systemId);
    return cut !== undefined && cut.hourStart === hour.hourStart && cut.hourStart < cut.until ? cut : undefined;
  };
  const partials = hours.flatMap((hour) => {
    const cut = cutOf(hour);
    return cut === undefined ? [] : [{ systemId: hour.systemId, start: cut.hourStart, end: cut.until }];
  });
  const sums = addSums([
    await plannedHourSums(
      db,
      tenantId,
      hours.filter((hour) => cutOf(hour) === undefined),
    ),
    await partialHourSums(db, tenantId, partials),
  ]);
  // Whether a system reported at all in the period: the period's measures per system (day rollups where they can).
  const reported = new Map(
    (await loadMeasures(db, tenantId, systems, period, { system: true }, until)).map((row) => [
      row.systemId,
      reportedSeconds(row.measures),
    ]),
  );
  const rates = await idealRates(db, tenantId, systems);
  const dtf = group === 'DTF';
  for (const { system, stretches } of planned) {
    const sum = sums.get(system.id);
    inputs.set(system.id, {
      reportedSeconds: reported.get(system.id) ?? 0,
      plannedSeconds: stretches.reduce((total, { start, end }) => total + (end - start) / 1000, 0),
      runSeconds: sum?.run_seconds ?? 0,
      production: dtf ? (sum?.media_length_mm ?? 0) / 1000 : (sum?.impressions ?? 0),
      rejectedProduction: dtf ? (sum?.rejected_media_length_mm ?? 0) / 1000 : (sum?.rejected_impressions ?? 0),
      idealRatePerHour: rates.get(system.id) ?? null,
    });
  }
  return inputs;
}
