import type { Kysely } from 'kysely';
import type { Database } from '../db/schema.ts';

/**
 * Test-only reference for the system timeline, written from spec reports §3, §4, §9 and docs/kpi-glossary.md
 * "Percentages that total 100", computed from the raw `status_intervals` rows (never the rollups or the report SQL):
 * Preparation shows as Printing, Not reporting as 'Not Reporting'; a five-minute point shows the status with the most
 * seconds in it (the first of Error, Maintenance, Idle, Printing, Not Reporting on a tie) or none when nothing covers
 * it; a day's shares are each status' seconds in it over all of them, rounded, the remainder added to the largest.
 */

const ORDER = ['Error', 'Maintenance', 'Idle', 'Printing', 'Not Reporting'] as const;
const SHOWN_AS: Record<string, (typeof ORDER)[number]> = {
  Error: 'Error',
  Maintenance: 'Maintenance',
  Idle: 'Idle',
  Printing: 'Printing',
  Preparation: 'Printing',
  NotReporting: 'Not Reporting',
};

export interface RawInterval {
  status: string;
  start: number;
  end: number;
}

/** Every status interval of the system with this serial number, as epoch ms. */
export async function rawIntervals(db: Kysely<Database>, tenantId: string, serial: string): Promise<RawInterval[]> {
  const rows = await db
    .selectFrom('status_intervals')
    .innerJoin('systems', (join) =>
      join
        .onRef('systems.tenant_id', '=', 'status_intervals.tenant_id')
        .onRef('systems.id', '=', 'status_intervals.system_id'),
    )
    .where('systems.tenant_id', '=', tenantId)
    .where('systems.serial_number', '=', serial)
    .select(['status_intervals.status', 'status_intervals.started_at', 'status_intervals.ended_at'])
    .execute();
  return rows.map((row) => ({ status: row.status, start: row.started_at.getTime(), end: row.ended_at.getTime() }));
}

/** Seconds of each shown status inside `[start, end)`. */
function secondsIn(intervals: readonly RawInterval[], start: number, end: number): number[] {
  const seconds = ORDER.map(() => 0);
  for (const interval of intervals) {
    const overlap = Math.min(end, interval.end) - Math.max(start, interval.start);
    const index = ORDER.indexOf(SHOWN_AS[interval.status] ?? 'Not Reporting');
    if (overlap > 0) seconds[index] = (seconds[index] ?? 0) + overlap / 1000;
  }
  return seconds;
}

/** The shown status of each five minutes from `start` to `end` (null where no interval covers any of it). */
export function rawFiveMinuteStatuses(
  intervals: readonly RawInterval[],
  start: number,
  end: number,
): (string | null)[] {
  const points: (string | null)[] = [];
  for (let slot = start; slot < end; slot += 300_000) {
    const seconds = secondsIn(intervals, slot, slot + 300_000);
    const most = Math.max(...seconds);
    points.push(most > 0 ? (ORDER[seconds.indexOf(most)] ?? null) : null);
  }
  return points;
}

/** The shares of `[start, end)` in whole percent, Error … Not Reporting, totalling 100 (all 0 without status time). */
export function rawStatusShares(intervals: readonly RawInterval[], start: number, end: number): number[] {
  const seconds = secondsIn(intervals, start, end);
  const total = seconds.reduce((sum, value) => sum + value, 0);
  if (total === 0) return seconds.map(() => 0);
  const shares = seconds.map((value) => Math.round((value / total) * 100));
  const largest = seconds.indexOf(Math.max(...seconds));
  shares[largest] = (shares[largest] ?? 0) + 100 - shares.reduce((sum, value) => sum + value, 0);
  return shares;
}
