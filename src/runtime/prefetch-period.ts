import { useQueryClient } from '@tanstack/react-query';
import { createContext, useContext, useEffect } from 'react';
import type { ReportLayout } from '../shared/layout/layout-types.ts';
import type { ReportFilters } from '../shared/report-filters.ts';

/**
 * Where the report on screen leaves how to prefetch its previous period, for the filter bar's arrow (which sits in the
 * report's frame, above the report that knows its panels and filters).
 */
export interface PreviousPeriodPrefetch {
  current: (() => void) | null;
}

export const PreviousPeriodPrefetchContext = createContext<PreviousPeriodPrefetch | null>(null);

/**
 * Offers the frame's arrow the prefetch of this report's previous period while the report shows `filters` (not while
 * nothing is selected: no panel asks then).
 */
export function useOfferPreviousPeriod(layout: ReportLayout, filters: ReportFilters, enabled: boolean): void {
  const slot = useContext(PreviousPeriodPrefetchContext);
  const queryClient = useQueryClient();
  useEffect(() => {
    if (slot === null || !enabled) return undefined;
    // The prefetch's code is a chunk of its own, loaded on the first hint (the report's routes stay as small as before).
    const prefetch = () =>
      void import('./prefetch-report.ts').then((code) => code.prefetchPreviousPeriod(queryClient, layout, filters));
    slot.current = prefetch;
    return () => {
      if (slot.current === prefetch) slot.current = null;
    };
  }, [slot, queryClient, layout, filters, enabled]);
}
