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
import { addDays, DAY_MS, localDayOf, wallClockMs } from '../../shared/time/local-time.ts';
import type { Database } from '../db/schema.ts';

/**
 * Test-only reference: KPI measures computed in plain TypeScript from the raw `jobs` and `status_intervals` rows, never
 * from the rollups, so report tests compare the SQL on rollups with an independent computation. Status time is split at
 * UTC hour boundaries and put on the local day and hour of each piece in the system's site time zone; a job counts in
 * the local hour its start falls in.
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

/** Every (system, local hour) cell with activity of the tenant's systems, from raw rows. */
export async function rawCells(db: Kysely<Database>, tenantId: string): Promise<RawCell[]> {
  const systems = await db
    .selectFrom('systems')
    .innerJoin('sites', (join) =>
      join.onRef('sites.tenant_id', '=', 'systems.tenant_id').onRef('sites.id', '=', 'systems.site_id'),
    )
    .where('systems.tenant_id', '=', tenantId)
    .select(['systems.id', 'systems.serial_number', 'sites.time_zone'])
    .execute();
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
    .select(['system_id', 'started_at', 'impressions', 'dark_garment', 'media_length_mm'])
    .execute();
  for (const job of jobs) {
    const measures = cellAt(job.system_id, job.started_at.getTime());
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
