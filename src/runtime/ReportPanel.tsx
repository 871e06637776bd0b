import { Suspense, lazy, type ComponentType, type JSX, type LazyExoticComponent } from 'react';
import { PANEL_REGISTRY } from '../../panels/registry.ts';
import type { PanelKind } from '../../schemas/panel-kinds.ts';
import type { LayoutPanel, LayoutQuery } from '../shared/layout/layout-types.ts';
import type { ReportFilters } from '../shared/report-filters.ts';
import { PanelFrame } from './PanelFrame.tsx';
import type { AnyPanelDefinition, PanelProps } from './panel-sdk.ts';
import { usePanelQuery } from './use-panel-query.ts';

/** One lazy component per kind, made once so React keeps each panel's state across renders. */
const PANEL_COMPONENTS = Object.fromEntries(
  Object.entries(PANEL_REGISTRY).map(([kind, definition]) => [
    kind,
    lazy(() => definition.load().then((component) => ({ default: component }))),
  ]),
) as Record<PanelKind, LazyExoticComponent<ComponentType<PanelProps<unknown, unknown>>>>;

/** The title a panel shows for the current group. */
export function panelTitle(panel: LayoutPanel, definition: AnyPanelDefinition, filters: ReportFilters): string {
  return definition.titleFor?.(panel.options, filters.systemGroup) ?? panel.title;
}

export interface ReportPanelProps {
  panel: LayoutPanel;
  query: LayoutQuery;
  filters: ReportFilters;
  width: number;
  height: number;
}

/** A layout panel bound to its query: frame states while loading, empty or failed; the kind's component when ready. */
export function ReportPanel({ panel, query, filters, width, height }: ReportPanelProps): JSX.Element {
  const definition = PANEL_REGISTRY[panel.kind];
  const title = panelTitle(panel, definition, filters);
  const result = usePanelQuery(query, filters);
  if (result.status !== 'success') {
    return <PanelFrame title={title} state={result.status === 'error' ? 'error' : 'loading'} />;
  }
  const data = definition.selectData(result.response, panel.options);
  if (data === null) return <PanelFrame title={title} state="empty" />;
  const Panel = PANEL_COMPONENTS[panel.kind];
  return (
    <Suspense fallback={<PanelFrame title={title} state="loading" />}>
      <PanelFrame title={title} state="ready" showTitleWhenReady={!definition.drawsOwnTitle}>
        <Panel
          options={panel.options}
          data={data}
          title={title}
          systemGroup={filters.systemGroup}
          width={width}
          height={height}
        />
      </PanelFrame>
    </Suspense>
  );
}
