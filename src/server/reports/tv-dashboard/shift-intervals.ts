import type { Kysely } from 'kysely';
import type { XmrSeries } from '../../../shared/contract/tv-dashboard.contract.ts';
import type { Database } from '../../db/schema.ts';
import { impressionsEndedIn, impressionsPrintedIn, type PrintedJob, type TimeSpan } from './printed-impressions.ts';
import { earlierOccurrences, intervalsOf, XMR_INTERVAL_MS, type ShiftOccurrence } from './shift-calendar.ts';
import { jobsPrintedDuring, reportedUntil } from './tv-printer-records.ts';
import { xmrSeries } from './xmr-series.ts';

/**
 * How many intervals of earlier occurrences of the shift the XMR limits come from: 48 hours of 20 minutes, six 8-hour
 * shifts (docs/kpi-glossary.md "Shift XMR chart").
 */
const XMR_BASELINE_INTERVALS = 144;

/** The newest XMR_BASELINE_INTERVALS intervals of the earlier occurrences of the shift, oldest first. */
function baselineIntervals(occurrence: ShiftOccurrence, timeZone: string): TimeSpan[] {
  const picked: TimeSpan[] = [];
  for (const earlier of earlierOccurrences(occurrence, timeZone)) {
    const intervals = intervalsOf(earlier);
    picked.unshift(...intervals.slice(Math.max(0, intervals.length - (XMR_BASELINE_INTERVALS - picked.length))));
    if (picked.length >= XMR_BASELINE_INTERVALS) break;
  }
  return picked;
}

/**
 * The Day view of one printer's shift from its jobs (docs/kpi-glossary.md "Shift impressions", "Shift XMR chart"): its
 * impressions so far (jobs that ended in it) and the XMR series of its 20-minute intervals up to `now`, each ended job
 * spread over its printing time, judged against the baseline's limits. Intervals ending after `finalUntil` (how far the
 * printer has reported) are partial. `jobs` must hold every job that printed from the baseline's start to `now`.
 */
export function intervalSeries(
  occurrence: ShiftOccurrence,
  timeZone: string,
  jobs: readonly PrintedJob[],
  now: number,
  finalUntil: number,
): { shiftImp: number; series: XmrSeries } {
  const intervals = intervalsOf(occurrence).filter((interval) => interval.start <= now);
  const baseline = baselineIntervals(occurrence, timeZone);
  const values = impressionsPrintedIn(intervals, jobs);
  const baselineValues = impressionsPrintedIn(baseline, jobs);
  const series = xmrSeries(
    intervals.map((interval, index) => ({
      ...interval,
      impressions: values[index] ?? 0,
      partial: interval.end > Math.min(now, finalUntil),
      shiftType: null,
      target: null,
    })),
    baseline.map((interval, index) => ({ ...interval, impressions: baselineValues[index] ?? 0 })),
    XMR_INTERVAL_MS / 60_000,
  );
  return { shiftImp: impressionsEndedIn([occurrence], jobs)[0] ?? 0, series };
}

/** intervalSeries of the printer's stored jobs; an interval is final once the printer has reported through its end. */
export async function shiftIntervals(
  db: Kysely<Database>,
  tenantId: string,
  systemId: string,
  occurrence: ShiftOccurrence,
  timeZone: string,
  now: number,
): Promise<{ shiftImp: number; series: XmrSeries }> {
  const jobs = await jobsPrintedDuring(db, tenantId, systemId, {
    start: baselineIntervals(occurrence, timeZone)[0]?.start ?? occurrence.start,
    end: Math.min(occurrence.end, now),
  });
  const reported = await reportedUntil(db, tenantId, systemId, occurrence.start);
  return intervalSeries(occurrence, timeZone, jobs, now, reported ?? -Infinity);
}
