import type { JSX, ReactNode } from 'react';
import {
  ResponsiveGridLayout,
  calcGridItemPosition,
  getBreakpointFromWidth,
  useContainerWidth,
} from 'react-grid-layout';
import 'react-grid-layout/css/styles.css';
import {
  GRID_COLUMNS,
  LAYOUT_BREAKPOINTS,
  type LayoutBreakpoint,
  type PlacementItem,
  type ReportLayout,
} from '../shared/layout/layout-types.ts';
import { pickDependencies } from '../shared/layout/query-request.ts';
import type { ReportFilters } from '../shared/report-filters.ts';
import { PANEL_REGISTRY } from '../../panels/registry.ts';
import { PanelErrorBoundary } from './PanelErrorBoundary.tsx';
import { ReportPanel, panelTitle } from './ReportPanel.tsx';
import { getReportLayout } from './report-layouts.ts';
import './report-page.css';

/** Smallest report-area width of each breakpoint (spec reports §2, §9: mobile under 750 px, compact overview under 1366 px). */
export const BREAKPOINT_MIN_WIDTHS: Record<LayoutBreakpoint, number> = { desktop: 1366, compact: 750, mobile: 0 };

/** Row height and gaps chosen so 3 rows make the spec's 144 px KPI card (3 × 40 + 2 × 12). */
const ROW_HEIGHT = 40;
const MARGIN: readonly [number, number] = [12, 12];
const PADDING: readonly [number, number] = [0, 0];
const COLUMNS = Object.fromEntries(LAYOUT_BREAKPOINTS.map((breakpoint) => [breakpoint, GRID_COLUMNS])) as Record<
  LayoutBreakpoint,
  number
>;

function cellSize(item: PlacementItem, containerWidth: number): { width: number; height: number } {
  const position = calcGridItemPosition(
    {
      margin: MARGIN,
      containerPadding: PADDING,
      containerWidth,
      cols: GRID_COLUMNS,
      rowHeight: ROW_HEIGHT,
      maxRows: Infinity,
    },
    item.x,
    item.y,
    item.w,
    item.h,
  );
  return { width: Math.max(0, position.width), height: Math.max(0, position.height) };
}

function ReportGrid({
  layout,
  filters,
  nothingSelected,
  autoRefresh,
}: {
  layout: ReportLayout;
  filters: ReportFilters;
  nothingSelected: boolean;
  autoRefresh: boolean;
}): JSX.Element {
  const { width, containerRef, mounted } = useContainerWidth();
  const shown = (item: PlacementItem): boolean =>
    layout.panels[item.panel]?.groups?.includes(filters.systemGroup) ?? true;
  const layouts = Object.fromEntries(
    LAYOUT_BREAKPOINTS.map((breakpoint) => [
      breakpoint,
      layout.placement[breakpoint]
        .filter(shown)
        .map(({ panel, x, y, w, h }) => ({ i: panel, x, y, w, h, static: true })),
    ]),
  ) as Record<LayoutBreakpoint, { i: string; x: number; y: number; w: number; h: number; static: boolean }[]>;
  const breakpoint = getBreakpointFromWidth(BREAKPOINT_MIN_WIDTHS, width);
  return (
    <div ref={containerRef} className="report-page__grid">
      {mounted && (
        <ResponsiveGridLayout
          width={width}
          breakpoint={breakpoint}
          breakpoints={BREAKPOINT_MIN_WIDTHS}
          cols={COLUMNS}
          layouts={layouts}
          rowHeight={ROW_HEIGHT}
          margin={MARGIN}
          containerPadding={PADDING}
          dragConfig={{ enabled: false }}
          resizeConfig={{ enabled: false }}
        >
          {layout.placement[breakpoint].filter(shown).map((item) => {
            const panel = layout.panels[item.panel];
            const query = panel === undefined ? undefined : layout.queries[panel.query];
            if (panel === undefined || query === undefined) return null;
            const { width: cellWidth, height: cellHeight } = cellSize(item, width);
            return (
              <div key={item.panel}>
                <PanelErrorBoundary
                  key={JSON.stringify(pickDependencies(query, filters))}
                  title={panelTitle(panel, PANEL_REGISTRY[panel.kind], filters)}
                >
                  <ReportPanel
                    panel={panel}
                    query={query}
                    filters={filters}
                    width={cellWidth}
                    height={cellHeight}
                    emptyStates={layout.rules?.emptyStates}
                    nothingSelected={nothingSelected}
                    autoRefresh={autoRefresh}
                  />
                </PanelErrorBoundary>
              </div>
            );
          })}
        </ResponsiveGridLayout>
      )}
    </div>
  );
}

export interface ReportPageProps {
  reportId: string;
  filters: ReportFilters;
  /** Shown beside the grid at the report's top (the app's machine filter panel); the grid takes the remaining width. */
  aside?: ReactNode;
  /** No system is selected: every panel shows 'Nothing Was Selected' instead of asking (`filters.systems` empty means all). */
  nothingSelected?: boolean;
  /** Queries refresh on their intervals; off for a stale day (spec reports §4). Default on. */
  autoRefresh?: boolean;
}

/**
 * A report page from its layout (layouts/<reportId>.json): panels placed on a static 12-column grid, bound to their
 * queries, with an optional side panel.
 */
export function ReportPage({
  reportId,
  filters,
  aside,
  nothingSelected = false,
  autoRefresh = true,
}: ReportPageProps): JSX.Element {
  const layout = getReportLayout(reportId);
  if (layout === undefined) {
    return (
      <p role="alert" className="report-page__missing">
        Unknown report &apos;{reportId}&apos;
      </p>
    );
  }
  return (
    <div className="report-page">
      <ReportGrid layout={layout} filters={filters} nothingSelected={nothingSelected} autoRefresh={autoRefresh} />
      {aside}
    </div>
  );
}
