import { sql } from 'kysely';
import type { SystemTimeline, TimelinePoint } from '../../../shared/contract/system-page.contract.ts';
import {
  emptyMeasures,
  statusPercentages,
  TIMELINE_COLOURS,
  TIMELINE_STATUSES,
  type KpiMeasures,
  type TimelineStatus,
} from '../../../shared/kpi/index.ts';
import { DAY_MS, daysFromTo, wallClockMs } from '../../../shared/time/local-time.ts';
import { MAX_STATUS_INTERVAL_HOURS, type PrinterStatus } from '../../ingest/measures.ts';
import { loadRows } from '../common/report-context.ts';
import { totalOf } from '../common/kpi-comparisons.ts';
import { periodInstants, systemHeader, type SystemPageContext } from './system-page-context.ts';

/**
 * The system timeline (spec reports §3, §4, §9): the statuses' shares per local day from the day rollups, and for a day
 * the five-minute timeline from the raw status intervals. Preparation is shown as Printing (docs/kpi-glossary.md
 * "Percentages that total 100").
 */

const SLOT_MINUTES = 5;
const SLOT_MS = SLOT_MINUTES * 60_000;
const MINUTE_MS = 60_000;

/** The timeline status a recorded status is shown as. */
export const TIMELINE_STATUS_OF: Record<PrinterStatus, TimelineStatus> = {
  Error: 'Error',
  Maintenance: 'Maintenance',
  Idle: 'Idle',
  Printing: 'Printing',
  Preparation: 'Printing',
  NotReporting: 'Not Reporting',
};

/** The statuses' shares in timeline order, whole percent totalling 100 (all 0 without any status time). */
export function statusShares(m: KpiMeasures): { status: TimelineStatus; percentage: number }[] {
  const percentages = statusPercentages(m);
  return TIMELINE_STATUSES.map((status) => ({ status, percentage: percentages[status] }));
}

/** Seconds of each timeline status. */
function statusSeconds(m: KpiMeasures): Record<TimelineStatus, number> {
  return {
    Error: m.errorSeconds,
    Maintenance: m.maintenanceSeconds,
    Idle: m.idleSeconds,
    Printing: m.printingSeconds + m.preparationSeconds,
    'Not Reporting': m.notReportingSeconds,
  };
}

const statusTotal = (m: KpiMeasures) => Object.values(statusSeconds(m)).reduce((sum, seconds) => sum + seconds, 0);

/** Seconds of each recorded status in each five-minute slot of `[start, end)` that any interval covers. */
async function slotSeconds(
  context: SystemPageContext,
  start: number,
  end: number,
): Promise<{ slot: Date; status: PrinterStatus; seconds: number }[]> {
  const from = new Date(start);
  const to = new Date(end);
  const { rows } = await sql<{ slot: Date; status: PrinterStatus; seconds: number }>`
    WITH clipped AS (
      SELECT i.status, greatest(i.started_at, ${from}::timestamptz) AS s, least(i.ended_at, ${to}::timestamptz) AS e
      FROM status_intervals i
      WHERE i.tenant_id = ${context.tenantId} AND i.system_id = ${context.system.id}
        AND i.started_at >= ${new Date(start - MAX_STATUS_INTERVAL_HOURS * 3_600_000)}::timestamptz
        AND i.started_at < ${to}::timestamptz AND i.ended_at > ${from}::timestamptz
    )
    SELECT slot, c.status,
      sum(extract(epoch FROM least(c.e, slot + interval '${sql.raw(String(SLOT_MINUTES))} minutes') - greatest(c.s, slot)))::float8
        AS seconds
    FROM clipped c
    CROSS JOIN LATERAL generate_series(
      date_bin(interval '${sql.raw(String(SLOT_MINUTES))} minutes', c.s, ${from}::timestamptz), c.e,
      interval '${sql.raw(String(SLOT_MINUTES))} minutes') AS slot
    WHERE slot < c.e
    GROUP BY slot, c.status`.execute(context.db);
  return rows.map((row) => ({ ...row, seconds: Number(row.seconds) }));
}

/** The status with the most seconds; on a tie the first in timeline order; null when nothing covers the slot. */
function dominantStatus(seconds: ReadonlyMap<TimelineStatus, number>): TimelineStatus | null {
  let best: TimelineStatus | null = null;
  for (const status of TIMELINE_STATUSES) {
    const value = seconds.get(status) ?? 0;
    if (value > 0 && (best === null || value > (seconds.get(best) ?? 0))) best = status;
  }
  return best;
}

const twoDigits = (value: number) => String(value).padStart(2, '0');

/** The five-minute timeline of the period (a day): one point per five minutes of its real length. */
export async function dayTimeline(context: SystemPageContext): Promise<TimelinePoint[]> {
  const { start, end } = periodInstants(context);
  const bySlot = new Map<number, Map<TimelineStatus, number>>();
  for (const row of await slotSeconds(context, start, end)) {
    const slot = row.slot.getTime();
    const seconds = bySlot.get(slot) ?? new Map<TimelineStatus, number>();
    const status = TIMELINE_STATUS_OF[row.status];
    seconds.set(status, (seconds.get(status) ?? 0) + row.seconds);
    bySlot.set(slot, seconds);
  }
  const points: TimelinePoint[] = [];
  for (let slot = start; slot < end; slot += SLOT_MS) {
    const wall = Math.floor((wallClockMs(slot, context.system.timeZone) % DAY_MS) / MINUTE_MS);
    const hour = Math.floor(wall / 60);
    points.push({
      start: new Date(slot).toISOString(),
      time: `${twoDigits(hour)}:${twoDigits(wall % 60)}`,
      hour,
      status: dominantStatus(bySlot.get(slot) ?? new Map()),
    });
  }
  return points;
}

/** GET /api/system-page-report/system-timeline */
export async function systemTimeline(context: SystemPageContext): Promise<SystemTimeline> {
  const rows = await loadRows(context, { day: true });
  const total = totalOf(rows);
  const seconds = statusSeconds(total);
  const summaryShares = statusShares(total);
  return {
    ...systemHeader(context),
    systemTimeLineGraphResponse: {
      systemTimeLineGraphData: daysFromTo(context.period.startDay, context.period.endDay).map((day) => {
        const measures = rows.find((row) => row.day === day)?.measures ?? emptyMeasures();
        return {
          date: day.replaceAll('-', ''),
          statuses: statusShares(measures),
          isNotReported: statusTotal(measures) === 0,
        };
      }),
    },
    systemTimeLineSummeryResponse: {
      systemTimeLineSummeryData: summaryShares.map(({ status, percentage }) => ({
        status,
        seconds: seconds[status],
        percentage,
        colour: TIMELINE_COLOURS[status],
      })),
    },
    systemTimeLineDayResponse:
      context.period.timeframe === 'day'
        ? { granularityMinutes: SLOT_MINUTES, timeLineData: await dayTimeline(context) }
        : null,
  };
}
