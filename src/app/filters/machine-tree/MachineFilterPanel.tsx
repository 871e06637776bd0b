import { useLayoutEffect, useRef, type JSX } from 'react';
import { Sidebar } from 'primereact/sidebar';
import { MachineTree } from './MachineTree.tsx';
import { MACHINE_FILTER_ID, type MachineTreeHandle } from './use-machine-tree.ts';
import { useReportHeight } from './use-report-height.ts';
import './MachineFilter.css';

/** Spec reports §2: the drawer is the report height minus 60 px; the panel's list the report height minus 100 px. */
const DRAWER_OFFSET = 60;
const PANEL_LIST_OFFSET = 100;
/** The drawer's title bar, Search box and 'All' row above its list. */
const DRAWER_CHROME = 150;

/**
 * The machine tree beside the report on wide screens, or in a bottom drawer titled 'Filter' at ≤ 1400 px
 * (spec reports §2). Rendered into the report page's side slot, whose top is where the report height is measured.
 */
export function MachineFilterPanel({ tree }: { tree: MachineTreeHandle }): JSX.Element | null {
  const anchor = useRef<HTMLDivElement>(null);
  const reportHeight = useReportHeight(anchor);
  const { data, setMounted } = tree;
  useLayoutEffect(() => {
    setMounted(true);
    return () => setMounted(false);
  }, [setMounted]);
  const content = (listHeight: number) =>
    data === null ? null : (
      <MachineTree
        data={data}
        selection={tree.selection}
        foldedSiteIds={tree.foldedSiteIds}
        foldedModelIds={tree.foldedModelIds}
        singlePrinter={tree.singlePrinter}
        listHeight={listHeight}
        onEvent={tree.send}
      />
    );
  if (tree.drawer) {
    const drawerHeight = reportHeight - DRAWER_OFFSET;
    return (
      <div ref={anchor} className="machine-filter-anchor">
        <Sidebar
          id={MACHINE_FILTER_ID}
          visible={tree.open}
          position="bottom"
          header="Filter"
          className="machine-filter-drawer"
          style={{ height: drawerHeight }}
          onHide={() => tree.setOpen(false)}
        >
          {content(drawerHeight - DRAWER_CHROME)}
        </Sidebar>
      </div>
    );
  }
  return (
    <div ref={anchor} className="machine-filter-anchor">
      {tree.open && (
        <aside id={MACHINE_FILTER_ID} className="machine-filter-panel" aria-label="Filter">
          {content(reportHeight - PANEL_LIST_OFFSET)}
        </aside>
      )}
    </div>
  );
}
