import type { LayoutBreakpoint } from '../shared/layout/layout-types.ts';

/** The report area (spec reports §2, §9): mobile under 750 px wide; compact under 1366 px wide or under 567 px high. */
export const REPORT_AREA_LIMITS = { mobileBelowWidth: 750, compactBelowWidth: 1366, compactBelowHeight: 567 } as const;

/** Size of the report area in pixels: the grid's width, and the viewport height below the grid's top. */
export interface ReportAreaSize {
  width: number;
  height: number;
}

/**
 * The placement a report area of this size uses. Height matters only from 750 px wide: a wide but short window
 * (1920 × 540) gets the compact placement, a narrow one always the mobile one.
 */
export function reportBreakpoint({ width, height }: ReportAreaSize): LayoutBreakpoint {
  if (width < REPORT_AREA_LIMITS.mobileBelowWidth) return 'mobile';
  if (width < REPORT_AREA_LIMITS.compactBelowWidth || height < REPORT_AREA_LIMITS.compactBelowHeight) return 'compact';
  return 'desktop';
}
