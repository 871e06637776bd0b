import type { Kysely } from 'kysely';
import type { ReportPeriod } from '../../shared/api-types.ts';
import {
  availability,
  averageHandlingSeconds,
  darkImpressionsShare,
  emptyMeasures,
  preparationShare,
  production,
  productionRate,
  productiveUtilization,
  productivity,
  sumMeasures,
  utilization,
  type KpiMeasures,
} from '../../shared/kpi/index.ts';
import type { SystemGroup } from '../../shared/system-group.ts';
import { addDays, DAY_MS, localDayOf, localTimeToInstant, wallClockMs } from '../../shared/time/local-time.ts';
import type { Database } from '../db/schema.ts';

/**
 * Test-only reference: KPI measures computed in plain TypeScript from the raw `jobs` and `status_intervals` rows, never
 * from the rollups, so report tests compare the SQL on rollups with an independent computation. It follows the words
 * of docs/kpi-glossary.md, not the rollup code: a period is a span of local wall-clock time of each system's site; a
 * job (its impressions, media length, its count) belongs to the period that contains the instant it ENDED; status time
 * counts for the part of each interval inside the period.
 *
 * Two forms: `rawPeriodMeasures` takes a period as it is written (from the first hour of its first day to the end of
 * the last hour of its last day, in each system's zone) and looks at every raw row; `rawCells` gives the same per local
 * hour (status pieces split at the hours, jobs in the hour of their end) for the charts' and matrices' buckets.
 */

/** Measures of one system in one local hour. */
export interface RawCell {
  systemId: string;
  serialNumber: string;
  day: string;
  hour: number;
  measures: KpiMeasures;
}

const HOUR_MS = 3_600_000;

const STATUS_FIELD = {
  Printing: 'printingSeconds',
  Preparation: 'preparationSeconds',
  Idle: 'idleSeconds',
  Error: 'errorSeconds',
  Maintenance: 'maintenanceSeconds',
  NotReporting: 'notReportingSeconds',
} as const satisfies Record<string, keyof KpiMeasures>;

function localHourOf(instant: number, timeZone: string): { day: string; hour: number } {
  const wall = wallClockMs(instant, timeZone);
  return { day: localDayOf(instant, timeZone), hour: Math.floor((((wall % DAY_MS) + DAY_MS) % DAY_MS) / HOUR_MS) };
}

/** The tenant's systems with their site's time zone. */
function systemsWithZones(db: Kysely<Database>, tenantId: string) {
  return db
    .selectFrom('systems')
    .innerJoin('sites', (join) =>
      join.onRef('sites.tenant_id', '=', 'systems.tenant_id').onRef('sites.id', '=', 'systems.site_id'),
    )
    .where('systems.tenant_id', '=', tenantId)
    .select(['systems.id', 'systems.serial_number', 'sites.time_zone'])
    .execute();
}

/** Every (system, local hour) cell with activity of the tenant's systems, from raw rows. */
export async function rawCells(db: Kysely<Database>, tenantId: string): Promise<RawCell[]> {
  const systems = await systemsWithZones(db, tenantId);
  const zones = new Map(systems.map((system) => [system.id, system]));
  const cells = new Map<string, RawCell>();
  const cellAt = (systemId: string, instant: number): KpiMeasures => {
    const system = zones.get(systemId);
    if (system === undefined) throw new Error(`Unknown system ${systemId}`);
    const { day, hour } = localHourOf(instant, system.time_zone);
    const key = `${systemId}|${day}|${hour}`;
    let cell = cells.get(key);
    if (cell === undefined) {
      cell = { systemId, serialNumber: system.serial_number, day, hour, measures: emptyMeasures() };
      cells.set(key, cell);
    }
    return cell.measures;
  };

  const intervals = await db
    .selectFrom('status_intervals')
    .where('tenant_id', '=', tenantId)
    .select(['system_id', 'status', 'started_at', 'ended_at'])
    .execute();
  for (const interval of intervals) {
    const field = STATUS_FIELD[interval.status];
    const end = interval.ended_at.getTime();
    for (let from = interval.started_at.getTime(); from < end;) {
      const to = Math.min(end, (Math.floor(from / HOUR_MS) + 1) * HOUR_MS);
      const measures = cellAt(interval.system_id, from);
      measures[field] += (to - from) / 1000;
      measures.periodSeconds += (to - from) / 1000;
      from = to;
    }
  }

  const jobs = await db
    .selectFrom('jobs')
    .where('tenant_id', '=', tenantId)
    .select(['system_id', 'ended_at', 'impressions', 'dark_garment', 'media_length_mm'])
    .execute();
  for (const job of jobs) {
    // "Impressions of finished jobs": the job counts in the local hour its end falls in.
    const measures = cellAt(job.system_id, job.ended_at.getTime());
    measures.jobs += 1;
    measures.impressions += job.impressions;
    measures.darkImpressions += job.dark_garment ? job.impressions : 0;
    measures.mediaLengthMm += job.media_length_mm;
  }
  for (const cell of cells.values()) cell.measures.handlingSeconds = cell.measures.preparationSeconds;
  return [...cells.values()];
}

/** Whether a cell lies in the period (its days, and the custom range's first and last hour). */
export function inPeriod(cell: Pick<RawCell, 'day' | 'hour'>, period: ReportPeriod): boolean {
  if (cell.day < period.startDay || cell.day > period.endDay) return false;
  if (cell.day === period.startDay && cell.hour < period.startHour) return false;
  return !(cell.day === period.endDay && cell.hour > period.endHour);
}

/** Summed measures of the cells of `serials` that pass `where`. */
export function rawMeasures(
  cells: readonly RawCell[],
  serials: readonly string[],
  where: (cell: RawCell) => boolean,
): KpiMeasures {
  return sumMeasures(cells.filter((cell) => serials.includes(cell.serialNumber) && where(cell)).map((c) => c.measures));
}

/** Every Overview KPI of some measures, with the shared formulas. */
export function rawKpis(m: KpiMeasures, group: SystemGroup) {
  return {
    production: production(m, group),
    productionRate: productionRate(m, group),
    productivity: productivity(m),
    availability: availability(m),
    utilization: utilization(m),
    preparation: preparationShare(m),
    productiveUtilization: productiveUtilization(m),
    darkImpressions: darkImpressionsShare(m),
    handlingTime: averageHandlingSeconds(m),
    printingSeconds: m.printingSeconds,
    errorSeconds: m.errorSeconds,
    maintenanceSeconds: m.maintenanceSeconds,
  };
}

/** Production per local day from the raw cells (for goals and records). */
export function rawDailyProduction(
  cells: readonly RawCell[],
  serials: readonly string[],
  group: SystemGroup,
  from: string,
  to: string,
): { day: string; value: number }[] {
  const days: { day: string; value: number }[] = [];
  for (let day = from; day <= to; day = addDays(day, 1)) {
    days.push({
      day,
      value: production(
        rawMeasures(cells, serials, (cell) => cell.day === day),
        group,
      ),
    });
  }
  return days;
}

/** The raw rows of a tenant, as they were reported. */
export interface RawRows {
  systems: Map<string, { serialNumber: string; timeZone: string }>;
  intervals: {
    systemId: string;
    field: (typeof STATUS_FIELD)[keyof typeof STATUS_FIELD];
    start: number;
    end: number;
  }[];
  jobs: { systemId: string; end: number; impressions: number; darkGarment: boolean; mediaLengthMm: number }[];
}

export async function rawRows(db: Kysely<Database>, tenantId: string): Promise<RawRows> {
  const systems = await systemsWithZones(db, tenantId);
  const intervals = await db
    .selectFrom('status_intervals')
    .where('tenant_id', '=', tenantId)
    .select(['system_id', 'status', 'started_at', 'ended_at'])
    .execute();
  const jobs = await db
    .selectFrom('jobs')
    .where('tenant_id', '=', tenantId)
    .select(['system_id', 'ended_at', 'impressions', 'dark_garment', 'media_length_mm'])
    .execute();
  return {
    systems: new Map(systems.map((row) => [row.id, { serialNumber: row.serial_number, timeZone: row.time_zone }])),
    intervals: intervals.map((row) => ({
      systemId: row.system_id,
      field: STATUS_FIELD[row.status],
      start: row.started_at.getTime(),
      end: row.ended_at.getTime(),
    })),
    jobs: jobs.map((row) => ({
      systemId: row.system_id,
      end: row.ended_at.getTime(),
      impressions: row.impressions,
      darkGarment: row.dark_garment,
      mediaLengthMm: row.media_length_mm,
    })),
  };
}

/**
 * The measures of `serials` in a period, straight from the glossary: for each system, the period runs from its first
 * day's From hour to the end of its last day's To hour on the clock of the system's site; jobs that ended in
 * [start, end) count whole, status intervals count for their overlap with it.
 */
export function rawPeriodMeasures(rows: RawRows, serials: readonly string[], period: ReportPeriod): KpiMeasures {
  return rawWindowMeasures(rows, serials, (timeZone) => ({
    start: localTimeToInstant(period.startDay, period.startHour * 60, timeZone),
    end: localTimeToInstant(period.endDay, (period.endHour + 1) * 60, timeZone),
  }));
}

/**
 * The measures of `serials` in each system's window `[start, end)` (epoch ms) given by its site's time zone: jobs that
 * ended in it count whole, status intervals for their overlap with it.
 */
export function rawWindowMeasures(
  rows: RawRows,
  serials: readonly string[],
  windowIn: (timeZone: string) => { start: number; end: number },
): KpiMeasures {
  const windows = new Map<string, { start: number; end: number }>();
  for (const [id, system] of rows.systems) {
    if (serials.includes(system.serialNumber)) windows.set(id, windowIn(system.timeZone));
  }
  const m = emptyMeasures();
  for (const interval of rows.intervals) {
    const window = windows.get(interval.systemId);
    if (window === undefined) continue;
    const seconds = Math.max(0, Math.min(interval.end, window.end) - Math.max(interval.start, window.start)) / 1000;
    m[interval.field] += seconds;
    m.periodSeconds += seconds;
  }
  for (const job of rows.jobs) {
    const window = windows.get(job.systemId);
    if (window === undefined || job.end < window.start || job.end >= window.end) continue;
    m.jobs += 1;
    m.impressions += job.impressions;
    m.darkImpressions += job.darkGarment ? job.impressions : 0;
    m.mediaLengthMm += job.mediaLengthMm;
  }
  m.handlingSeconds = m.preparationSeconds;
  return m;
}
