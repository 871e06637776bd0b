import type { Kysely } from 'kysely';
import type {
  TvXmrImpressions,
  TvXmrImpressionsQuery,
  XmrSeries,
} from '../../../shared/contract/tv-dashboard.contract.ts';
import type { Database } from '../../db/schema.ts';
import { HttpError } from '../../http-errors.ts';
import type { UserScope } from '../../users/current-user.ts';
import { selectedSystems } from '../common/measure-rows.ts';
import { reportPeriodOf } from '../common/report-period.ts';
import { periodShifts } from './period-shifts.ts';
import { currentShift, XMR_INTERVAL_MS } from './shift-calendar.ts';
import { shiftIntervals } from './shift-intervals.ts';
import { printerTargets, siteShifts, targetOf } from './tv-printer-records.ts';

/** The 404 of a serial that no system of the group in the user's scope has (another tenant's looks alike). */
export const TV_NOT_IN_SCOPE = 'Cannot find a system with this serial number in your scope';

const iso = (ms: number) => new Date(ms).toISOString();

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

const NO_SHIFT = {
  currentShiftType: null,
  currentShiftId: null,
  currentShiftStartDate: null,
  currentShiftEndDate: null,
};

const ratio = (impressions: number, target: number | null) =>
  target !== null && target > 0 ? impressions / target : null;

/**
 * GET /api/tv-dashboard/xmrImpressions (docs/kpi-glossary.md "Shift impressions", "Shift XMR chart"). Day (or no
 * period): the shift of the printer's site at `now`, its impressions so far against its target and the XMR series of its
 * 20-minute intervals. Week and custom: the shifts of the period, one point each. Runs in the request's tenant
 * transaction; 404 when the serial is not a system of the group in scope.
 */
export async function tvXmrImpressions(
  db: Kysely<Database>,
  scope: UserScope,
  request: TvXmrImpressionsQuery & { now: Date },
): Promise<TvXmrImpressions> {
  const [system] = await selectedSystems(db, scope, request.systemGroup, [request.system]);
  if (system === undefined) throw new HttpError(404, TV_NOT_IN_SCOPE);
  const { tenantId } = scope;
  const { timeZone } = system;
  const now = request.now.getTime();
  const header = {
    systemGroup: request.systemGroup,
    systemSerialGk: system.serialNumber,
    systemNickName: system.nickname,
    timeZone,
    asOf: iso(now),
  };
  const shifts = await siteShifts(db, tenantId, system.siteId);
  const targets = await printerTargets(db, tenantId, system.id);

  if (request.week !== undefined || request.custom !== undefined) {
    const period = reportPeriodOf({ week: request.week, custom: request.custom });
    const found = await periodShifts(db, tenantId, system.id, { shifts, targets, timeZone }, period, now);
    return {
      ...header,
      timeframe: period.timeframe === 'week' ? 'week' : 'custom',
      periodStart: iso(found.span.start),
      periodEnd: iso(found.span.end),
      ...NO_SHIFT,
      isShiftRunning: found.series.points.some((point) => point.partial),
      shiftImp: found.shiftImp,
      shiftImpTarget: found.target,
      impRatio: ratio(found.shiftImp, found.target),
      xmrImpressionsResponseData: found.series,
    };
  }

  const found = currentShift(shifts, timeZone, now);
  if (found === null) {
    return {
      ...header,
      timeframe: 'day',
      periodStart: null,
      periodEnd: null,
      ...NO_SHIFT,
      isShiftRunning: false,
      shiftImp: 0,
      shiftImpTarget: null,
      impRatio: null,
      xmrImpressionsResponseData: EMPTY_SERIES,
    };
  }
  const { occurrence, running } = found;
  const { shiftImp, series } = await shiftIntervals(db, tenantId, system.id, occurrence, timeZone, now);
  const target = targetOf(targets, occurrence);
  return {
    ...header,
    timeframe: 'day',
    periodStart: iso(occurrence.start),
    periodEnd: iso(occurrence.end),
    currentShiftType: occurrence.shift.name,
    currentShiftId: occurrence.shift.id,
    currentShiftStartDate: iso(occurrence.start),
    currentShiftEndDate: iso(occurrence.end),
    isShiftRunning: running,
    shiftImp,
    shiftImpTarget: target,
    impRatio: ratio(shiftImp, target),
    xmrImpressionsResponseData: series,
  };
}
