import { Type, type Static } from 'typebox';
import { periodQueryProperties } from './report.contract.ts';
import { Closed, NullableNumber, NullableString, StringEnum, SystemGroupSchema } from './primitives.ts';

/**
 * Contract of the TV dashboard (spec reports §2, §3, §7 "TV dashboard"; docs/architecture.md "TV dashboard"): one
 * printer's impressions against their target with an XMR chart (docs/kpi-glossary.md "Shift impressions", "Shift XMR
 * chart"). Day: the current shift and its impressions per 20 minutes. Week and custom: the shifts of the period, one
 * point per shift. A serial outside the user's scope, of another tenant or of another group is answered 404 like one that
 * does not exist.
 */

/** The printer: the group and its serial number (the live stream's query). */
export const TvDashboardQuerySchema = Closed({
  systemGroup: SystemGroupSchema,
  system: Type.String({ minLength: 1, maxLength: 100 }),
});
export type TvDashboardQuery = Static<typeof TvDashboardQuerySchema>;

/** At most one of day, week and custom. */
const atMostOnePeriodRule = {
  not: { anyOf: [{ required: ['day', 'week'] }, { required: ['day', 'custom'] }, { required: ['week', 'custom'] }] },
} as const;

/**
 * GET /api/tv-dashboard/xmrImpressions query: the printer and the period. `day` (whatever its date) or none: the current
 * shift; `week` (any day of it) or `custom`: the shifts that start in that Monday-to-Sunday week or range.
 */
export const TvXmrImpressionsQuerySchema = Closed(
  { ...TvDashboardQuerySchema.properties, ...periodQueryProperties },
  atMostOnePeriodRule,
);
export type TvXmrImpressionsQuery = Static<typeof TvXmrImpressionsQuerySchema>;

/** One point of the series: a 20-minute interval of the shift (day) or one shift of the period (week, custom). */
export const XmrPointSchema = Closed({
  /** ISO instants `[start, end)`; the last interval of a shift may be shorter. */
  start: Type.String(),
  end: Type.String(),
  /**
   * Day: the impressions printed in the interval, each ended job's spread evenly over its printing time. Week, custom:
   * the shift's impressions (its jobs that ended in it).
   */
  impressions: Type.Number(),
  /** The shift's name (week, custom); null for an interval. */
  shiftType: NullableString(),
  /** The printer's target for the shift (week, custom); null for an interval and for a shift without one. */
  target: NullableNumber(),
  /** |impressions − the previous point's|; null for the first point and for a partial one. */
  movingRange: NullableNumber(),
  /**
   * Not final yet, so not judged: an interval still running or that the printer has not reported through (a job may
   * still be printing in it), a shift still running.
   */
  partial: Type.Boolean(),
  /** Above the upper or below the lower natural process limit. */
  outsideLimits: Type.Boolean(),
  /** The moving range is above its upper limit. */
  movingRangeAboveLimit: Type.Boolean(),
});
export type XmrPoint = Static<typeof XmrPointSchema>;

/** The XMR series with its baseline's centre line and limits (all null without a baseline). */
export const XmrSeriesSchema = Closed({
  /** 20 for a shift's intervals; null when each point is one shift. */
  intervalMinutes: NullableNumber(),
  /**
   * How many points of earlier shifts the limits come from: day, up to 144 intervals of earlier occurrences of the same
   * shift; week and custom, up to 24 shifts before the period.
   */
  baselinePoints: Type.Number(),
  /** ISO start of the baseline's first point and end of its last; null without one. */
  baselineFrom: NullableString(),
  baselineTo: NullableString(),
  centreLine: NullableNumber(),
  averageMovingRange: NullableNumber(),
  upperNaturalLimit: NullableNumber(),
  /** Null also when the centre line minus 2.66 average moving ranges is not above 0: there is no lower limit. */
  lowerNaturalLimit: NullableNumber(),
  movingRangeUpperLimit: NullableNumber(),
  points: Type.Array(XmrPointSchema),
});
export type XmrSeries = Static<typeof XmrSeriesSchema>;

/**
 * GET /api/tv-dashboard/xmrImpressions (spec reports §3 "TV dashboard" response fields, plus the printer, its site's
 * time zone, the period and the shift's end). Day: outside every shift the answer describes the last shift that ended
 * (`isShiftRunning` false); without any shift in the last two weeks the shift fields are null and the series empty.
 * Week and custom: the shift fields are null and `shiftImp`, `shiftImpTarget` and `impRatio` are the period's.
 */
export const TvXmrImpressionsSchema = Closed(
  {
    systemGroup: SystemGroupSchema,
    systemSerialGk: Type.String(),
    systemNickName: NullableString(),
    /** IANA time zone of the printer's site: the shift times are wall-clock times there. */
    timeZone: Type.String(),
    /** The server clock of the answer (ISO). */
    asOf: Type.String(),
    timeframe: StringEnum(['day', 'week', 'custom']),
    /** ISO instants `[start, end)` of what the answer covers: the shift (day; null without one), the week or range. */
    periodStart: NullableString(),
    periodEnd: NullableString(),
    /** The shift's name, e.g. 'Early' (day). */
    currentShiftType: NullableString(),
    currentShiftId: NullableString(),
    /** ISO instant the shift started and ends (day). */
    currentShiftStartDate: NullableString(),
    currentShiftEndDate: NullableString(),
    /** Day: the shift runs now. Week, custom: a shift of the period runs now. */
    isShiftRunning: Type.Boolean(),
    /** Impressions of the jobs that ended in the shift so far; week, custom: in the period's shifts so far. */
    shiftImp: Type.Number(),
    /**
     * The printer's target for the shift valid on the day it started; week, custom: the sum of the targets of all the
     * period's shifts (those still to come included); null when a shift has none.
     */
    shiftImpTarget: NullableNumber(),
    /** shiftImp / shiftImpTarget as a fraction; null without a target above 0. */
    impRatio: NullableNumber(),
    xmrImpressionsResponseData: XmrSeriesSchema,
  },
  { $id: 'TvXmrImpressions' },
);
export type TvXmrImpressions = Static<typeof TvXmrImpressionsSchema>;

/**
 * GET /api/tv-dashboard/live (same query): Server-Sent Events telling an open dashboard that ingest committed records
 * of its printer (docs/architecture.md "TV dashboard and live push"). Events: `ready` once, `ingest` per committed
 * batch (data `{"system", "at"}`), `expired` just before the server closes the stream at the access token's expiry
 * (the client reconnects with its renewed token), `closed` (data `{"reason"}`) just before the server closes the
 * stream because the same user opened a newer one beyond the per-user limit (the client must not reconnect: it would
 * close that newer one in turn); comment lines every 15 s keep the connection alive. Clients ignore events they do not
 * know. 403 before the stream opens when the user's tenant does not have the Live Dashboard.
 */
export const TvLiveStreamSchema = Type.Unsafe<string>({
  type: 'string',
  contentMediaType: 'text/event-stream',
  description: 'Server-Sent Events: ready, ingest, expired, closed',
});

/** The data of an `ingest` event. */
export interface TvLiveIngestEvent {
  system: string;
  /** ISO time the server sent the event. */
  at: string;
}

/** The data of a `closed` event: why the server closed the stream (a newer stream of the same user took its place). */
export interface TvLiveClosedEvent {
  reason: string;
}
