import { useCallback, useMemo, useState } from 'react';
import type { JobSelection, JobSelectionHandle } from '../../../runtime/panel-capabilities.tsx';
import type { ReportFilters } from '../../../shared/report-filters.ts';

export const NO_JOB_SELECTION: JobSelection = { sizes: [], printModes: [] };

/** What the selection belongs to: a change of group, period or systems clears it (spec reports §4). */
function selectionScope({ systemGroup, period, systems }: ReportFilters): string {
  return JSON.stringify([systemGroup, period, systems]);
}

/**
 * The Job summary's selection of the report, and the filters with it (`jobSizes`, `printModes`) for the filtered calls.
 * Changing the group, timeframe, date or systems resets it to none (spec reports §4: job summary data resets).
 */
export function useJobSelection(filters: ReportFilters): { handle: JobSelectionHandle; filters: ReportFilters } {
  const scope = selectionScope(filters);
  const [stored, setStored] = useState({ scope, selection: NO_JOB_SELECTION });
  const selection = stored.scope === scope ? stored.selection : NO_JOB_SELECTION;
  const select = useCallback((next: JobSelection) => setStored({ scope, selection: next }), [scope]);
  const handle = useMemo(() => ({ selection, select }), [selection, select]);
  const selectedFilters = useMemo(
    () => ({ ...filters, jobSizes: [...selection.sizes], printModes: [...selection.printModes] }),
    [filters, selection],
  );
  return { handle, filters: selectedFilters };
}
