import type { AnswerSchemaName } from '../contract/answer-schemas.ts';
import type { EmptyStateRule, EmptyStateRules } from './empty-states.ts';
import type { ReportFilterName } from '../report-filters.ts';
import type { SystemGroup } from '../system-group.ts';
import type { Timeframe } from '../timeframes/timeframes.ts';

/**
 * Grid breakpoints of a report page, widest first: desktop for a report area of at least 1366 × 567 px, compact from 750 px
 * wide (narrower than 1366 or lower than 567), mobile under 750 px wide (src/runtime/report-breakpoint.ts).
 */
export const LAYOUT_BREAKPOINTS = ['desktop', 'compact', 'mobile'] as const;
export type LayoutBreakpoint = (typeof LAYOUT_BREAKPOINTS)[number];

/** Columns of the report grid at every breakpoint. */
export const GRID_COLUMNS = 12;

/** `{ "filter": "day" }` in a query's params or body: replaced by the current value of that report filter. */
export interface FilterRef {
  filter: ReportFilterName;
}

/** A fixed value sent as is (arrays are repeated query parameters or JSON arrays). */
export type ConstantValue = string | number | boolean | (string | number | boolean)[];

/** One entry of a query's params or body. */
export type QueryValue = FilterRef | ConstantValue;

/**
 * One API call of a report (layout `queries.<id>`). Panels naming the same query share one request.
 * Its cache key holds only the filters in `dependsOn`, so changing another filter does not re-fetch it.
 */
export interface LayoutQuery {
  /** API path, e.g. '/api/overview-report/overview-cards'. */
  endpoint: string;
  method: 'GET' | 'POST';
  /**
   * The schema the endpoint answers with (a name of ANSWER_SCHEMAS, src/shared/contract/answer-schemas.ts): the runtime
   * checks every answer against it before a panel sees it, and only kinds that accept this answer may show the query.
   */
  answer: AnswerSchemaName;
  /** Query-string parameters by name. */
  params?: Record<string, QueryValue>;
  /** JSON body properties by name (POST only). */
  body?: Record<string, QueryValue>;
  /** Filters whose change re-fetches the query; every filter used in params or body is listed. */
  dependsOn: ReportFilterName[];
  /** Refreshes keep showing the current data instead of the loading placeholder (spec reports §4). */
  silentRefresh?: boolean;
  /** Re-fetch every this many milliseconds; 0 or absent: never. */
  refreshIntervalMs?: number;
}

/** One panel of a report (layout `panels.<id>`): what it shows, not where. */
export interface LayoutPanel<Options = Record<string, unknown>> {
  /** Panel kind (a folder of panels/ with an index.ts), e.g. 'kpi-card'; the validator checks it against the kinds it is given. */
  kind: string;
  /** Title shown on the panel (a kind may show a per-group label from its options instead). */
  title: string;
  /** Options of the kind, valid against the kind's options schema (panels/<kind>/options.ts). */
  options: Options;
  /** Id of the query in `queries` whose response the panel shows. */
  query: string;
  /**
   * For a kind that draws a frame (a `table`): which of the query's answer's frames it shows, e.g. 'inkByColour'
   * (src/shared/contract/answer-frames.ts lists each answer's frames).
   */
  frame?: string;
  /** System groups the panel is shown for; absent: all groups. */
  groups?: SystemGroup[];
  /**
   * Shown only while the machine filter selects exactly one system (links to that printer's own pages); otherwise
   * hidden like a panel of another group (src/runtime/placement-fill.ts closes its rows). Absent or false: always.
   */
  onlyForOneSystem?: boolean;
  /** What the panel shows when its query has no data for the period; absent: the report's `rules.emptyStates.noData`. */
  emptyState?: EmptyStateRule;
}

/** Where a panel sits at one breakpoint, in grid units (12 columns; rows of 40 px with 12 px gaps, so 3 rows are 144 px). */
export interface PlacementItem {
  /** Id of the panel in `panels`. */
  panel: string;
  /** Column, 0 to 11. */
  x: number;
  /** Row. */
  y: number;
  /** Width in columns; x + w ≤ 12. */
  w: number;
  /** Height in rows; with `fillHeight`, the least height. */
  h: number;
  /**
   * Grow to the bottom of the viewport (a list that scrolls inside itself, e.g. Systems Analysis): the runtime
   * raises `h` to the rows left below the item's top (src/runtime/placement-height.ts).
   */
  fillHeight?: boolean;
  /**
   * As tall as the panel's content, at least `h` rows (a panel whose content differs by group or page, e.g. the phone's
   * Job summary): the runtime follows the content's height and moves the items below it down (StaticGridLayout.tsx).
   */
  fitContent?: boolean;
}

/** Allowed timeframes of one system group on one report, and the one used when the current timeframe is not allowed. */
export interface GroupTimeframes {
  /** Timeframe chosen when the current one is not allowed; one of `allowed`. */
  default: Timeframe;
  /** Timeframe buttons offered, in the filter bar's order. */
  allowed: Timeframe[];
}

/** Which parts of the filter bar a report shows (spec reports §2). Absent flags are false. */
export interface FilterBarRules {
  /** No filter bar at all (service ticket shows only a back arrow and its title). */
  hidden?: boolean;
  /** The system-group toggle is offered (still only to users with two or more groups). */
  groupToggle?: boolean;
  /** Only one printer may be selected; site and model toggles are disabled (TV dashboard). */
  singlePrinter?: boolean;
  /**
   * Which filter bar the frame draws: `report` (the reports' bar: group, timeframes, date, machine filter), `detail` (a
   * system's pages: a back button instead of the filter button, no group toggle, timeframes and date for one system) or
   * `serviceTicket` (only a back arrow and the title 'Service Ticket'). Absent: `report`.
   */
  variant?: FilterBarVariant;
  /**
   * A back arrow before the title, to the page the user came from (browser Back; opened directly, Systems Analysis with
   * the same query): system page, machine config, service ticket. The `detail` and `serviceTicket` variants always draw it.
   */
  backButton?: boolean;
}

/** The filter bars of spec reports §2. */
export type FilterBarVariant = 'report' | 'detail' | 'serviceTicket';

/**
 * Per-group rules of a report that the spec gives as tables (spec reports §9): data, not code.
 * Layouts carry them in `rules`; src/shared/timeframes/timeframe-table.ts holds them for reports without a layout yet.
 */
export interface ReportRules {
  /** Timeframes per system group. */
  timeframes: Record<SystemGroup, GroupTimeframes>;
  filterBar?: FilterBarRules;
  /** Empty-state messages and icons (spec reports §2); absent entries are the defaults of empty-states.ts. */
  emptyStates?: EmptyStateRules;
  /** A wall screen without the app's header and navigation, refreshing by itself (TV dashboard). Declared; not acted on yet. */
  kiosk?: boolean;
}

/**
 * A report page as product staff write it in layouts/<id>.json (validated against schemas/report-layout.schema.json
 * at build, at server start and by `npm run layouts:check`). Queries, panels and placement are kept apart.
 */
export interface ReportLayout {
  /** Path of the JSON Schema, for editors. */
  $schema?: string;
  /** Report id, equal to the file name without .json. */
  id: string;
  title: string;
  /** API calls by query id. */
  queries: Record<string, LayoutQuery>;
  /** Panels by panel id. */
  panels: Record<string, LayoutPanel>;
  /** Grid items per breakpoint. */
  placement: Record<LayoutBreakpoint, PlacementItem[]>;
  /** Timeframes per group, filter-bar flags and empty states; absent: the fallback table (src/shared/timeframes/timeframe-table.ts) and default empty states. */
  rules?: ReportRules;
}

/** One problem found in a layout file. */
export interface LayoutIssue {
  /** File as given to the validator, e.g. 'layouts/overview.json'. */
  file: string;
  /** JSON pointer of the offending value ('' for the whole document). */
  pointer: string;
  /** Line (from 1) of the pointer's key or array element in the file, when the file's text was checked. */
  line?: number;
  /** Column (from 1) on that line. */
  column?: number;
  message: string;
  /** Closest valid key or value, e.g. "did you mean 'panels'?". */
  suggestion?: string;
}

/** Two grid items share at least one cell. */
export function overlaps(a: PlacementItem, b: PlacementItem): boolean {
  return a.x < b.x + b.w && b.x < a.x + a.w && a.y < b.y + b.h && b.y < a.y + a.h;
}

export function isFilterRef(value: QueryValue): value is FilterRef {
  return typeof value === 'object' && !Array.isArray(value);
}
