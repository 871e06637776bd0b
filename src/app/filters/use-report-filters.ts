import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { useLocation, useSearchParams } from 'react-router';
import { useActorRef, useSelector } from '@xstate/react';
import type { GroupFilterData } from '../../shared/api-types.ts';
import type { ReportFilters } from '../../shared/report-filters.ts';
import { isSystemGroup, type SystemGroup } from '../../shared/system-group.ts';
import type { FilterData } from '../../shared/systems/filter-data.ts';
import { defaultSelection, sameSelection } from '../../shared/systems/selection.ts';
import {
  SELECTION_QUERY_KEYS,
  selectionFromQuery,
  selectionQueryValues,
} from '../../shared/systems/selection-query.ts';
import { parseFilterDataDate, type IsoDate } from '../../shared/timeframes/timeframe-dates.ts';
import type { RememberedPeriod } from '../../shared/timeframes/period-memory.ts';
import type { ReportRules } from '../../shared/layout/layout-types.ts';
import { rulesForReport } from '../../shared/timeframes/timeframe-table.ts';
import { isTimeframe, type ReportId, type Timeframe } from '../../shared/timeframes/timeframes.ts';
import { useDateFilters } from '../../api/date-filters.ts';
import {
  filterBarView,
  reportFiltersMachine,
  toReportFilters,
  type FilterBarView,
  type ReportFiltersEvent,
  type CustomRangeState,
  type ReportFiltersSnapshot,
} from '../../machines/report-filters.machine.ts';
import { transition, type ActorRefFrom } from 'xstate';
import { GROUP_QUERY_KEY } from '../navigation/group-link.ts';
import type { MachineTreeEvent } from './machine-tree/MachineTree.tsx';
import { useMachineTree, type MachineTreeHandle } from './machine-tree/use-machine-tree.ts';
import {
  CUSTOM_QUERY_KEYS,
  customRangeFromQuery,
  customRangeOf,
  customRangeQueryValues,
} from './custom-range-query.ts';
import { rememberAppliedPeriod } from './period-memory-store.ts';
import { DAY_QUERY_KEY, TIMEFRAME_QUERY_KEY } from './period-query-keys.ts';

const DAY_PATTERN = /^\d{4}-\d{2}-\d{2}$/;

/** A valid calendar day of the query's `day`, else undefined. */
export function dayFromQuery(query: URLSearchParams): IsoDate | undefined {
  const value = query.get(DAY_QUERY_KEY);
  if (value === null || !DAY_PATTERN.test(value)) return undefined;
  const parsed = new Date(`${value}T00:00:00Z`);
  return !Number.isNaN(parsed.getTime()) && parsed.toISOString().slice(0, 10) === value ? value : undefined;
}

export function timeframeFromQuery(query: URLSearchParams): Timeframe | undefined {
  const value = query.get(TIMEFRAME_QUERY_KEY);
  return isTimeframe(value) ? value : undefined;
}

/**
 * The date-filters answer of one group as the machine keeps it (dates yyyyMMdd → YYYY-MM-DD, empty → epoch). With
 * `system` (the serial number a system's own page shows), the dates start no earlier than that printer's model start
 * date (spec reports §2 "System page").
 */
export function toFilterData(entry: GroupFilterData, system?: string): FilterData {
  const groupStart = parseFilterDataDate(entry.startDate);
  const modelStart = entry.systems.find((candidate) => candidate.name === system)?.modelStartDate ?? '';
  const printerStart = modelStart === '' ? groupStart : parseFilterDataDate(modelStart);
  return {
    startDate: printerStart > groupStart ? printerStart : groupStart,
    endDate: parseFilterDataDate(entry.endDate),
    activeSystems: entry.activeSystems,
    sites: entry.sites,
    models: entry.models,
    systems: entry.systems,
  };
}

const QUERY_KEYS = {
  group: GROUP_QUERY_KEY,
  timeframe: TIMEFRAME_QUERY_KEY,
  day: DAY_QUERY_KEY,
  sites: SELECTION_QUERY_KEYS.siteIds,
  models: SELECTION_QUERY_KEYS.modelIds,
  systems: SELECTION_QUERY_KEYS.serials,
  customFrom: CUSTOM_QUERY_KEYS.from,
  customTo: CUSTOM_QUERY_KEYS.to,
} as const;

/** The filters as URL query values; null: the default, left out of the URL (all systems, or a single-printer report's first). */
type UrlFilterState = Record<keyof typeof QUERY_KEYS, string | null>;
const URL_STATE_KEYS = Object.keys(QUERY_KEYS) as (keyof UrlFilterState)[];

function urlStateOf(snapshot: ReportFiltersSnapshot): UrlFilterState {
  const { group, timeframe, selectedDate, selection, filterData, rules } = snapshot.context;
  const data = filterData[group];
  const isDefault =
    data === undefined || sameSelection(selection, defaultSelection(data, rules.filterBar?.singlePrinter === true));
  const values = selectionQueryValues(isDefault ? null : selection);
  return {
    group,
    timeframe,
    day: selectedDate,
    sites: values[QUERY_KEYS.sites] ?? null,
    models: values[QUERY_KEYS.models] ?? null,
    systems: values[QUERY_KEYS.systems] ?? null,
    ...customUrlStateOf(snapshot.context.custom),
  };
}

/** The period of the URL state, as the period memory keeps it. */
function rememberedPeriodOf(state: UrlFilterState, timeframe: Timeframe): RememberedPeriod | undefined {
  if (state.day === null) return undefined;
  return {
    timeframe,
    day: state.day,
    ...(state.customFrom === null || state.customTo === null
      ? {}
      : { customFrom: state.customFrom, customTo: state.customTo }),
  };
}

function periodChanged(before: ReportFiltersSnapshot['context'], after: ReportFiltersSnapshot['context']): boolean {
  const custom = (context: ReportFiltersSnapshot['context']) => customRangeQueryValues(context.custom);
  return (
    before.timeframe !== after.timeframe ||
    before.selectedDate !== after.selectedDate ||
    custom(before).from !== custom(after).from ||
    custom(before).to !== custom(after).to
  );
}

function customUrlStateOf(custom: CustomRangeState): Pick<UrlFilterState, 'customFrom' | 'customTo'> {
  const { from, to } = customRangeQueryValues(custom);
  return { customFrom: from, customTo: to };
}

function matchesQuery(query: URLSearchParams, state: UrlFilterState): boolean {
  return URL_STATE_KEYS.every((key) => query.get(QUERY_KEYS[key]) === state[key]);
}

function withValue(query: URLSearchParams, key: keyof UrlFilterState, value: string | null): void {
  if (value === null) query.delete(QUERY_KEYS[key]);
  else query.set(QUERY_KEYS[key], value);
}

function withState(query: URLSearchParams, state: UrlFilterState): URLSearchParams {
  const next = new URLSearchParams(query);
  for (const key of URL_STATE_KEYS) withValue(next, key, state[key]);
  return next;
}

function differsWhereNamed(query: URLSearchParams, state: UrlFilterState): boolean {
  return URL_STATE_KEYS.some((key) => {
    const value = query.get(QUERY_KEYS[key]);
    return value !== null && value !== state[key];
  });
}

function withNamed(query: URLSearchParams, state: UrlFilterState): URLSearchParams {
  const next = new URLSearchParams(query);
  for (const key of URL_STATE_KEYS) {
    if (next.has(QUERY_KEYS[key])) withValue(next, key, state[key]);
  }
  return next;
}

/** The URL's selection keys alone, as a string: a stable effect dependency. */
function selectionQueryOf(query: URLSearchParams): string {
  const only = new URLSearchParams();
  for (const key of Object.values(SELECTION_QUERY_KEYS)) {
    const value = query.get(key);
    if (value !== null) only.set(key, value);
  }
  return only.toString();
}

/** The period filters a URL names (absent: the group's default timeframe, the latest day). */
interface UrlPeriod {
  timeframe: Timeframe | undefined;
  day: IsoDate | undefined;
  customFrom: string | null;
  customTo: string | null;
}

function urlPeriodOf(query: URLSearchParams): UrlPeriod {
  return {
    timeframe: timeframeFromQuery(query),
    day: dayFromQuery(query),
    customFrom: query.get(CUSTOM_QUERY_KEYS.from),
    customTo: query.get(CUSTOM_QUERY_KEYS.to),
  };
}

/** The events that bring the machine to a URL's group and period. */
function urlPeriodEvents(group: SystemGroup, url: UrlPeriod, rules: ReportRules): ReportFiltersEvent[] {
  const custom = url.timeframe === 'custom' ? customRangeOf(url.customFrom, url.customTo) : undefined;
  return [
    { type: 'group.change', group },
    custom === undefined
      ? { type: 'timeframe.change', timeframe: url.timeframe ?? rules.timeframes[group].default }
      : { type: 'custom.apply', range: custom },
    url.day === undefined ? { type: 'date.today' } : { type: 'date.change', date: url.day },
  ];
}

/** Brings the machine to a URL's group and period. */
function sendUrlPeriod(actorRef: ActorRefFrom<typeof reportFiltersMachine>, group: SystemGroup, url: UrlPeriod): void {
  for (const event of urlPeriodEvents(group, url, actorRef.getSnapshot().context.rules)) actorRef.send(event);
}

/**
 * A change the user is about to make (the pointer is on a filter bar control, or it has the focus): a filter bar event,
 * or another group (which the URL carries, see SelectedGroupProvider).
 */
export type FilterHint = { type: 'event'; event: ReportFiltersEvent } | { type: 'group'; group: SystemGroup };

/**
 * The filters the machine would show after `events`, without sending them (xstate's pure `transition`); null when it
 * would not be ready.
 */
function filtersAfter(snapshot: ReportFiltersSnapshot, events: ReportFiltersEvent[]): ReportFilters | null {
  let next = snapshot;
  for (const event of events) [next] = transition(reportFiltersMachine, next, event);
  return next.matches('ready') ? toReportFilters(next) : null;
}

export interface ReportFiltersHandle {
  /** Null until the group's filter data has arrived (the page shows a spinner meanwhile). */
  filters: ReportFilters | null;
  view: FilterBarView;
  timeframe: Timeframe;
  selectedDate: IsoDate;
  /** Sends a user's filter-bar event; a change it makes becomes a new browser history entry. */
  send: (event: ReportFiltersEvent) => void;
  /** No system is selected: reports show 'Nothing Was Selected' (`filters.systems` is empty both then and for all). */
  nothingSelected?: boolean;
  /** The machine filter tree: its data and selection, and whether its panel or drawer is open (absent: no Filter button). */
  machineTree?: MachineTreeHandle;
  /** The filters a hinted change would show (to prefetch their answers, issue #30); null when it changes nothing shown. */
  preview?: (hint: FilterHint) => ReportFilters | null;
  /**
   * Shows another group at once, in the render of the click that chose it, while the caller writes the group into the
   * URL (SelectedGroupProvider's selectGroup, which React Router renders as a transition): the report's panels do not
   * wait for that transition and the URL effect after it (issue #30). The machine gets the events the URL would send.
   */
  showGroup?: (group: SystemGroup) => void;
}

/**
 * Runs the report-filters machine of a report page for the selected group (which SelectedGroupProvider keeps) with
 * the timeframe rules of the report's layout (`layoutRules`; absent: the built-in table), feeds it the date-filters data (narrowed to `system`'s dates on a system's own page) and mirrors timeframe, day, group and the machine tree's sites, models and systems in the URL
 * query: user changes push a history entry, normalisations replace it, and Back/Forward send the machine the URL's values.
 */
export function useReportFilters(
  report: ReportId,
  group: SystemGroup,
  layoutRules: ReportRules | undefined,
  system?: string,
): ReportFiltersHandle {
  const [query, setQuery] = useSearchParams();
  const dateFilters = useDateFilters();
  const [now] = useState(() => Date.now());
  const rules = useMemo(() => rulesForReport(report, layoutRules), [report, layoutRules]);
  const actorRef = useActorRef(reportFiltersMachine, {
    input: {
      report,
      rules,
      group,
      now,
      initial: { timeframe: timeframeFromQuery(query), date: dayFromQuery(query), custom: customRangeFromQuery(query) },
    },
  });
  const userAction = useRef(false);
  /** The user's last change was one of the period (timeframe, date or custom range), not of the selection. */
  const userPeriod = useRef(false);

  useEffect(() => {
    actorRef.send({ type: 'report.change', report, rules });
  }, [actorRef, report, rules]);

  // URL (group toggle, Back/Forward) → machine. A filter missing from the URL means its default: the group's default
  // timeframe and the latest date (on the first render the machine starts from the URL and ignores these while loading).
  const urlTimeframe = timeframeFromQuery(query);
  const urlDay = dayFromQuery(query);
  const urlCustomFrom = query.get(CUSTOM_QUERY_KEYS.from);
  const urlCustomTo = query.get(CUSTOM_QUERY_KEYS.to);
  useEffect(() => {
    sendUrlPeriod(actorRef, group, {
      timeframe: urlTimeframe,
      day: urlDay,
      customFrom: urlCustomFrom,
      customTo: urlCustomTo,
    });
  }, [actorRef, group, urlTimeframe, urlDay, urlCustomFrom, urlCustomTo]);

  // Back/Forward → machine, read from the browser's own URL when the history moves. React Router renders history
  // changes as transitions: a Back taken before the push of the previous change has rendered lands on the entry React
  // still shows, so React sees no change of the query at all while the machine holds the pushed filters.
  const { pathname } = useLocation();
  const currentGroup = useRef(group);
  // The browser's URL already names the machine's filters (Back/Forward, or a group shown before its URL has rendered):
  // nothing to write back for this change.
  const urlAhead = useRef(false);
  useEffect(() => {
    currentGroup.current = group;
  }, [group]);
  useEffect(() => {
    const followHistory = () => {
      if (window.location.pathname !== pathname) return;
      const browserQuery = new URLSearchParams(window.location.search);
      const urlGroup = browserQuery.get(GROUP_QUERY_KEY);
      const before = actorRef.getSnapshot();
      sendUrlPeriod(actorRef, isSystemGroup(urlGroup) ? urlGroup : currentGroup.current, urlPeriodOf(browserQuery));
      if (actorRef.getSnapshot().matches('ready')) {
        actorRef.send({ type: 'selection.set', selection: selectionFromQuery(browserQuery) });
      }
      // The machine now shows the entry the browser shows: nothing to write back to the URL for this change.
      urlAhead.current = actorRef.getSnapshot() !== before;
    };
    window.addEventListener('popstate', followHistory);
    return () => window.removeEventListener('popstate', followHistory);
  }, [actorRef, pathname]);

  // Filter data and the URL's selection → machine, in one effect: when the data arrives the machine becomes ready and
  // takes the URL's selection before the next render, so the report never asks for 'all systems' first. Runs after the
  // group effect, so the selection applies to the URL's group (a group change itself resets the selection to all).
  const selectionQuery = selectionQueryOf(query);
  const fedData = useRef<typeof dateFilters.data>(undefined);
  useEffect(() => {
    if (fedData.current !== dateFilters.data) {
      fedData.current = dateFilters.data;
      for (const entry of dateFilters.data?.groups ?? []) {
        actorRef.send({ type: 'filterData.received', group: entry.systemGroup, data: toFilterData(entry, system) });
      }
    }
    if (!actorRef.getSnapshot().matches('ready')) return;
    actorRef.send({ type: 'selection.set', selection: selectionFromQuery(new URLSearchParams(selectionQuery)) });
  }, [actorRef, dateFilters.data, group, selectionQuery, system]);

  const snapshot = useSelector(actorRef, (state) => state);
  const ready = snapshot.matches('ready');
  const { timeframe, selectedDate } = snapshot.context;

  // Machine → URL: a user's change pushes all filters; otherwise a filter the URL names but the machine normalised
  // (out-of-range day, timeframe the new group lacks) is replaced. Filters the URL leaves out stay out (defaults), so
  // opening a report adds no history entry. Reads the actor's current snapshot: on Back/Forward the effect above has
  // just brought the machine to the URL's values.
  useEffect(() => {
    const current = actorRef.getSnapshot();
    if (!current.matches('ready')) return;
    const state = urlStateOf(current);
    const push = userAction.current;
    const periodApplied = userPeriod.current;
    userAction.current = false;
    userPeriod.current = false;
    if (urlAhead.current) {
      // React's query may still be the entry left behind; the browser already shows the machine's filters.
      urlAhead.current = false;
      return;
    }
    if (push) {
      if (!matchesQuery(query, state)) setQuery((previous) => withState(previous, state));
      // The period the user applied here is the one other reports open on when the user goes to them (or, when only
      // Jobs Analysis reads it as chosen, the one Jobs Analysis opens on again).
      const period = periodApplied ? rememberedPeriodOf(state, current.context.timeframe) : undefined;
      if (period !== undefined) rememberAppliedPeriod(report, current.context.group, period);
      return;
    }
    if (differsWhereNamed(query, state)) setQuery((previous) => withNamed(previous, state), { replace: true });
  }, [actorRef, snapshot, query, setQuery, report]);

  const send = useCallback(
    (event: ReportFiltersEvent) => {
      const before = actorRef.getSnapshot();
      userAction.current = true;
      actorRef.send(event);
      const after = actorRef.getSnapshot();
      if (after === before) userAction.current = false;
      else if (periodChanged(before.context, after.context)) userPeriod.current = true;
    },
    [actorRef],
  );

  const filters = useMemo(() => (ready ? toReportFilters(snapshot) : null), [ready, snapshot]);
  const preview = useCallback(
    (hint: FilterHint) => {
      const current = actorRef.getSnapshot();
      if (!current.matches('ready')) return null;
      // Another group: the URL keeps its period, and the selection resets to all (SelectedGroupProvider).
      const events =
        hint.type === 'event' ? [hint.event] : urlPeriodEvents(hint.group, urlPeriodOf(query), current.context.rules);
      const next = filtersAfter(current, events);
      return next === null || JSON.stringify(next) === JSON.stringify(toReportFilters(current)) ? null : next;
    },
    [actorRef, query],
  );
  const showGroup = useCallback(
    (next: SystemGroup) => {
      const before = actorRef.getSnapshot();
      // The events the URL effect above sends once the URL naming `next` has rendered (the URL keeps its period).
      sendUrlPeriod(actorRef, next, urlPeriodOf(query));
      const after = actorRef.getSnapshot();
      urlAhead.current = after !== before && after.matches('ready');
    },
    [actorRef, query],
  );
  const machineTree = useMachineTree(snapshot, send as (event: MachineTreeEvent) => void);
  // A group without systems has nothing to select: its reports ask for everything (an empty list) as before.
  const groupSystems = snapshot.context.filterData[snapshot.context.group]?.systems.length ?? 0;
  const nothingSelected = ready && groupSystems > 0 && snapshot.context.selection.serials.length === 0;
  return {
    filters,
    view: filterBarView(snapshot),
    timeframe,
    selectedDate,
    send,
    machineTree,
    nothingSelected,
    preview,
    showGroup,
  };
}
