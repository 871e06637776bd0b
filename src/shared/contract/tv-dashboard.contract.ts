import { Type, type Static } from 'typebox';
import { Closed, NullableNumber, NullableString, SystemGroupSchema } from './primitives.ts';

/**
 * Contract of the TV dashboard (spec reports §2, §3, §7 "TV dashboard"; docs/architecture.md "TV dashboard"): one
 * printer's current shift, its impressions against the shift target and the XMR chart of its impressions per 15-minute
 * interval (docs/kpi-glossary.md "Shift impressions", "Shift XMR chart"). A serial outside the user's scope, of another
 * tenant or of another group is answered 404 like one that does not exist.
 */

/** GET /api/tv-dashboard/xmrImpressions query: the group and the printer's serial number. */
export const TvDashboardQuerySchema = Closed({
  systemGroup: SystemGroupSchema,
  system: Type.String({ minLength: 1, maxLength: 100 }),
});
export type TvDashboardQuery = Static<typeof TvDashboardQuerySchema>;

/** One 15-minute interval of the shift: the impressions of the jobs that ended in it. */
export const XmrPointSchema = Closed({
  /** ISO instants `[start, end)`; the last interval of a shift may be shorter. */
  start: Type.String(),
  end: Type.String(),
  impressions: Type.Number(),
  /** |impressions − the previous interval's|; null for the shift's first interval and for the running one. */
  movingRange: NullableNumber(),
  /** The interval is still running (its count may grow): never flagged. */
  partial: Type.Boolean(),
  /** Above the upper or below the lower natural process limit. */
  outsideLimits: Type.Boolean(),
  /** The moving range is above its upper limit. */
  movingRangeAboveLimit: Type.Boolean(),
});
export type XmrPoint = Static<typeof XmrPointSchema>;

/** The XMR series of the shift with its baseline's centre line and limits (all null without a baseline). */
export const XmrSeriesSchema = Closed({
  intervalMinutes: Type.Number(),
  /** How many intervals of earlier occurrences of the same shift the limits come from (0–32). */
  baselinePoints: Type.Number(),
  /** ISO start of the baseline's first interval and end of its last; null without one. */
  baselineFrom: NullableString(),
  baselineTo: NullableString(),
  centreLine: NullableNumber(),
  averageMovingRange: NullableNumber(),
  upperNaturalLimit: NullableNumber(),
  lowerNaturalLimit: NullableNumber(),
  movingRangeUpperLimit: NullableNumber(),
  points: Type.Array(XmrPointSchema),
});
export type XmrSeries = Static<typeof XmrSeriesSchema>;

/**
 * GET /api/tv-dashboard/xmrImpressions (spec reports §3 "TV dashboard" response fields, plus the printer, its site's
 * time zone and the shift's end). Outside every shift the answer describes the last shift that ended
 * (`isShiftRunning` false); without any shift in the last two weeks the shift fields are null and the series empty.
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
    /** The shift's name, e.g. 'Early'. */
    currentShiftType: NullableString(),
    currentShiftId: NullableString(),
    /** ISO instant the shift started and ends. */
    currentShiftStartDate: NullableString(),
    currentShiftEndDate: NullableString(),
    isShiftRunning: Type.Boolean(),
    /** Impressions of the jobs that ended in the shift so far. */
    shiftImp: Type.Number(),
    /** The printer's target for the shift valid on the day it started; null without one. */
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
