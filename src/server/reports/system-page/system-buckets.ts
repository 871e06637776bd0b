import type { TimelineGranularity } from '../../../shared/contract/system-page.contract.ts';
import { wallClockMs } from '../../../shared/time/local-time.ts';
import type { MeasureRow } from '../common/measure-rows.ts';
import { periodInstants, type SystemPageContext } from './system-page-context.ts';

/**
 * Buckets of the system page's series: the local hours (yyyy-MM-ddTHH:00) or days (yyyy-MM-dd) of the period on the
 * system's clock. On the autumn DST day the 02:00 bucket holds both 02:00 hours, as in the Overview's charts.
 */

const HOUR_MS = 3_600_000;

/** The asked bucket size, by default hours for a day and days for a week. */
export function granularityOf(context: SystemPageContext, asked: TimelineGranularity | undefined): TimelineGranularity {
  return asked ?? (context.period.timeframe === 'day' ? 'hour' : 'day');
}

/** The key of the local hour or day that contains `instant`. */
function bucketOf(instant: number, timeZone: string, granularity: TimelineGranularity): string {
  const wall = new Date(wallClockMs(instant, timeZone)).toISOString();
  return granularity === 'day' ? wall.slice(0, 10) : `${wall.slice(0, 13)}:00`;
}

/** The period's buckets in order, each with the UTC hours `[start, end)` it is made of. */
export function periodBuckets(
  context: SystemPageContext,
  granularity: TimelineGranularity,
): { key: string; hours: { start: number; end: number }[] }[] {
  const { start, end } = periodInstants(context);
  const buckets = new Map<string, { start: number; end: number }[]>();
  for (let hour = start; hour < end; hour += HOUR_MS) {
    const key = bucketOf(hour, context.system.timeZone, granularity);
    buckets.set(key, [...(buckets.get(key) ?? []), { start: hour, end: Math.min(end, hour + HOUR_MS) }]);
  }
  return [...buckets].map(([key, hours]) => ({ key, hours }));
}

/** The rollup rows' grouping for the bucket size. */
export const groupingOf = (granularity: TimelineGranularity) =>
  granularity === 'hour' ? { day: true, hour: true } : { day: true };

/** The bucket key of a rollup row grouped by {@link groupingOf}. */
export function rowKey(row: MeasureRow, granularity: TimelineGranularity): string {
  return granularity === 'hour' ? `${row.day}T${String(row.hour).padStart(2, '0')}:00` : String(row.day);
}
