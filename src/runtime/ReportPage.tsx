import { useEffect, type JSX, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { calcGridItemPosition } from 'react-grid-layout/core';
import 'react-grid-layout/css/styles.css';
import { useDataStale } from '../api/connection-health.ts';
import { useReportLayout } from './layout-texts.ts';
import { GRID_COLUMNS, type PlacementItem, type ReportLayout } from '../shared/layout/layout-types.ts';
import type { ReportFilters } from '../shared/report-filters.ts';
import { LayoutProblemsNotice } from './LayoutProblemsNotice.tsx';
import { PanelErrorBoundary } from './PanelErrorBoundary.tsx';
import { isPanelShown, placeShownPanels } from './placement-fill.ts';
import { fillAreaHeight } from './placement-height.ts';
import { inDrawnOrder } from './placement-order.ts';
import { ReportPanel } from './ReportPanel.tsx';
import { preloadReport } from './preload-report.ts';
import { useOfferReportPrefetch } from './prefetch-on-hint.ts';
import { reportBreakpoint } from './report-breakpoint.ts';
import { StaleDataLine, type StaleDataLineSize } from './StaleDataLine.tsx';
import { StaticGridLayout } from './StaticGridLayout.tsx';
import { useReportAreaSize } from './use-report-area-size.ts';
import './report-page.css';
import './report-texts.ts';

/** Row height and gaps chosen so 3 rows make the spec's 144 px KPI card (3 × 40 + 2 × 12). */
const GRID_CONFIG = {
  cols: GRID_COLUMNS,
  rowHeight: 40,
  margin: [12, 12],
  containerPadding: [0, 0],
  maxRows: Infinity,
} as const;

function cellSize(item: PlacementItem, containerWidth: number): { width: number; height: number } {
  const position = calcGridItemPosition({ ...GRID_CONFIG, containerWidth }, item.x, item.y, item.w, item.h);
  return { width: Math.max(0, position.width), height: Math.max(0, position.height) };
}

/**
 * A layout's panels on the report grid, at the placement of the report area's breakpoint (exported for the tests that
 * render every layout file, src/runtime/ReportGrid.dom-order.test.tsx).
 */
export function ReportGrid({
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
  // Figures that stopped updating look it: dimmed until the API answers again (StaleDataLine says since when).
  const stale = useDataStale();
  // The line above the grid comes and goes with `stale`: a panel that fills the height shrinks with it, so a TV still shows all of it.
  const { size, containerRef, measured } = useReportAreaSize(stale);
  // The frame's filter bar prefetches the answers of a control's filters on its hover or focus.
  useOfferReportPrefetch(layout, filters, !nothingSelected);
  const breakpoint = reportBreakpoint(size);
  // Panels hidden for the group (or a one-system panel without that selection) leave no hole: their row's panels widen, emptied rows close (placement-fill.ts).
  // A list marked fillHeight reaches the viewport's bottom and scrolls inside itself (placement-height.ts).
  // The panels come in the DOM in the order they are drawn, for screen readers and the Tab key (placement-order.ts).
  const placement = inDrawnOrder(
    fillAreaHeight(
      placeShownPanels(layout.placement[breakpoint], (item) => isPanelShown(layout.panels[item.panel], filters)),
      size.height,
    ),
  );
  return (
    <div
      ref={containerRef}
      className={stale ? 'report-page__grid report-page__grid--stale' : 'report-page__grid'}
      data-breakpoint={measured ? breakpoint : undefined}
    >
      {measured && (
        <StaticGridLayout
          key={breakpoint}
          width={size.width}
          gridConfig={GRID_CONFIG}
          layout={placement.map(({ panel, x, y, w, h, fitContent }) => ({ i: panel, x, y, w, h, fitContent }))}
        >
          {placement.map((item) => {
            const panel = layout.panels[item.panel];
            const query = panel === undefined ? undefined : layout.queries[panel.query];
            if (panel === undefined || query === undefined) return null;
            const { width: cellWidth, height: cellHeight } = cellSize(item, size.width);
            return (
              <div key={item.panel}>
                {/* A kind whose code cannot be fetched shows the panel's error state; ReportPanel has its own boundary. */}
                <PanelErrorBoundary title={panel.title}>
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
        </StaticGridLayout>
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
  /** The size of the line above the grid while the data is out of date: `tv` on a TV (kiosk). Default `bar`. */
  staleDataLine?: StaleDataLineSize;
}

/**
 * A report page from its layout (layouts/<reportId>.json as the portal serves it; its frame has usually fetched it
 * already): panels placed on a static 12-column grid, bound to their queries, with an optional side panel. While the
 * API is away the grid dims and a line above it says how old the data is (issue #32). An admin sees the problems of
 * an invalid layout file above the grid, which shows the file's last valid version.
 */
export function ReportPage({
  reportId,
  filters,
  aside,
  nothingSelected = false,
  autoRefresh = true,
  staleDataLine = 'bar',
}: ReportPageProps): JSX.Element {
  const { t } = useTranslation();
  const { data, isError } = useReportLayout(reportId);
  const layout = data?.layout;
  // The kinds' code loads while the queries run, not after they answer (the frame usually started it already).
  useEffect(() => {
    if (layout !== undefined) preloadReport(layout);
  }, [layout]);
  if (isError) {
    return (
      <p role="alert" className="report-page__missing">
        {t('report.layoutMissing', { report: reportId })}
      </p>
    );
  }
  if (layout === undefined) return <></>;
  return (
    <>
      <StaleDataLine size={staleDataLine} />
      <LayoutProblemsNotice problems={data?.problems ?? []} />
      <div className="report-page">
        <ReportGrid layout={layout} filters={filters} nothingSelected={nothingSelected} autoRefresh={autoRefresh} />
        {aside}
      </div>
    </>
  );
}
