import { useLayoutEffect, useState, type RefObject } from 'react';

/** The smallest type unit (px) the panel shrinks to: its smallest text, the site's time zone, is then 8 px. */
const MIN_UNIT = 10;

function overflows(element: HTMLElement): boolean {
  return element.scrollHeight > element.clientHeight || element.scrollWidth > element.clientWidth;
}

/**
 * The type unit of the element's `--tv-unit`: `preferred`, or the largest smaller one at which the content fits the
 * element's box. A phone's narrow card wraps the shift's times and the impressions' target onto more lines than its
 * height holds; measured before paint, again whenever `preferred`, the width or the texts change.
 */
export function useFittingUnit(
  ref: RefObject<HTMLElement | null>,
  preferred: number,
  width: number,
  texts: string,
): number {
  const [unit, setUnit] = useState(preferred);
  useLayoutEffect(() => {
    const element = ref.current;
    if (element === null) return;
    let fitting = preferred;
    element.style.setProperty('--tv-unit', `${fitting}px`);
    while (fitting > MIN_UNIT && overflows(element)) {
      fitting -= 1;
      element.style.setProperty('--tv-unit', `${fitting}px`);
    }
    setUnit(fitting);
  }, [ref, preferred, width, texts]);
  return unit;
}
