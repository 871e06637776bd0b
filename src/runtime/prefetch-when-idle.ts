import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef } from 'react';
import type { ReportFilters } from '../shared/report-filters.ts';
import type { ReportPrefetch } from './prefetch-on-hint.ts';

/**
 * Once the report shows `shown` and has settled — it has offered its prefetch (`slot`) and no answer is being fetched —
 * and the browser is idle, prefetches the report's answers for `next()` (the frame passes the previous period: a user
 * stepping back day after day, or a click on the arrow with no hover before it, finds them in the cache; issue #30).
 * Once per shown filters: any change cancels a prefetch not yet asked and waits for the new filters to settle. Nothing
 * without `requestIdleCallback` (Safari) or while `enabled` is off (kiosk screens, nobody to press the arrow).
 */
export function usePrefetchWhenIdle(
  slot: ReportPrefetch,
  shown: ReportFilters | null,
  next: () => ReportFilters | null,
  enabled: boolean,
): void {
  const queryClient = useQueryClient();
  const nextRef = useRef(next);
  useEffect(() => {
    nextRef.current = next;
  }, [next]);
  useEffect(() => {
    if (!enabled || shown === null || typeof window.requestIdleCallback !== 'function') return undefined;
    const whenIdle = window.requestIdleCallback.bind(window);
    const cancelIdle = window.cancelIdleCallback.bind(window);
    let idle: number | undefined;
    let asked = false;
    const settled = () => slot.current !== null && queryClient.isFetching() === 0;
    const askWhenIdle = () => {
      if (asked || idle !== undefined || !settled()) return;
      idle = whenIdle(() => {
        idle = undefined;
        // Something was asked meanwhile: the cache's next event tries again.
        if (!settled()) return;
        asked = true;
        const filters = nextRef.current();
        if (filters !== null) slot.current?.(filters);
      });
    };
    const unsubscribe = queryClient.getQueryCache().subscribe(askWhenIdle);
    askWhenIdle();
    return () => {
      unsubscribe();
      if (idle !== undefined) cancelIdle(idle);
    };
  }, [slot, queryClient, shown, enabled]);
}
