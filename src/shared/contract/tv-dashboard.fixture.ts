import type { TvXmrImpressions, XmrPoint } from './tv-dashboard.contract.ts';

/**
 * Answers of GET /api/tv-dashboard/xmrImpressions for a Berlin printer (CEST), written by hand for the TV dashboard
 * panels' stories and tests.
 */

const interval = (start: string, end: string, impressions: number, judged: Partial<XmrPoint> = {}): XmrPoint => ({
  start,
  end,
  impressions,
  shiftType: null,
  target: null,
  movingRange: null,
  partial: false,
  outsideLimits: false,
  movingRangeAboveLimit: false,
  ...judged,
});

/**
 * Day at 09:20 in the early shift: 20-minute intervals, one point above the limits, one moving range above its limit
 * and a partial last interval.
 */
export const TV_XMR_IMPRESSIONS: TvXmrImpressions = {
  systemGroup: 'Apollo',
  systemSerialGk: 'APL-30001',
  systemNickName: null,
  timeZone: 'Europe/Berlin',
  asOf: '2026-03-31T07:20:00.000Z',
  timeframe: 'day',
  periodStart: '2026-03-31T04:00:00.000Z',
  periodEnd: '2026-03-31T12:00:00.000Z',
  currentShiftType: 'Early',
  currentShiftId: 'early',
  currentShiftStartDate: '2026-03-31T04:00:00.000Z',
  currentShiftEndDate: '2026-03-31T12:00:00.000Z',
  isShiftRunning: true,
  shiftImp: 1330,
  shiftImpTarget: 1000,
  impRatio: 1.33,
  xmrImpressionsResponseData: {
    intervalMinutes: 20,
    baselinePoints: 4,
    baselineFrom: '2026-03-30T10:40:00.000Z',
    baselineTo: '2026-03-30T12:00:00.000Z',
    centreLine: 100,
    averageMovingRange: 20,
    upperNaturalLimit: 153.2,
    lowerNaturalLimit: 46.8,
    movingRangeUpperLimit: 65.34,
    points: [
      interval('2026-03-31T04:00:00.000Z', '2026-03-31T04:20:00.000Z', 100),
      interval('2026-03-31T04:20:00.000Z', '2026-03-31T04:40:00.000Z', 160, { movingRange: 60, outsideLimits: true }),
      interval('2026-03-31T04:40:00.000Z', '2026-03-31T05:00:00.000Z', 80, {
        movingRange: 80,
        movingRangeAboveLimit: true,
      }),
      interval('2026-03-31T05:00:00.000Z', '2026-03-31T05:20:00.000Z', 40, { partial: true }),
    ],
  },
};

const shift = (start: string, end: string, shiftType: string, impressions: number, judged: Partial<XmrPoint> = {}) =>
  interval(start, end, impressions, { shiftType, target: 1000, ...judged });

/**
 * Week of Monday 30 March on Wednesday 1 April at 09:20: the early and late shifts so far, one point each against the
 * target of 1,000, Tuesday's late shift below the limits (the lower limit absent: the baseline varies too much) is not
 * flagged, the running early shift partial.
 */
export const TV_XMR_IMPRESSIONS_WEEK: TvXmrImpressions = {
  ...TV_XMR_IMPRESSIONS,
  asOf: '2026-04-01T07:20:00.000Z',
  timeframe: 'week',
  periodStart: '2026-03-29T22:00:00.000Z',
  periodEnd: '2026-04-05T22:00:00.000Z',
  currentShiftType: null,
  currentShiftId: null,
  currentShiftStartDate: null,
  currentShiftEndDate: null,
  isShiftRunning: true,
  shiftImp: 3650,
  shiftImpTarget: 12000,
  impRatio: 3650 / 12000,
  xmrImpressionsResponseData: {
    intervalMinutes: null,
    baselinePoints: 24,
    baselineFrom: '2026-03-16T05:00:00.000Z',
    baselineTo: '2026-03-28T20:00:00.000Z',
    centreLine: 900,
    averageMovingRange: 400,
    upperNaturalLimit: 1964,
    lowerNaturalLimit: null,
    movingRangeUpperLimit: 1306.8,
    points: [
      shift('2026-03-30T04:00:00.000Z', '2026-03-30T12:00:00.000Z', 'Early', 1000),
      shift('2026-03-30T12:00:00.000Z', '2026-03-30T20:00:00.000Z', 'Late', 900, { movingRange: 100 }),
      shift('2026-03-31T04:00:00.000Z', '2026-03-31T12:00:00.000Z', 'Early', 1200, { movingRange: 300 }),
      shift('2026-03-31T12:00:00.000Z', '2026-03-31T20:00:00.000Z', 'Late', 150, { movingRange: 1050 }),
      shift('2026-04-01T04:00:00.000Z', '2026-04-01T12:00:00.000Z', 'Early', 400, { partial: true }),
    ],
  },
};
