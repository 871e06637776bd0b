import { sql, type Kysely, type RawBuilder } from 'kysely';
import type { ReportPeriod } from '../../../shared/api-types.ts';
import {
  plannedSeconds,
  reportedSeconds,
  type LocalWindow,
  type OeeInputs,
  type WorkedShift,
} from '../../../shared/kpi/index.ts';
import type { SystemGroup } from '../../../shared/system-group.ts';
import { addDays, localTimeToInstant } from '../../../shared/time/local-time.ts';
import type { Database } from '../../db/schema.ts';
import { plannedSpans, shiftWorks, type PlannedSpan } from '../../ingest/planned-hours.sql.ts';
import { rawMeasureJoins, statusScanEnd } from '../../ingest/rollups.sql.ts';
import { loadMeasures, REPORTED_STATUS_COLUMNS, type SelectedSystem } from './measure-rows.ts';
import { periodBoundsIn, periodCutOf, WHOLE_PERIOD, type ReadUntil } from './period-progress.ts';

/**
 * OEE's inputs per selected system (docs/kpi-glossary.md "OEE"), read from the planned rollup the ingest path keeps
 * (ingest/planned-hours.sql.ts, migration 025): planned time and the run time, production and rejected production
 * inside it from `planned_day` for the period's whole local days and `planned_hour` for the hours of a partial day,
 * up to where each system's data ends (`planned_spans.data_end`, the bound the rollup was kept with). A period in
 * progress ends at its cut (period-progress.ts): the planned hour holding it is measured from the raw rows up to the
 * cut. Before the rollup's first hour of a system nothing was measured, so only the shift calendar's time counts there
 * (src/shared/kpi/planned-time.ts).
 */

interface PlannedSums {
  system_id: string;
  planned_seconds: number;
  run_seconds: number;
  impressions: number;
  rejected_impressions: number;
  media_length_mm: number;
  rejected_media_length_mm: number;
}

const SUMMED = [
  'planned_seconds',
  'run_seconds',
  'impressions',
  'rejected_impressions',
  'media_length_mm',
  'rejected_media_length_mm',
] as const;

/** How one system's period is read: whole local days, hour ranges and the hour holding a cut (epoch ms). */
interface PlannedRead {
  system: SelectedSystem;
  span: PlannedSpan;
  days: { from: string; to: string } | null;
  hours: { from: number; to: number }[];
  cutHour: { from: number; to: number } | null;
  /** Calendar time before the rollup's first hour is read up to this instant; null when the period starts after it. */
  calendarUntil: number | null;
}

/**
 * The whole local days of `[start, end)` in a zone and the hour ranges around them: the period's days whose bounds
 * both lie inside it.
 */
function daysAndHours(
  period: ReportPeriod,
  timeZone: string,
  start: number,
  end: number,
): Pick<PlannedRead, 'days' | 'hours'> {
  const whole: string[] = [];
  for (let day = period.startDay; day <= period.endDay; day = addDays(day, 1)) {
    if (localTimeToInstant(day, 0, timeZone) >= start && localTimeToInstant(addDays(day, 1), 0, timeZone) <= end) {
      whole.push(day);
    }
  }
  const first = whole[0];
  const last = whole.at(-1);
  if (first === undefined || last === undefined)
    return { days: null, hours: start < end ? [{ from: start, to: end }] : [] };
  const hours = [
    { from: start, to: localTimeToInstant(first, 0, timeZone) },
    { from: localTimeToInstant(addDays(last, 1), 0, timeZone), to: end },
  ].filter((range) => range.from < range.to);
  return { days: { from: first, to: last }, hours };
}

/** How each selected system with a planned span reads the period up to `until`. */
function plannedReads(
  systems: readonly SelectedSystem[],
  spans: ReadonlyMap<string, PlannedSpan>,
  period: ReportPeriod,
  until: ReadUntil,
): PlannedRead[] {
  const byZone = new Map<string, ReturnType<typeof zoneRead>>();
  const zoneRead = (timeZone: string) => {
    const bounds = periodBoundsIn(period, timeZone);
    const cut = periodCutOf(period, timeZone, until(timeZone));
    return { bounds, cut, ...daysAndHours(period, timeZone, bounds.start, cut === null ? bounds.end : cut.hourStart) };
  };
  return systems.flatMap((system) => {
    const span = spans.get(system.id);
    // A system that never sent anything has no data end and no planned time.
    if (span === undefined) return [];
    let read = byZone.get(system.timeZone);
    if (read === undefined) {
      read = zoneRead(system.timeZone);
      byZone.set(system.timeZone, read);
    }
    const { bounds, cut, days, hours } = read;
    // The hour holding the cut is read up to the cut, or the data end when that comes first: planned time ends there.
    const cutEnd = cut === null ? 0 : Math.min(cut.until, span.dataEnd);
    const cutHour =
      cut !== null && cut.hourStart < cutEnd && cut.hourStart >= span.firstHour
        ? { from: cut.hourStart, to: cutEnd }
        : null;
    const calendarUntil =
      bounds.start < span.firstHour ? Math.min(span.firstHour, cut === null ? bounds.end : cut.until) : null;
    return [{ system, span, days, hours, cutHour, calendarUntil }];
  });
}

const iso = (time: number) => new Date(time).toISOString();
const sumsOf = (alias: string) =>
  SUMMED.map((column) => `coalesce(sum(${alias}.${column}), 0)::float8 AS ${column}`).join(', ');

/**
 * The planned rollup's sums of each read, per system: whole days from planned_day, hour ranges from planned_hour (each
 * a range scan of its primary key in a lateral join), the planned hour holding a cut from the raw rows up to the cut.
 */
async function plannedSums(
  db: Kysely<Database>,
  tenantId: string,
  reads: readonly PlannedRead[],
): Promise<Map<string, PlannedSums>> {
  const days = reads.flatMap((read) => (read.days === null ? [] : [{ id: read.system.id, ...read.days }]));
  const hours = reads.flatMap((read) => read.hours.map((range) => ({ id: read.system.id, ...range })));
  const cuts = reads.flatMap((read) => (read.cutHour === null ? [] : [{ id: read.system.id, ...read.cutHour }]));
  const parts: RawBuilder<unknown>[] = [];
  if (days.length > 0) {
    parts.push(sql`SELECT k.system_id, a.* FROM unnest(${days.map((day) => day.id)}::text[],
        ${days.map((day) => day.from)}::date[], ${days.map((day) => day.to)}::date[]) AS k(system_id, from_day, to_day)
      CROSS JOIN LATERAL (SELECT ${sql.raw(sumsOf('d'))} FROM planned_day d
        WHERE d.tenant_id = ${tenantId} AND d.system_id = k.system_id
          AND d.local_day >= k.from_day AND d.local_day <= k.to_day) a`);
  }
  if (hours.length > 0) {
    parts.push(sql`SELECT k.system_id, a.* FROM unnest(${hours.map((range) => range.id)}::text[],
        ${hours.map((range) => iso(range.from))}::timestamptz[], ${hours.map((range) => iso(range.to))}::timestamptz[])
        AS k(system_id, from_at, to_at)
      CROSS JOIN LATERAL (SELECT ${sql.raw(sumsOf('h'))} FROM planned_hour h
        WHERE h.tenant_id = ${tenantId} AND h.system_id = k.system_id
          AND h.hour_start >= k.from_at AND h.hour_start < k.to_at) a`);
  }
  if (cuts.length > 0) {
    // The hour holding the cut counts when it is a planned hour, from its start to the cut or the data end.
    parts.push(sql`SELECT k.system_id,
        least(p.planned_seconds, extract(epoch FROM k.period_end - k.period_start))::float8 AS planned_seconds,
        (coalesce(status_agg.printing_seconds, 0) + coalesce(status_agg.preparation_seconds, 0)
          + coalesce(status_agg.idle_seconds, 0))::float8 AS run_seconds,
        coalesce(job_agg.impressions, 0)::float8 AS impressions,
        coalesce(job_agg.rejected_impressions, 0)::float8 AS rejected_impressions,
        coalesce(job_agg.media_length_mm, 0)::float8 AS media_length_mm,
        coalesce(job_agg.rejected_media_length_mm, 0)::float8 AS rejected_media_length_mm
      FROM unnest(${cuts.map((cut) => cut.id)}::text[], ${cuts.map((cut) => iso(cut.from))}::timestamptz[],
        ${cuts.map((cut) => iso(cut.to))}::timestamptz[], ${cuts.map((cut) => iso(statusScanEnd(cut.to)))}::timestamptz[])
        AS k(system_id, period_start, period_end, ended_before)
      JOIN planned_hour p ON p.tenant_id = ${tenantId} AND p.system_id = k.system_id AND p.hour_start = k.period_start
      ${rawMeasureJoins(tenantId, { by: 'end' })}`);
  }
  if (parts.length === 0) return new Map();
  const { rows } = await sql<PlannedSums>`SELECT r.system_id, ${sql.raw(sumsOf('r'))}
    FROM (${sql.join(parts, sql` UNION ALL `)}) r GROUP BY r.system_id`.execute(db);
  return new Map(rows.map((row) => [row.system_id, row]));
}

/** Shift calendar time of each read before its rollup's first hour (nothing was measured there), by system id. */
async function calendarSeconds(
  db: Kysely<Database>,
  tenantId: string,
  reads: readonly PlannedRead[],
  period: ReportPeriod,
): Promise<Map<string, number>> {
  const early = reads.filter((read) => read.calendarUntil !== null);
  if (early.length === 0) return new Map();
  const { rows: works } = await shiftWorks(
    tenantId,
    early.map((read) => read.system.id),
  ).execute(db);
  return new Map(
    early.map((read) => {
      const shifts: WorkedShift[] = works
        .filter((work) => work.system_id === read.system.id)
        .map((work) => ({
          startMinute: Number(work.start_minute),
          endMinute: Number(work.end_minute),
          weekdays: work.weekdays.map(Number),
          fromDay: work.from_day,
          untilDay: work.until_day,
        }));
      return [read.system.id, plannedSeconds(shifts, windowOf(period), read.system.timeZone, read.calendarUntil ?? 0)];
    }),
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

/** A period whose OEE inputs are read, up to `until` (default: the whole period). */
export interface OeePeriodRead {
  period: ReportPeriod;
  until?: ReadUntil;
}

/**
 * OEE's inputs of each selected system in each of `periods` (e.g. a period and the one it is compared with), by system
 * id (production in the group's unit). The planned spans and the ideal rates do not depend on the period: read once.
 * Planned time ends where the system's data ends: shift time the data does not describe yet (the rest of a running day,
 * or the time since a printer last sent anything) is not planned time lost.
 */
export async function loadOeeInputsOfPeriods(
  db: Kysely<Database>,
  tenantId: string,
  systems: readonly SelectedSystem[],
  group: SystemGroup,
  periods: readonly OeePeriodRead[],
): Promise<Map<string, OeeInputs>[]> {
  if (systems.length === 0) return periods.map(() => new Map());
  const ids = systems.map((system) => system.id);
  const spans = await plannedSpans(db, tenantId, ids);
  const rates = await idealRates(db, tenantId, systems);
  const inputs: Map<string, OeeInputs>[] = [];
  for (const { period, until = WHOLE_PERIOD } of periods) {
    inputs.push(await periodInputs(db, tenantId, systems, group, { period, until, spans, rates }));
  }
  return inputs;
}

/** OEE's inputs of each selected system in one period, by system id (loadOeeInputsOfPeriods for one period). */
export async function loadOeeInputs(
  db: Kysely<Database>,
  tenantId: string,
  systems: readonly SelectedSystem[],
  period: ReportPeriod,
  group: SystemGroup,
  until: ReadUntil = WHOLE_PERIOD,
): Promise<Map<string, OeeInputs>> {
  const [inputs] = await loadOeeInputsOfPeriods(db, tenantId, systems, group, [{ period, until }]);
  return inputs ?? new Map();
}

/** One period's read, with what every period shares: the planned spans and the ideal rates. */
interface PeriodInputsRead {
  period: ReportPeriod;
  until: ReadUntil;
  spans: ReadonlyMap<string, PlannedSpan>;
  rates: ReadonlyMap<string, number | null>;
}

/**
 * Whether each system reported in the period, by id (fleetOee leaves out the others). A system with run time in the
 * planned sums reported (run time is Printing, Preparation or Idle inside its shifts up to the cut); only the others are
 * measured, from the status columns of the period's measures — which read a period in progress's cut day by the hour
 * and its hour in progress from the raw rows per system, the OEE call's largest statements on a large fleet.
 */
async function reportedSystems(
  db: Kysely<Database>,
  tenantId: string,
  systems: readonly SelectedSystem[],
  sums: ReadonlyMap<string, PlannedSums>,
  { period, until }: { period: ReportPeriod; until: ReadUntil },
): Promise<Map<string | null, boolean>> {
  const ran = (system: SelectedSystem) => (sums.get(system.id)?.run_seconds ?? 0) > 0;
  const measured = await loadMeasures(
    db,
    tenantId,
    systems.filter((system) => !ran(system)),
    period,
    { system: true },
    until,
    REPORTED_STATUS_COLUMNS,
  );
  return new Map<string | null, boolean>([
    ...systems.filter(ran).map((system) => [system.id, true] as const),
    ...measured.map((row) => [row.systemId, reportedSeconds(row.measures) > 0] as const),
  ]);
}

async function periodInputs(
  db: Kysely<Database>,
  tenantId: string,
  systems: readonly SelectedSystem[],
  group: SystemGroup,
  { period, until, spans, rates }: PeriodInputsRead,
): Promise<Map<string, OeeInputs>> {
  const reads = plannedReads(systems, spans, period, until);
  const sums = await plannedSums(db, tenantId, reads);
  const calendar = await calendarSeconds(db, tenantId, reads, period);
  const reported = await reportedSystems(db, tenantId, systems, sums, { period, until });
  const dtf = group === 'DTF';
  const inputs = new Map<string, OeeInputs>();
  for (const system of systems) {
    const sum = sums.get(system.id);
    inputs.set(system.id, {
      reported: reported.get(system.id) ?? false,
      plannedSeconds: (calendar.get(system.id) ?? 0) + (sum?.planned_seconds ?? 0),
      runSeconds: sum?.run_seconds ?? 0,
      production: dtf ? (sum?.media_length_mm ?? 0) / 1000 : (sum?.impressions ?? 0),
      rejectedProduction: dtf ? (sum?.rejected_media_length_mm ?? 0) / 1000 : (sum?.rejected_impressions ?? 0),
      idealRatePerHour: rates.get(system.id) ?? null,
    });
  }
  return inputs;
}
