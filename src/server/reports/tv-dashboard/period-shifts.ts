import type { Kysely } from 'kysely';
import type { ReportPeriod } from '../../../shared/contract/report.contract.ts';
import type { XmrSeries } from '../../../shared/contract/tv-dashboard.contract.ts';
import { addDays, localTimeToInstant } from '../../../shared/time/local-time.ts';
import type { Database } from '../../db/schema.ts';
import { impressionsEndedIn, type TimeSpan } from './printed-impressions.ts';
import { occurrencesBetween, type SiteShift } from './shift-calendar.ts';
import { jobsPrintedDuring, targetOf, type ShiftTarget } from './tv-printer-records.ts';
import { xmrSeries } from './xmr-series.ts';

/** How many shifts before the period the XMR limits come from, looked for up to four weeks back. */
const SHIFT_BASELINE_POINTS = 24;
const SHIFT_BASELINE_LOOKBACK_DAYS = 28;

/** The shifts the printer works: those it has a target for; every shift of its site when it has none. */
function workedShifts(shifts: readonly SiteShift[], targets: readonly ShiftTarget[]): SiteShift[] {
  const targeted = shifts.filter((shift) => targets.some((target) => target.shiftId === shift.id));
  return targeted.length > 0 ? targeted : [...shifts];
}

/** The period's instants on the site's clock: from its first hour to the end of its last one. */
function periodSpan(period: ReportPeriod, timeZone: string): TimeSpan {
  return {
    start: localTimeToInstant(period.startDay, period.startHour * 60, timeZone),
    end: localTimeToInstant(period.endDay, (period.endHour + 1) * 60, timeZone),
  };
}

/**
 * The Week and Custom views of one printer (docs/kpi-glossary.md "Shift XMR chart"): one point per shift it works that
 * starts in the period and has started by `now`, its value the shift's impressions (jobs that ended in it) against its
 * target, judged against the limits of the SHIFT_BASELINE_POINTS shifts before the period. The running shift is
 * partial. `target` sums the targets of all the period's shifts, those to come included (null when one has none).
 */
export async function periodShifts(
  db: Kysely<Database>,
  tenantId: string,
  systemId: string,
  calendar: { shifts: readonly SiteShift[]; targets: readonly ShiftTarget[]; timeZone: string },
  period: ReportPeriod,
  now: number,
): Promise<{ span: TimeSpan; shiftImp: number; target: number | null; series: XmrSeries }> {
  const { targets, timeZone } = calendar;
  const shifts = workedShifts(calendar.shifts, targets);
  const span = periodSpan(period, timeZone);
  const inPeriod = occurrencesBetween(shifts, addDays(period.startDay, -1), period.endDay, timeZone).filter(
    (occurrence) => occurrence.start >= span.start && occurrence.start < span.end,
  );
  const started = inPeriod.filter((occurrence) => occurrence.start <= now);
  const baseline = occurrencesBetween(
    shifts,
    addDays(period.startDay, -SHIFT_BASELINE_LOOKBACK_DAYS),
    period.startDay,
    timeZone,
  )
    .filter((occurrence) => occurrence.end <= span.start)
    .slice(-SHIFT_BASELINE_POINTS);
  const jobs = await jobsPrintedDuring(db, tenantId, systemId, {
    start: baseline[0]?.start ?? span.start,
    end: Math.min(now, Math.max(span.start, ...started.map((occurrence) => occurrence.end))),
  });
  const totals = impressionsEndedIn([...baseline, ...started], jobs);
  const values = started.map((occurrence, index) => ({
    start: occurrence.start,
    end: occurrence.end,
    impressions: totals[baseline.length + index] ?? 0,
    partial: occurrence.end > now,
    shiftType: occurrence.shift.name,
    target: targetOf(targets, occurrence),
  }));
  const periodTargets = inPeriod.map((occurrence) => targetOf(targets, occurrence));
  return {
    span,
    shiftImp: values.reduce((sum, value) => sum + value.impressions, 0),
    target:
      periodTargets.length === 0 || periodTargets.includes(null)
        ? null
        : periodTargets.reduce<number>((sum, target) => sum + (target ?? 0), 0),
    series: xmrSeries(
      values,
      baseline.map((occurrence, index) => ({ ...occurrence, impressions: totals[index] ?? 0 })),
      null,
    ),
  };
}
