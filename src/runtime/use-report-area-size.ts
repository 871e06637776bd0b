import { useLayoutEffect, useState, type RefObject } from 'react';
import { useContainerWidth } from 'react-grid-layout';
import type { ReportAreaSize } from './report-breakpoint.ts';

/** The viewport height below the element's top in the page (not its scroll position), or the whole viewport without one. */
function heightBelow(element: HTMLElement | null): number {
  const top = element === null ? 0 : element.getBoundingClientRect().top + window.scrollY;
  return Math.max(0, Math.round(window.innerHeight - top));
}

/**
 * The report area's size (spec reports §2: compact under 1366 × 567): the grid container's width, and the height of the
 * viewport below the container's top, as a user sees the report when the page is scrolled to the top. Follows the
 * container's width and window resizes, and `aboveChanged`: a value that changes when content above the container appears or
 * goes without changing its width (the stale-data line). `measured` is false until the first measurement.
 */
export function useReportAreaSize(aboveChanged: unknown = null): {
  size: ReportAreaSize;
  containerRef: RefObject<HTMLDivElement | null>;
  measured: boolean;
} {
  const { width, containerRef, mounted } = useContainerWidth({ measureBeforeMount: true });
  const [height, setHeight] = useState(() => heightBelow(null));
  useLayoutEffect(() => {
    const measure = () => setHeight(heightBelow(containerRef.current));
    measure();
    window.addEventListener('resize', measure);
    return () => window.removeEventListener('resize', measure);
    // The container's top moves when the content above it reflows: with a change of its width, or as `aboveChanged` says.
  }, [containerRef, width, aboveChanged]);
  return { size: { width, height }, containerRef, measured: mounted };
}
