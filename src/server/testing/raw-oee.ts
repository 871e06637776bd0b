import { sql, type Kysely } from 'kysely';
import type { ReportPeriod } from '../../shared/api-types.ts';
import type { OeeInputs } from '../../shared/kpi/index.ts';
import type { SystemGroup } from '../../shared/system-group.ts';
import { addDays, isoDayOfWeek, localTimeToInstant } from '../../shared/time/local-time.ts';
import type { Database } from '../db/schema.ts';

/**
 * Test-only reference for OEE, written from docs/kpi-glossary.md "OEE" and computed from raw rows, never from the
 * rollups: each shift the system works becomes a stretch of time on the calendar (a night shift runs into the next
 * day); planned time is the part of those stretches inside the period and before the end of the system's data (the
 * latest time any record it sent covers, Not reporting intervals included); run time the Printing, Preparation and Idle
 * status time inside them; production the jobs that ended inside them (a job counts where its end falls, as in
 * raw-kpi.ts); reported time every status but Not reporting anywhere in the period. Separate from raw-kpi.ts on purpose.
 */

const RUN_STATUSES = new Set(['Printing', 'Preparation', 'Idle']);

interface Stretch {
  start: number;
  end: number;
}

const overlap = (a: Stretch, b: Stretch) => Math.max(0, Math.min(a.end, b.end) - Math.max(a.start, b.start));

function minuteOf(time: string): number {
  const [hours = '0', minutes = '0'] = time.split(':');
  return Number(hours) * 60 + Number(minutes);
}

/** The latest time (epoch ms) covered by any record each system sent, by system id: the end of its data. */
async function dataEnds(db: Kysely<Database>, tenantId: string): Promise<Map<string, number>> {
  const ends = new Map<string, number>();
  const cover = (systemId: string, ...times: (Date | null)[]) => {
    for (const time of times) {
      if (time !== null) ends.set(systemId, Math.max(ends.get(systemId) ?? -Infinity, time.getTime()));
    }
  };
  const rows = async (table: string, columns: readonly string[]) =>
    (
      await sql<
        Record<string, Date | string | null>
      >`SELECT system_id, ${sql.join(columns.map((column) => sql.ref(column)))}
      FROM ${sql.table(table)} WHERE tenant_id = ${tenantId}`.execute(db)
    ).rows;
  const sources: [string, string[]][] = [
    ['status_intervals', ['started_at', 'ended_at']], // every status, Not reporting included
    ['jobs', ['started_at', 'ended_at']],
    ['events', ['started_at', 'ended_at']],
    ['ink_loads', ['loaded_at']],
    ['software_versions', ['reported_at']],
    ['machine_parameters', ['recorded_at']],
  ];
  for (const [table, columns] of sources) {
    for (const row of await rows(table, columns)) {
      cover(String(row.system_id), ...columns.map((column) => (row[column] == null ? null : new Date(row[column]))));
    }
  }
  return ends;
}

/**
 * OEE inputs of every system of the tenant in `period`, by serial number; a period in progress ends for each system at
 * `until(its time zone)` (epoch ms; glossary "Change and trend").
 */
export async function rawOeeInputs(
  db: Kysely<Database>,
  tenantId: string,
  group: SystemGroup,
  period: ReportPeriod,
  until: (timeZone: string) => number = () => Number.POSITIVE_INFINITY,
): Promise<Map<string, OeeInputs>> {
  const systems = await db
    .selectFrom('systems')
    .innerJoin('sites', (join) =>
      join.onRef('sites.tenant_id', '=', 'systems.tenant_id').onRef('sites.id', '=', 'systems.site_id'),
    )
    .innerJoin('models', (join) =>
      join.onRef('models.tenant_id', '=', 'systems.tenant_id').onRef('models.id', '=', 'systems.model_id'),
    )
    .where('systems.tenant_id', '=', tenantId)
    .where('systems.system_group', '=', group)
    .select([
      'systems.id',
      'systems.serial_number',
      'systems.site_id',
      'sites.time_zone',
      'models.ideal_rate_per_hour',
      sql<string | null>`systems.model_start_date::text`.as('model_start_date'),
    ])
    .execute();
  const shifts = await db.selectFrom('shifts').where('tenant_id', '=', tenantId).selectAll().execute();
  const targets = await db
    .selectFrom('shift_targets')
    .where('tenant_id', '=', tenantId)
    .select(['system_id', 'shift_id', sql<string>`valid_from::text`.as('valid_from')])
    .execute();
  const intervals = await db.selectFrom('status_intervals').where('tenant_id', '=', tenantId).selectAll().execute();
  const jobs = await db.selectFrom('jobs').where('tenant_id', '=', tenantId).selectAll().execute();
  const ends = await dataEnds(db, tenantId);

  const result = new Map<string, OeeInputs>();
  for (const system of systems) {
    const zone = system.time_zone;
    const periodStretch = {
      start: localTimeToInstant(period.startDay, period.startHour * 60, zone),
      end: Math.min(localTimeToInstant(period.endDay, (period.endHour + 1) * 60, zone), until(zone)),
    };
    const own = targets.filter((target) => target.system_id === system.id);
    const startDay = system.model_start_date;
    const stretches: Stretch[] = [];
    for (const shift of shifts.filter((candidate) => candidate.site_id === system.site_id)) {
      const shiftTargets = own.filter((target) => target.shift_id === shift.id);
      // A system with shift targets works the shifts it has targets for, from the first target's day.
      if (own.length > 0 && shiftTargets.length === 0) continue;
      const firstTarget = shiftTargets
        .map((target) => target.valid_from)
        .sort()
        .at(0);
      const from = [firstTarget, startDay]
        .filter((day) => day !== undefined && day !== null)
        .sort()
        .at(-1);
      const startMinute = minuteOf(shift.starts_at);
      let endMinute = minuteOf(shift.ends_at);
      if (endMinute <= startMinute) endMinute += 24 * 60;
      for (let day = addDays(period.startDay, -1); day <= period.endDay; day = addDays(day, 1)) {
        if (!shift.weekdays.includes(isoDayOfWeek(day))) continue;
        if (from !== undefined && day < from) continue;
        // Planned time stops where the system's data ends; a system that never sent anything has none.
        const stretch = {
          start: Math.max(periodStretch.start, localTimeToInstant(day, startMinute, zone)),
          end: Math.min(periodStretch.end, localTimeToInstant(day, endMinute, zone), ends.get(system.id) ?? -Infinity),
        };
        if (stretch.end > stretch.start) stretches.push(stretch);
      }
    }
    const inShifts = (instant: number) =>
      stretches.some((stretch) => instant >= stretch.start && instant < stretch.end);
    let reported = 0;
    let run = 0;
    for (const interval of intervals.filter((candidate) => candidate.system_id === system.id)) {
      const span = { start: interval.started_at.getTime(), end: interval.ended_at.getTime() };
      if (interval.status !== 'NotReporting') reported += overlap(span, periodStretch);
      if (RUN_STATUSES.has(interval.status)) {
        for (const stretch of stretches) run += overlap(span, stretch);
      }
    }
    let production = 0;
    let rejected = 0;
    for (const job of jobs.filter((candidate) => candidate.system_id === system.id)) {
      if (!inShifts(job.ended_at.getTime())) continue;
      const amount = group === 'DTF' ? job.media_length_mm / 1000 : job.impressions;
      production += amount;
      if (job.rejected) rejected += amount;
    }
    result.set(system.serial_number, {
      reported: reported > 0,
      plannedSeconds: stretches.reduce((sum, stretch) => sum + stretch.end - stretch.start, 0) / 1000,
      runSeconds: run / 1000,
      production,
      rejectedProduction: rejected,
      idealRatePerHour: system.ideal_rate_per_hour,
    });
  }
  return result;
}
