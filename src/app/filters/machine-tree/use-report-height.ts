import { useLayoutEffect, useState, type RefObject } from 'react';

/** Below this the tree would show too few rows to be useful; the page scrolls instead. */
const MIN_REPORT_HEIGHT = 360;

/**
 * The report height of spec reports §2: the viewport height below the top of the report area (where `ref` sits),
 * followed on window resize.
 */
export function useReportHeight(ref: RefObject<HTMLElement | null>): number {
  const [height, setHeight] = useState(MIN_REPORT_HEIGHT);
  useLayoutEffect(() => {
    const measure = () => {
      const element = ref.current;
      if (element === null) return;
      const top = element.getBoundingClientRect().top + window.scrollY;
      setHeight(Math.max(MIN_REPORT_HEIGHT, Math.round(window.innerHeight - top)));
    };
    measure();
    window.addEventListener('resize', measure);
    return () => window.removeEventListener('resize', measure);
  }, [ref]);
  return height;
}
