import { useQueryClient } from '@tanstack/react-query';
import { createContext, useContext, useEffect } from 'react';
import type { ReportLayout } from '../shared/layout/layout-types.ts';
import type { ReportFilters } from '../shared/report-filters.ts';
import type * as PrefetchReportModule from './prefetch-report.ts';

/**
 * Where the report on screen leaves how to prefetch its panels' answers for other filters, for the filter bar (which
 * sits in the report's frame, above the report that knows its panels): the bar's hints (the pointer on a timeframe, a
 * group or an arrow, or the focus there) ask it for the filters the click would show (issue #30).
 */
export interface ReportPrefetch {
  current: ((next: ReportFilters) => void) | null;
}

export const ReportPrefetchContext = createContext<ReportPrefetch | null>(null);

type PrefetchCode = typeof PrefetchReportModule;
let loadedCode: PrefetchCode | undefined;

async function loadPrefetchCode(): Promise<PrefetchCode> {
  loadedCode ??= await import('./prefetch-report.ts');
  return loadedCode;
}

/**
 * Offers the frame the prefetch of this report's panels for other filters while the report shows `filters` (not while
 * nothing is selected: no panel asks then). Filters of the page's own (the Jobs sizes) are kept from `filters`.
 */
export function useOfferReportPrefetch(layout: ReportLayout, filters: ReportFilters, enabled: boolean): void {
  const slot = useContext(ReportPrefetchContext);
  const queryClient = useQueryClient();
  useEffect(() => {
    if (slot === null || !enabled) return undefined;
    // The prefetch's code is a chunk of its own, loaded on the first hint (the report's routes stay as small as before);
    // once loaded, a hint asks at once (a click's hint must ask before the click's own render, not a promise turn later).
    const prefetch = (next: ReportFilters) => {
      const ask = (code: PrefetchCode) => code.prefetchReport(queryClient, layout, { ...filters, ...next });
      if (loadedCode !== undefined) ask(loadedCode);
      else void loadPrefetchCode().then(ask);
    };
    slot.current = prefetch;
    return () => {
      if (slot.current === prefetch) slot.current = null;
    };
  }, [slot, queryClient, layout, filters, enabled]);
}
