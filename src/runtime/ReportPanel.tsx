import { Suspense, createElement, memo, useMemo, useState, type ComponentType, type JSX } from 'react';
import {
  REGISTERED_PANEL_KINDS,
  loadPanelComponent,
  loadPanelDefinition,
  loadedPanelComponent,
  loadedPanelDefinition,
  type AnyPanelComponent,
} from '../../panels/registry.ts';
import { resolveEmptyState, type EmptyStateRules } from '../shared/layout/empty-states.ts';
import type { LayoutPanel, LayoutQuery } from '../shared/layout/layout-types.ts';
import { pickDependencies } from '../shared/layout/query-request.ts';
import type { ReportFilters } from '../shared/report-filters.ts';
import { AnswerMismatchError } from './answer-check.ts';
import { readFrame } from './answer-frame-reader.ts';
import { lazyWithRetry } from './lazy-with-retry.ts';
import { PanelErrorBoundary } from './PanelErrorBoundary.tsx';
import { PanelFrame } from './PanelFrame.tsx';
import type { AnyPanelDefinition, PanelProps } from './panel-sdk.ts';
import { usePanelQuery, type PanelQueryResult } from './use-panel-query.ts';

/** Stands in for a kind the registry lacks (the server serves only layouts whose kinds exist): the panel's error state. */
function UnknownKind({ kind }: { kind: string }): never {
  throw new Error(`unknown panel kind '${kind}'`);
}

/**
 * One lazy component per kind, made once so React keeps each panel's state across renders. The registry's loads retry
 * through an outage; a load that still fails lands in the panel's error boundary, whose retry loads afresh.
 */
const PANEL_COMPONENTS: Readonly<Record<string, AnyPanelComponent | undefined>> = Object.fromEntries(
  REGISTERED_PANEL_KINDS.map((kind) => [
    kind,
    lazyWithRetry(() => loadPanelComponent(kind).then((code) => ({ default: code })), { retries: 0 }),
  ]),
);

/** The error state's detail for an answer that does not match its schema (the console has the schema's problems). */
export function mismatchDetail(answer: string): string {
  return `The server's answer does not have the expected shape (${answer}).`;
}

/** The title a panel shows for the current group. */
export function panelTitle(panel: LayoutPanel, definition: AnyPanelDefinition, filters: ReportFilters): string {
  return definition.titleFor?.(panel.options, filters.systemGroup) ?? panel.title;
}

/**
 * What the kind draws of the query's answer: a frame kind's data from the frame the panel names (the answer's adapter
 * makes it), an answer kind's from the whole answer; null is the empty state.
 */
export function selectPanelData(
  definition: AnyPanelDefinition,
  panel: LayoutPanel,
  query: LayoutQuery,
  answer: unknown,
): unknown {
  if (definition.accepts === undefined) return definition.selectData(answer as never, panel.options);
  return definition.selectData(readFrame(query.answer, panel.frame ?? '', answer), panel.options);
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
  definition,
  result,
}: ReportPanelProps & { definition: AnyPanelDefinition; result: PanelQueryResult }): JSX.Element {
  // The content of the last answer shown: a change that must wait for its answer draws the placeholder over it, and
  // the answer updates it in place (a chart's ECharts instance is not made anew, issue #30). An error or an empty
  // state in between lets it go. (Kept in state, set while rendering when it changed: React renders again at once.)
  const [shown, setShown] = useState<KeptContent | null>(null);
  const title = panelTitle(panel, definition, filters);
  const placeholder = definition.placeholder;
  if (result.status === 'error') {
    if (shown !== null) setShown(null);
    const detail = result.error instanceof AnswerMismatchError ? mismatchDetail(query.answer) : undefined;
    return <PanelFrame title={title} state="error" errorDetail={detail} />;
  }
  if (result.status !== 'success') {
    if (shown === null) return <PanelFrame title={title} state="loading" placeholder={placeholder} />;
    const { kind, showTitle, props } = shown;
    return <PanelContent key={kind} {...{ kind, showTitle, props }} title={title} placeholder={placeholder} loading />;
  }
  const data = selectPanelData(definition, panel, query, result.response);
  if (data === null) {
    if (shown !== null) setShown(null);
    const emptyState = resolveEmptyState('noData', filters.systemGroup, {
      report: emptyStates,
      panel: panel.emptyState,
    });
    return <PanelFrame title={title} state="empty" emptyState={emptyState} />;
  }
  const content: ShownContent = {
    kind: panel.kind,
    showTitle: !(definition.drawsOwnTitleWith?.(panel.options) ?? definition.drawsOwnTitle),
    props: {
      options: panel.options,
      data,
      title,
      systemGroup: filters.systemGroup,
      selectedSystems: filters.systems,
      width,
      height,
    },
  };
  // What the content was made of (the kind's data is made anew on each render, so it is not compared itself).
  const madeOf = [result, panel, query, definition, filters.systemGroup, filters.systems, width, height];
  const changed = shown === null || madeOf.some((input, index) => input !== shown.madeOf[index]);
  if (changed) setShown({ ...content, madeOf });
  // Drawn from the kept content once it is kept: the same props, so the placeholder going over it draws nothing again.
  const { kind, showTitle, props } = changed ? content : shown;
  return <PanelContent key={kind} {...{ kind, showTitle, props }} title={title} placeholder={placeholder} />;
}

/** What a panel's content shows of an answer: its kind and the kind's props. */
interface ShownContent {
  kind: string;
  showTitle: boolean;
  props: PanelProps<unknown, unknown>;
}

/** The content kept under a placeholder, with what it was made of. */
interface KeptContent extends ShownContent {
  madeOf: readonly unknown[];
}

/**
 * The kind's component in its ready frame: at once when its code has arrived (the frame preloads a report's kinds), else
 * through its lazy chunk. Decided when the content first shows and kept, so a panel never swaps one for the other (a
 * swap would remount it and lose its state); each lazy boundary costs a turn, and React holds a revealed fallback a while.
 */
function PanelContent({
  kind,
  title,
  placeholder,
  showTitle,
  props,
  loading = false,
}: ShownContent & {
  title: string;
  placeholder: AnyPanelDefinition['placeholder'];
  /** The next answer is on its way: the placeholder over this content (PanelFrame). */
  loading?: boolean;
}): JSX.Element {
  const [loaded] = useState(() => loadedPanelComponent(kind));
  const Panel = loaded ?? PANEL_COMPONENTS[kind];
  // One element while the props stay the same: React then skips the kind's component (a chart set no option again).
  const content = useMemo(() => (Panel === undefined ? null : createElement(Panel, props)), [Panel, props]);
  if (Panel === undefined) return <UnknownKind kind={kind} />;
  const frame = (
    <PanelFrame
      title={title}
      state={loading ? 'loading' : 'ready'}
      placeholder={placeholder}
      showTitleWhenReady={showTitle}
    >
      {content}
    </PanelFrame>
  );
  if (loaded !== undefined) return frame;
  return <Suspense fallback={<PanelFrame title={title} state="loading" placeholder={placeholder} />}>{frame}</Suspense>;
}

/** The query's state for a panel: null when nothing is selected (no query is asked). */
type Answered = { result: PanelQueryResult | null };

/** A panel with its kind's definition: 'Nothing Was Selected' without a selection, otherwise its query's states. */
function DefinedPanel(props: ReportPanelProps & Answered & { definition: AnyPanelDefinition }): JSX.Element {
  const { panel, query, filters, emptyStates, definition, result } = props;
  const title = panelTitle(panel, definition, filters);
  if (result === null) {
    const emptyState = resolveEmptyState('nothingSelected', filters.systemGroup, { report: emptyStates });
    return <PanelFrame title={title} state="empty" emptyState={emptyState} />;
  }
  // A broken panel shows its error state, not a broken report; a new period (its query's filters) tries again. The
  // panel stays mounted across filter changes: an answer from the cache updates its chart in place (issue #30).
  return (
    <PanelErrorBoundary resetKey={JSON.stringify(pickDependencies(query, filters))} title={title}>
      <QueriedPanel {...props} result={result} />
    </PanelErrorBoundary>
  );
}

/**
 * Per kind, a lazy component that is DefinedPanel with the kind's definition: it suspends only until the definition's
 * chunk has loaded, once per page; made once so React keeps each panel's state across renders.
 */
const DEFINED_PANELS: Readonly<Record<string, ComponentType<ReportPanelProps & Answered> | undefined>> =
  Object.fromEntries(
    REGISTERED_PANEL_KINDS.map((kind) => [
      kind,
      lazyWithRetry(
        async () => {
          const definition = await loadPanelDefinition(kind);
          return {
            default: (props: ReportPanelProps & Answered) => <DefinedPanel {...props} definition={definition} />,
          };
        },
        { retries: 0 },
      ),
    ]),
  );

/**
 * The defined panel: at once when its kind's definition has arrived (decided at mount, see PanelContent), else the loading
 * placeholder until its chunk has loaded.
 */
function WhenDefined(props: ReportPanelProps & Answered): JSX.Element {
  const [loaded] = useState(() => loadedPanelDefinition(props.panel.kind));
  if (loaded !== undefined) return <DefinedPanel {...props} definition={loaded} />;
  const Defined = DEFINED_PANELS[props.panel.kind];
  if (Defined === undefined) return <UnknownKind kind={props.panel.kind} />;
  return (
    <Suspense fallback={<PanelFrame title={props.panel.title} state="loading" />}>
      <Defined {...props} />
    </Suspense>
  );
}

/**
 * WhenDefined, drawn again only when one of its props changed: not when only the refresh rule did (`autoRefresh`, e.g.
 * when a new group's last update arrives after the change), which redrew every chart of the report (issue #30).
 */
const ShownPanel = memo(WhenDefined);

/** Asks the panel's query at once, while its kind's definition may still be loading. */
function QueryingPanel({ autoRefresh, ...shown }: ReportPanelProps): JSX.Element {
  const result = usePanelQuery(shown.query, shown.filters, autoRefresh ?? true);
  return <ShownPanel key={shown.panel.kind} {...shown} result={result} />;
}

const sameSystems = (a: readonly string[], b: readonly string[]) =>
  a.length === b.length && a.every((serial, index) => serial === b[index]);

/**
 * Whether a panel would show the same for `next` as for `previous`: the same panel, query, size and states, and the
 * same filters as far as it reads them (its query's dependencies, its group and its selection). A filter change its
 * query does not depend on (a period change for a group's systems list) does not render it again (issue #30).
 */
export function showsTheSame(previous: ReportPanelProps, next: ReportPanelProps): boolean {
  const { filters: before, ...restBefore } = previous;
  const { filters: after, ...restAfter } = next;
  const keys = Object.keys(restAfter) as (keyof typeof restAfter)[];
  if (Object.keys(restBefore).length !== keys.length) return false;
  if (keys.some((key) => restBefore[key] !== restAfter[key])) return false;
  if (before === after) return true;
  return (
    before.systemGroup === after.systemGroup &&
    sameSystems(before.systems, after.systems) &&
    JSON.stringify(pickDependencies(next.query, before)) === JSON.stringify(pickDependencies(next.query, after))
  );
}

/**
 * A layout panel: 'Nothing Was Selected' without a selection, otherwise its query's states and the kind's component. The
 * query starts with the panel; the kind's definition and component are chunks loaded beside it. Rendered again only
 * when it would show something else (`showsTheSame`).
 */
export const ReportPanel = memo(function ReportPanel(props: ReportPanelProps): JSX.Element {
  return props.nothingSelected === true ? (
    <WhenDefined key={props.panel.kind} {...props} result={null} />
  ) : (
    <QueryingPanel {...props} />
  );
}, showsTheSame);
