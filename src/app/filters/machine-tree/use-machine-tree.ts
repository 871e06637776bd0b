import { useMemo, useState } from 'react';
import type { FilterData, Selection } from '../../../shared/systems/filter-data.ts';
import { isPartialSelection } from '../../../shared/systems/selection.ts';
import type { ReportFiltersSnapshot } from '../../../machines/report-filters.machine.ts';
import { useMediaQuery } from '../../use-media-query.ts';
import type { MachineTreeEvent } from './MachineTree.tsx';

/** At or below 1400 px the tree is a bottom drawer instead of a panel beside the report (spec reports §2, §9). */
export const FILTER_DRAWER_QUERY = '(max-width: 1400px)';

/** Element id of the panel or drawer, for the Filter button's aria-controls. */
export const MACHINE_FILTER_ID = 'machine-filter';

/** What the Filter button and the tree panel or drawer of a report page share. */
export interface MachineTreeHandle {
  /** The selected group's tree; null until its filter data has arrived. */
  data: FilterData | null;
  selection: Selection;
  foldedSiteIds: readonly string[];
  foldedModelIds: readonly string[];
  singlePrinter: boolean;
  /** The Filter button's dot: something but not everything is selected. */
  partial: boolean;
  /** Drawer (≤ 1400 px) rather than panel. */
  drawer: boolean;
  /** Panel shown (wide screens; shown at first) or drawer open (closed at first). */
  open: boolean;
  setOpen: (open: boolean) => void;
  /**
   * The panel or drawer is in the page: the report's side slot renders it only once the report's code has loaded, the
   * drawer once PrimeReact's Sidebar has loaded, and the Filter button names it in aria-controls only then (an id that
   * names nothing is an ARIA error, axe aria-valid-attr-value).
   */
  mounted: boolean;
  setMounted: (mounted: boolean) => void;
  send: (event: MachineTreeEvent) => void;
}

/** The machine tree's state from the report-filters machine, plus whether its panel or drawer is open. */
export function useMachineTree(snapshot: ReportFiltersSnapshot, send: (event: MachineTreeEvent) => void) {
  const drawer = useMediaQuery(FILTER_DRAWER_QUERY);
  const [panelOpen, setPanelOpen] = useState(true);
  const [drawerOpen, setDrawerOpen] = useState(false);
  const [mounted, setMounted] = useState(false);
  const { context } = snapshot;
  const data = snapshot.matches('ready') ? (context.filterData[context.group] ?? null) : null;
  const { selection, foldedSiteIds, foldedModelIds } = context;
  const partial = useMemo(() => data !== null && isPartialSelection(data, selection), [data, selection]);
  return {
    data,
    selection,
    foldedSiteIds,
    foldedModelIds,
    singlePrinter: context.rules.filterBar?.singlePrinter === true,
    partial,
    drawer,
    open: drawer ? drawerOpen : panelOpen,
    setOpen: drawer ? setDrawerOpen : setPanelOpen,
    mounted,
    setMounted,
    send,
  } satisfies MachineTreeHandle;
}
