import type { XmrPoint, XmrSeries } from '../../../shared/contract/tv-dashboard.contract.ts';
import { isMovingRangeAboveLimit, isOutsideNaturalLimits, xmrLimits } from '../../../shared/kpi/xmr.ts';
import type { TimeSpan } from './printed-impressions.ts';

/** A point before it is judged: its span, its value, whether it is final, and what a shift's point carries. */
export interface SeriesValue extends TimeSpan {
  impressions: number;
  /** Not final: shown, but not judged and without a moving range (its value can still grow). */
  partial: boolean;
  shiftType: string | null;
  target: number | null;
}

const iso = (ms: number) => new Date(ms).toISOString();

/**
 * The XMR series (docs/kpi-glossary.md "Shift XMR chart"): `values` judged against the natural process limits of
 * `baseline` (earlier points, oldest first). `intervalMinutes` is null when each point is one shift.
 */
export function xmrSeries(
  values: readonly SeriesValue[],
  baseline: readonly (TimeSpan & { impressions: number })[],
  intervalMinutes: number | null,
): XmrSeries {
  const limits = xmrLimits(baseline.map((point) => point.impressions));
  const points = values.map((value, index): XmrPoint => {
    const previous = index === 0 ? undefined : values[index - 1];
    const movingRange =
      value.partial || previous === undefined ? null : Math.abs(value.impressions - previous.impressions);
    return {
      start: iso(value.start),
      end: iso(value.end),
      impressions: value.impressions,
      shiftType: value.shiftType,
      target: value.target,
      movingRange,
      partial: value.partial,
      outsideLimits: !value.partial && limits !== null && isOutsideNaturalLimits(value.impressions, limits),
      movingRangeAboveLimit: movingRange !== null && limits !== null && isMovingRangeAboveLimit(movingRange, limits),
    };
  });
  const first = baseline[0];
  const last = baseline.at(-1);
  return {
    intervalMinutes,
    baselinePoints: baseline.length,
    baselineFrom: first === undefined ? null : iso(first.start),
    baselineTo: last === undefined ? null : iso(last.end),
    centreLine: limits?.centreLine ?? null,
    averageMovingRange: limits?.averageMovingRange ?? null,
    upperNaturalLimit: limits?.upperNaturalLimit ?? null,
    lowerNaturalLimit: limits?.lowerNaturalLimit ?? null,
    movingRangeUpperLimit: limits?.movingRangeUpperLimit ?? null,
    points,
  };
}
