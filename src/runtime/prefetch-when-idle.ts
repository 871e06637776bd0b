import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef } from 'react';
import type { ReportFilters } from '../shared/report-filters.ts';
import type { ReportPrefetch } from './prefetch-on-hint.ts';

/**
 * A neighbour whose answers took longer than this to come (from its asking to nothing being fetched) tells of a busy
 * server: the neighbours after it are not asked, so the prefetch only ever takes a server's idle time.
 */
export const BUSY_PREFETCH_MS = 500;

/**
 * Once the report shows `shown` and has settled — it has offered its prefetch (`slot`) and no answer is being fetched —
 * and the browser is idle, asks the answers of the neighbours `neighbours()` lists (the frame's filter hints: the
 * previous period, the other timeframes, the other groups; issue #30), one at a time, each once the one before has
 * come and the browser is idle again: the control a user clicks without hovering it first then finds its answers in
 * the cache, as Next.js prefetches the links in view. Once per shown filters: any change cancels the neighbours not
 * yet asked and waits for the new filters to settle; a neighbour that took BUSY_PREFETCH_MS or more ends the round.
 * Nothing without `requestIdleCallback` (Safari) or while `enabled` is off (kiosk screens, nobody to click).
 */
export function usePrefetchWhenIdle<Hint>(
  slot: ReportPrefetch,
  shown: ReportFilters | null,
  neighbours: () => readonly Hint[],
  ask: (hint: Hint) => void,
  enabled: boolean,
): void {
  const queryClient = useQueryClient();
  const latest = useRef({ neighbours, ask });
  useEffect(() => {
    latest.current = { neighbours, ask };
  }, [neighbours, ask]);
  useEffect(() => {
    if (!enabled || shown === null || typeof window.requestIdleCallback !== 'function') return undefined;
    const whenIdle = window.requestIdleCallback.bind(window);
    const cancelIdle = window.cancelIdleCallback.bind(window);
    let idle: number | undefined;
    const onIdle = (run: () => void) => {
      if (idle !== undefined) cancelIdle(idle);
      idle = whenIdle(() => {
        idle = undefined;
        run();
      });
    };
    let pending: readonly Hint[] | null = null;
    let asked: { at: number; fetched: boolean } | null = null;
    const settled = () => slot.current !== null && queryClient.isFetching() === 0;
    const askNext = () => {
      // Something was asked meanwhile: the cache's next event looks again.
      if (!settled()) return;
      pending ??= latest.current.neighbours();
      const [hint, ...rest] = pending;
      pending = rest;
      if (hint === undefined) return;
      asked = { at: performance.now(), fetched: false };
      latest.current.ask(hint);
      look();
    };
    const look = () => {
      if (asked !== null) {
        if (queryClient.isFetching() > 0) {
          asked.fetched = true;
          return;
        }
        if (!asked.fetched) {
          // Nothing asked yet: the neighbour's answers were fresh, or the prefetch's code is still loading. Once the
          // browser is idle, the next one either way.
          const waiting = asked;
          onIdle(() => {
            if (asked !== waiting || waiting.fetched) return;
            asked = null;
            look();
          });
          return;
        }
        // The neighbour's answers have all come.
        if (performance.now() - asked.at >= BUSY_PREFETCH_MS) pending = [];
        asked = null;
      }
      if (pending?.length !== 0 && settled()) onIdle(askNext);
    };
    const unsubscribe = queryClient.getQueryCache().subscribe(look);
    look();
    return () => {
      unsubscribe();
      if (idle !== undefined) cancelIdle(idle);
    };
  }, [slot, queryClient, shown, enabled]);
}
