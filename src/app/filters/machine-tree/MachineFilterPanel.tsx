import { Suspense, useLayoutEffect, useRef, useState, type JSX } from 'react';
import { useTranslation } from 'react-i18next';
import '../../../runtime/report-texts.ts';
import { lazyWithRetry } from '../../../runtime/lazy-with-retry.ts';
import { MachineTree } from './MachineTree.tsx';
import { MACHINE_FILTER_ID, type MachineTreeHandle } from './use-machine-tree.ts';
import { useReportHeight } from './use-report-height.ts';
import './MachineFilter.css';

/** PrimeReact's Sidebar loads when the drawer first opens (≤ 1400 px only), not with every report (issue #11 budgets). */
const Sidebar = lazyWithRetry(() => import('primereact/sidebar').then((module) => ({ default: module.Sidebar })));

/** Tells the Filter button that the element it controls is in the page (rendered inside that element). */
function InPage({ onChange }: { onChange: (inPage: boolean) => void }): null {
  useLayoutEffect(() => {
    onChange(true);
    return () => onChange(false);
  }, [onChange]);
  return null;
}

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
  const { t } = useTranslation();
  const anchor = useRef<HTMLDivElement>(null);
  const reportHeight = useReportHeight(anchor);
  const { data, setMounted } = tree;
  // Once opened, the drawer stays mounted, so it can play its closing animation.
  const [drawerOpened, setDrawerOpened] = useState(false);
  if (tree.drawer && tree.open && !drawerOpened) setDrawerOpened(true);
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
      <div ref={anchor} className="machine-filter-anchor machine-filter-anchor--empty">
        {drawerOpened && (
          <Suspense fallback={null}>
            <Sidebar
              id={MACHINE_FILTER_ID}
              visible={tree.open}
              position="bottom"
              header={t('filters.machineTree.filter')}
              className="machine-filter-drawer"
              style={{ height: drawerHeight }}
              onHide={() => tree.setOpen(false)}
            >
              <InPage onChange={setMounted} />
              {content(drawerHeight - DRAWER_CHROME)}
            </Sidebar>
          </Suspense>
        )}
      </div>
    );
  }
  return (
    <div
      ref={anchor}
      className={tree.open ? 'machine-filter-anchor' : 'machine-filter-anchor machine-filter-anchor--empty'}
    >
      {tree.open && (
        <aside id={MACHINE_FILTER_ID} className="machine-filter-panel" aria-label={t('filters.machineTree.filter')}>
          <InPage onChange={setMounted} />
          {content(reportHeight - PANEL_LIST_OFFSET)}
        </aside>
      )}
    </div>
  );
}
