import type { AnswerOf } from '../../src/shared/api-types.ts';

/** The answers the kind shows (names of ANSWER_SCHEMAS): a layout may bind it only to a query answering one of them. */
export const XMR_CHART_ANSWERS = ['TvXmrImpressions'] as const;

export type XmrChartAnswer = AnswerOf<(typeof XMR_CHART_ANSWERS)[number]>;

/** Options of an xmr-chart panel; options.schema.json beside this file is their contract. */
export interface XmrChartOptions {
  showMovingRange?: boolean;
}

export interface XmrChartPoint {
  /** Interval start on the site clock, 'hh:mm'. */
  label: string;
  impressions: number;
  movingRange: number | null;
  partial: boolean;
  outsideLimits: boolean;
  movingRangeAboveLimit: boolean;
}

/** What the panel draws. */
export interface XmrChartData {
  points: XmrChartPoint[];
  centreLine: number | null;
  upperNaturalLimit: number | null;
  lowerNaturalLimit: number | null;
  movingRangeCentre: number | null;
  movingRangeUpperLimit: number | null;
  /** How many points are flagged (outside the limits or with a moving range above its limit). */
  flagged: number;
}

/** The series and limits of the answer, interval starts on the site's clock; null (empty state) without points. */
export function selectXmrChart(answer: XmrChartAnswer): XmrChartData | null {
  const xmr = answer.xmrImpressionsResponseData;
  if (xmr.points.length === 0) return null;
  const clock = new Intl.DateTimeFormat('en-GB', {
    timeZone: answer.timeZone,
    hour: '2-digit',
    minute: '2-digit',
    hourCycle: 'h23',
  });
  const points = xmr.points.map((point) => ({
    label: clock.format(new Date(point.start)),
    impressions: point.impressions,
    movingRange: point.movingRange,
    partial: point.partial,
    outsideLimits: point.outsideLimits,
    movingRangeAboveLimit: point.movingRangeAboveLimit,
  }));
  return {
    points,
    centreLine: xmr.centreLine,
    upperNaturalLimit: xmr.upperNaturalLimit,
    lowerNaturalLimit: xmr.lowerNaturalLimit,
    movingRangeCentre: xmr.averageMovingRange,
    movingRangeUpperLimit: xmr.movingRangeUpperLimit,
    flagged: points.filter((point) => point.outsideLimits || point.movingRangeAboveLimit).length,
  };
}
