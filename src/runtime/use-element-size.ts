import { useLayoutEffect, useRef, useState } from 'react';

/**
 * The size of a flexible box, followed as it changes (0 × 0 until measured): a chart that fills what its panel's
 * figures leave of the grid cell needs that space in pixels (the figures' height depends on how their text wraps), and
 * a virtual scroller the height its panel's cell leaves below a toolbar.
 */
export function useElementSize<Element extends HTMLElement = HTMLDivElement>() {
  const ref = useRef<Element>(null);
  const [size, setSize] = useState({ width: 0, height: 0 });
  useLayoutEffect(() => {
    const element = ref.current;
    if (element === null) return undefined;
    const { width, height } = element.getBoundingClientRect();
    setSize({ width, height });
    if (typeof ResizeObserver === 'undefined') return undefined;
    const observer = new ResizeObserver(([entry]) => {
      if (entry !== undefined) setSize({ width: entry.contentRect.width, height: entry.contentRect.height });
    });
    observer.observe(element);
    return () => observer.disconnect();
  }, []);
  return { ref, ...size };
}
