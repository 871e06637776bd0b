import { sql, type Kysely } from 'kysely';
import type { TvXmrImpressions, XmrPoint, XmrSeries } from '../../../shared/contract/tv-dashboard.contract.ts';
import { isMovingRangeAboveLimit, isOutsideNaturalLimits, xmrLimits, type XmrLimits } from '../../../shared/kpi/xmr.ts';
import type { SystemGroup } from '../../../shared/system-group.ts';
import type { Database } from '../../db/schema.ts';
import { HttpError } from '../../http-errors.ts';
import type { UserScope } from '../../users/current-user.ts';
import { selectedSystems, type SelectedSystem } from '../overview-measures.ts';
import {
  currentShift,
  earlierOccurrences,
  intervalsOf,
  XMR_INTERVAL_MS,
  type ShiftOccurrence,
  type SiteShift,
} from './shift-calendar.ts';

/** How many intervals of earlier occurrences of the shift the XMR limits come from: 8 hours of 15 minutes. */
export const XMR_BASELINE_POINTS = 32;

/** The 404 of a serial that no system of the group in the user's scope has (another tenant's looks alike). */
export const TV_NOT_IN_SCOPE = 'Cannot find a system with this serial number in your scope';

interface Interval {
  start: number;
  end: number;
}

async function siteShifts(db: Kysely<Database>, tenantId: string, siteId: string): Promise<SiteShift[]> {
  const { rows } = await sql<{
    id: string;
    name: string;
    start_minute: number;
    end_minute: number;
    weekdays: number[];
  }>`SELECT id, name, (extract(hour FROM starts_at) * 60 + extract(minute FROM starts_at))::int AS start_minute,
      (extract(hour FROM ends_at) * 60 + extract(minute FROM ends_at))::int AS end_minute, weekdays::int[] AS weekdays
    FROM shifts WHERE tenant_id = ${tenantId} AND site_id = ${siteId} ORDER BY id`.execute(db);
  return rows.map((row) => ({
    id: row.id,
    name: row.name,
    startMinute: row.start_minute,
    endMinute: row.end_minute,
    weekdays: row.weekdays,
  }));
}

/** The system's target for the shift: the latest one valid on the day the shift starts; null without one. */
async function shiftTarget(
  db: Kysely<Database>,
  system: SelectedSystem,
  tenantId: string,
  occurrence: ShiftOccurrence,
): Promise<number | null> {
  const row = await db
    .selectFrom('shift_targets')
    .where('tenant_id', '=', tenantId)
    .where('system_id', '=', system.id)
    .where('shift_id', '=', occurrence.shift.id)
    .where(sql<boolean>`valid_from <= ${occurrence.startDay}::date`)
    .orderBy('valid_from', 'desc')
    .select('target_impressions')
    .limit(1)
    .executeTakeFirst();
  return row === undefined ? null : Number(row.target_impressions);
}

/** Impressions of the system's jobs that ended in each interval (a job counts where it ends). */
async function impressionsPerInterval(
  db: Kysely<Database>,
  tenantId: string,
  system: SelectedSystem,
  intervals: readonly Interval[],
): Promise<number[]> {
  const first = intervals[0];
  const last = intervals.at(-1);
  if (first === undefined || last === undefined) return [];
  const rows = await db
    .selectFrom('jobs')
    .where('tenant_id', '=', tenantId)
    .where('system_id', '=', system.id)
    .where('ended_at', '>=', new Date(first.start))
    .where('ended_at', '<', new Date(last.end))
    .select(['ended_at', 'impressions'])
    .execute();
  const totals = intervals.map(() => 0);
  for (const row of rows) {
    const ended = new Date(row.ended_at).getTime();
    // Intervals are ordered and disjoint: find the one holding the end.
    let low = 0;
    let high = intervals.length - 1;
    while (low < high) {
      const middle = (low + high + 1) >> 1;
      if ((intervals[middle]?.start ?? Infinity) <= ended) low = middle;
      else high = middle - 1;
    }
    const interval = intervals[low];
    if (interval !== undefined && interval.start <= ended && ended < interval.end) {
      totals[low] = (totals[low] ?? 0) + Number(row.impressions);
    }
  }
  return totals;
}

/** The newest XMR_BASELINE_POINTS intervals of the earlier occurrences of the shift, oldest first. */
function baselineIntervals(occurrence: ShiftOccurrence, timeZone: string): Interval[] {
  const picked: Interval[] = [];
  for (const earlier of earlierOccurrences(occurrence, timeZone)) {
    const intervals = intervalsOf(earlier);
    picked.unshift(...intervals.slice(Math.max(0, intervals.length - (XMR_BASELINE_POINTS - picked.length))));
    if (picked.length >= XMR_BASELINE_POINTS) break;
  }
  return picked;
}

const iso = (ms: number) => new Date(ms).toISOString();

function xmrPoints(intervals: readonly Interval[], values: readonly number[], now: number, limits: XmrLimits | null) {
  return intervals.map((interval, index): XmrPoint => {
    const impressions = values[index] ?? 0;
    const partial = interval.end > now;
    const previous = index === 0 ? undefined : values[index - 1];
    const movingRange = partial || previous === undefined ? null : Math.abs(impressions - previous);
    return {
      start: iso(interval.start),
      end: iso(interval.end),
      impressions,
      movingRange,
      partial,
      outsideLimits: !partial && limits !== null && isOutsideNaturalLimits(impressions, limits),
      movingRangeAboveLimit: movingRange !== null && limits !== null && isMovingRangeAboveLimit(movingRange, limits),
    };
  });
}

const EMPTY_SERIES: XmrSeries = {
  intervalMinutes: XMR_INTERVAL_MS / 60_000,
  baselinePoints: 0,
  baselineFrom: null,
  baselineTo: null,
  centreLine: null,
  averageMovingRange: null,
  upperNaturalLimit: null,
  lowerNaturalLimit: null,
  movingRangeUpperLimit: null,
  points: [],
};

/**
 * GET /api/tv-dashboard/xmrImpressions (docs/kpi-glossary.md "Shift impressions", "Shift XMR chart"): the current shift
 * of the printer's site at `now`, its impressions so far against the target, and the XMR series of the shift.
 * Runs in the request's tenant transaction; 404 when the serial is not a system of the group in scope.
 */
export async function tvXmrImpressions(
  db: Kysely<Database>,
  scope: UserScope,
  request: { systemGroup: SystemGroup; system: string; now: Date },
): Promise<TvXmrImpressions> {
  const [system] = await selectedSystems(db, scope, request.systemGroup, [request.system]);
  if (system === undefined) throw new HttpError(404, TV_NOT_IN_SCOPE);
  const { tenantId } = scope;
  const now = request.now.getTime();
  const header = {
    systemGroup: request.systemGroup,
    systemSerialGk: system.serialNumber,
    systemNickName: system.nickname,
    timeZone: system.timeZone,
    asOf: iso(now),
  };
  const found = currentShift(await siteShifts(db, tenantId, system.siteId), system.timeZone, now);
  if (found === null) {
    return {
      ...header,
      currentShiftType: null,
      currentShiftId: null,
      currentShiftStartDate: null,
      currentShiftEndDate: null,
      isShiftRunning: false,
      shiftImp: 0,
      shiftImpTarget: null,
      impRatio: null,
      xmrImpressionsResponseData: EMPTY_SERIES,
    };
  }
  const { occurrence, running } = found;
  // The shift so far: its intervals up to the one running now.
  const shiftIntervals = intervalsOf(occurrence).filter((interval) => interval.start <= now);
  const baseline = baselineIntervals(occurrence, system.timeZone);
  const [values, baselineValues, target] = [
    await impressionsPerInterval(db, tenantId, system, shiftIntervals),
    await impressionsPerInterval(db, tenantId, system, baseline),
    await shiftTarget(db, system, tenantId, occurrence),
  ];
  // Jobs that end after `now` cannot be stored (ingest refuses the future beyond its tolerance); count up to `now`.
  const shiftImp = values.reduce((sum, value) => sum + value, 0);
  const limits = xmrLimits(baselineValues);
  return {
    ...header,
    currentShiftType: occurrence.shift.name,
    currentShiftId: occurrence.shift.id,
    currentShiftStartDate: iso(occurrence.start),
    currentShiftEndDate: iso(occurrence.end),
    isShiftRunning: running,
    shiftImp,
    shiftImpTarget: target,
    impRatio: target !== null && target > 0 ? shiftImp / target : null,
    xmrImpressionsResponseData: {
      intervalMinutes: XMR_INTERVAL_MS / 60_000,
      baselinePoints: baseline.length,
      baselineFrom: baseline[0] === undefined ? null : iso(baseline[0].start),
      baselineTo: baseline.at(-1) === undefined ? null : iso(baseline.at(-1)?.end ?? 0),
      centreLine: limits?.centreLine ?? null,
      averageMovingRange: limits?.averageMovingRange ?? null,
      upperNaturalLimit: limits?.upperNaturalLimit ?? null,
      lowerNaturalLimit: limits?.lowerNaturalLimit ?? null,
      movingRangeUpperLimit: limits?.movingRangeUpperLimit ?? null,
      points: xmrPoints(shiftIntervals, values, now, limits),
    },
  };
}
