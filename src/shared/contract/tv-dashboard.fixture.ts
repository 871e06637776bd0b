import type { TvXmrImpressions } from './tv-dashboard.contract.ts';

/**
 * An answer of GET /api/tv-dashboard/xmrImpressions for a Berlin printer at 09:20 in its early shift, written by hand
 * for the TV dashboard panels' stories and tests: one point above the limits, one moving range above its limit and a
 * partial last interval.
 */
export const TV_XMR_IMPRESSIONS: TvXmrImpressions = {
  systemGroup: 'Apollo',
  systemSerialGk: 'APL-30001',
  systemNickName: null,
  timeZone: 'Europe/Berlin',
  asOf: '2026-03-31T07:20:00.000Z',
  currentShiftType: 'Early',
  currentShiftId: 'early',
  currentShiftStartDate: '2026-03-31T04:00:00.000Z',
  currentShiftEndDate: '2026-03-31T12:00:00.000Z',
  isShiftRunning: true,
  shiftImp: 1330,
  shiftImpTarget: 1000,
  impRatio: 1.33,
  xmrImpressionsResponseData: {
    intervalMinutes: 15,
    baselinePoints: 4,
    baselineFrom: '2026-03-30T11:00:00.000Z',
    baselineTo: '2026-03-30T12:00:00.000Z',
    centreLine: 100,
    averageMovingRange: 20,
    upperNaturalLimit: 153.2,
    lowerNaturalLimit: 46.8,
    movingRangeUpperLimit: 65.34,
    points: [
      {
        start: '2026-03-31T04:00:00.000Z',
        end: '2026-03-31T04:15:00.000Z',
        impressions: 100,
        movingRange: null,
        partial: false,
        outsideLimits: false,
        movingRangeAboveLimit: false,
      },
      {
        start: '2026-03-31T04:15:00.000Z',
        end: '2026-03-31T04:30:00.000Z',
        impressions: 160,
        movingRange: 60,
        partial: false,
        outsideLimits: true,
        movingRangeAboveLimit: false,
      },
      {
        start: '2026-03-31T04:30:00.000Z',
        end: '2026-03-31T04:45:00.000Z',
        impressions: 80,
        movingRange: 80,
        partial: false,
        outsideLimits: false,
        movingRangeAboveLimit: true,
      },
      {
        start: '2026-03-31T04:45:00.000Z',
        end: '2026-03-31T05:00:00.000Z',
        impressions: 40,
        movingRange: null,
        partial: true,
        outsideLimits: false,
        movingRangeAboveLimit: false,
      },
    ],
  },
};
