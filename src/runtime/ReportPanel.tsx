import { Suspense, lazy, type ComponentType, type JSX, type LazyExoticComponent } from 'react';
import { REGISTERED_PANEL_KINDS, loadPanelDefinition } from '../../panels/registry.ts';
import type { PanelKind } from '../../schemas/panel-kinds.ts';
import { resolveEmptyState, type EmptyStateRules } from '../shared/layout/empty-states.ts';
import type { LayoutPanel, LayoutQuery } from '../shared/layout/layout-types.ts';
import { pickDependencies } from '../shared/layout/query-request.ts';
import type { ReportFilters } from '../shared/report-filters.ts';
import { AnswerMismatchError } from './answer-check.ts';
import { PanelErrorBoundary } from './PanelErrorBoundary.tsx';
import { PanelFrame } from './PanelFrame.tsx';
import type { AnyPanelDefinition, PanelProps } from './panel-sdk.ts';
import { usePanelQuery } from './use-panel-query.ts';

type AnyPanelComponent = ComponentType<PanelProps<unknown, unknown>>;

/** Each kind's code, fetched once: by the first panel that shows it, or earlier by `preloadPanelKinds`. */
const PANEL_CODE = new Map<PanelKind, Promise<AnyPanelComponent>>();

function loadPanelCode(kind: PanelKind): Promise<AnyPanelComponent> {
  let code = PANEL_CODE.get(kind);
  if (code === undefined) {
    code = loadPanelDefinition(kind).then((definition) => definition.load());
    PANEL_CODE.set(kind, code);
  }
  return code;
}

/** Starts fetching the kinds' definitions and code, so a panel draws as soon as its query answers instead of fetching its chunks then. */
export function preloadPanelKinds(kinds: Iterable<PanelKind>): void {
  for (const kind of new Set(kinds)) void loadPanelCode(kind).catch(() => undefined);
}

/** One lazy component per kind, made once so React keeps each panel's state across renders. */
const PANEL_COMPONENTS = Object.fromEntries(
  REGISTERED_PANEL_KINDS.map((kind) => [kind, lazy(() => loadPanelCode(kind).then((code) => ({ default: code })))]),
) as Record<PanelKind, LazyExoticComponent<AnyPanelComponent>>;

/** The error state's detail for an answer that does not match its schema (the console has the schema's problems). */
export function mismatchDetail(answer: string): string {
  return `The server's answer does not have the expected shape (${answer}).`;
}

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
  /** The report's empty states (layout `rules.emptyStates`); absent: the defaults of spec reports §2. */
  emptyStates?: EmptyStateRules | undefined;
  /** No systems are selected: the panel shows 'Nothing Was Selected' and does not query. */
  nothingSelected?: boolean;
  /** Refresh on the query's interval (off for a stale day, spec reports §4); default on. */
  autoRefresh?: boolean;
}

/** A panel bound to its query: the frame's placeholder while loading, its error or empty state, the kind's component when ready. */
function QueriedPanel({
  panel,
  query,
  filters,
  width,
  height,
  emptyStates,
  autoRefresh = true,
  definition,
}: ReportPanelProps & { definition: AnyPanelDefinition }): JSX.Element {
  const title = panelTitle(panel, definition, filters);
  const placeholder = definition.placeholder;
  const result = usePanelQuery(query, filters, autoRefresh);
  if (result.status === 'error') {
    const detail = result.error instanceof AnswerMismatchError ? mismatchDetail(query.answer) : undefined;
    return <PanelFrame title={title} state="error" errorDetail={detail} />;
  }
  if (result.status !== 'success') return <PanelFrame title={title} state="loading" placeholder={placeholder} />;
  const data = definition.selectData(result.response, panel.options);
  if (data === null) {
    const emptyState = resolveEmptyState('noData', filters.systemGroup, {
      report: emptyStates,
      panel: panel.emptyState,
    });
    return <PanelFrame title={title} state="empty" emptyState={emptyState} />;
  }
  const Panel = PANEL_COMPONENTS[panel.kind];
  return (
    <Suspense fallback={<PanelFrame title={title} state="loading" placeholder={placeholder} />}>
      <PanelFrame title={title} state="ready" showTitleWhenReady={!definition.drawsOwnTitle}>
        <Panel
          options={panel.options}
          data={data}
          title={title}
          systemGroup={filters.systemGroup}
          selectedSystems={filters.systems}
          width={width}
          height={height}
        />
      </PanelFrame>
    </Suspense>
  );
}

/** A panel with its kind's definition: 'Nothing Was Selected' without a selection, otherwise its query's states. */
function DefinedPanel(props: ReportPanelProps & { definition: AnyPanelDefinition }): JSX.Element {
  const { panel, query, filters, emptyStates, definition } = props;
  const title = panelTitle(panel, definition, filters);
  if (props.nothingSelected === true) {
    const emptyState = resolveEmptyState('nothingSelected', filters.systemGroup, { report: emptyStates });
    return <PanelFrame title={title} state="empty" emptyState={emptyState} />;
  }
  // A broken panel shows its error state, not a broken report; a new period (its query's filters) tries again.
  return (
    <PanelErrorBoundary key={JSON.stringify(pickDependencies(query, filters))} title={title}>
      <QueriedPanel {...props} />
    </PanelErrorBoundary>
  );
}

/**
 * Per kind, a lazy component that is DefinedPanel with the kind's definition: it suspends only until the definition's
 * chunk has loaded, once per page; made once so React keeps each panel's state across renders.
 */
const DEFINED_PANELS = Object.fromEntries(
  REGISTERED_PANEL_KINDS.map((kind) => [
    kind,
    lazy(async () => {
      const definition = await loadPanelDefinition(kind);
      return { default: (props: ReportPanelProps) => <DefinedPanel {...props} definition={definition} /> };
    }),
  ]),
) as Record<PanelKind, LazyExoticComponent<ComponentType<ReportPanelProps>>>;

/**
 * A layout panel: the loading placeholder until its kind's definition has loaded (a chunk per kind), then
 * 'Nothing Was Selected' without a selection, otherwise its query's states and the kind's component.
 */
export function ReportPanel(props: ReportPanelProps): JSX.Element {
  const Defined = DEFINED_PANELS[props.panel.kind];
  return (
    <Suspense fallback={<PanelFrame title={props.panel.title} state="loading" />}>
      <Defined {...props} />
    </Suspense>
  );
}
