import type { AnswerOf } from '../../src/shared/api-types.ts';

/** The answers the kind shows (names of ANSWER_SCHEMAS): a layout may bind it only to a query answering one of them. */
export const XMR_CHART_ANSWERS = ['TvXmrImpressions'] as const;

export type XmrChartAnswer = AnswerOf<(typeof XMR_CHART_ANSWERS)[number]>;

export interface XmrChartPoint {
  /** Interval start on the site clock, 'hh:mm'; a shift as its weekday, day and name, 'Mon 30 Early'. */
  label: string;
  impressions: number;
  /** A shift's target; null for an interval. */
  target: number | null;
  movingRange: number | null;
  partial: boolean;
  outsideLimits: boolean;
  movingRangeAboveLimit: boolean;
}

/** What the panel draws. */
export interface XmrChartData {
  /** What one point is: a 20-minute interval of the shift (Day) or one shift (Week, Custom). */
  per: { kind: 'interval'; minutes: number } | { kind: 'shift' };
  points: XmrChartPoint[];
  centreLine: number | null;
  upperNaturalLimit: number | null;
  /** Null: no lower limit (none drawn), the baseline's centre line is within 2.66 average moving ranges of 0. */
  lowerNaturalLimit: number | null;
  movingRangeCentre: number | null;
  movingRangeUpperLimit: number | null;
  /** How many points are flagged (outside the limits or with a moving range above its limit). */
  flagged: number;
}

/** The series and limits of the answer, labelled on the site's clock; null (empty state) without points. */
export function selectXmrChart(answer: XmrChartAnswer): XmrChartData | null {
  const xmr = answer.xmrImpressionsResponseData;
  if (xmr.points.length === 0) return null;
  const clock = new Intl.DateTimeFormat('en-GB', {
    timeZone: answer.timeZone,
    hour: '2-digit',
    minute: '2-digit',
    hourCycle: 'h23',
  });
  const day = new Intl.DateTimeFormat('en-GB', { timeZone: answer.timeZone, weekday: 'short', day: 'numeric' });
  const points = xmr.points.map((point) => ({
    label:
      point.shiftType === null
        ? clock.format(new Date(point.start))
        : `${day.format(new Date(point.start))} ${point.shiftType}`,
    impressions: point.impressions,
    target: point.target,
    movingRange: point.movingRange,
    partial: point.partial,
    outsideLimits: point.outsideLimits,
    movingRangeAboveLimit: point.movingRangeAboveLimit,
  }));
  return {
    per: xmr.intervalMinutes === null ? { kind: 'shift' } : { kind: 'interval', minutes: xmr.intervalMinutes },
    points,
    centreLine: xmr.centreLine,
    upperNaturalLimit: xmr.upperNaturalLimit,
    lowerNaturalLimit: xmr.lowerNaturalLimit,
    movingRangeCentre: xmr.averageMovingRange,
    movingRangeUpperLimit: xmr.movingRangeUpperLimit,
    flagged: points.filter((point) => point.outsideLimits || point.movingRangeAboveLimit).length,
  };
}
