import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { useSearchParams } from 'react-router';
import { useActorRef, useSelector } from '@xstate/react';
import type { GroupFilterData } from '../../shared/api-types.ts';
import type { ReportFilters } from '../../shared/report-filters.ts';
import type { SystemGroup } from '../../shared/system-group.ts';
import type { FilterData } from '../../shared/systems/filter-data.ts';
import { parseFilterDataDate, type IsoDate } from '../../shared/timeframes/timeframe-dates.ts';
import { rulesForReport } from '../../shared/timeframes/timeframe-table.ts';
import { isTimeframe, type ReportId, type Timeframe } from '../../shared/timeframes/timeframes.ts';
import { useDateFilters } from '../../api/date-filters.ts';
import {
  filterBarView,
  reportFiltersMachine,
  toReportFilters,
  type FilterBarView,
  type ReportFiltersEvent,
  type ReportFiltersSnapshot,
} from '../../machines/report-filters.machine.ts';
import { getReportLayout } from '../../runtime/report-layouts.ts';
import { GROUP_QUERY_KEY } from '../shell/group-link.ts';

/** URL query keys of the filter state (spec reports §2: the filter state is mirrored in the URL). */
export const TIMEFRAME_QUERY_KEY = 'timeframe';
export const DAY_QUERY_KEY = 'day';

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

/** The date-filters answer of one group as the machine keeps it (dates yyyyMMdd → YYYY-MM-DD, empty → epoch). */
export function toFilterData(entry: GroupFilterData): FilterData {
  return {
    startDate: parseFilterDataDate(entry.startDate),
    endDate: parseFilterDataDate(entry.endDate),
    activeSystems: entry.activeSystems,
    sites: entry.sites,
    models: entry.models,
    systems: entry.systems,
  };
}

interface UrlFilterState {
  group: SystemGroup;
  timeframe: Timeframe;
  day: IsoDate;
}

function urlStateOf(snapshot: ReportFiltersSnapshot): UrlFilterState {
  const { group, timeframe, selectedDate } = snapshot.context;
  return { group, timeframe, day: selectedDate };
}

function matchesQuery(query: URLSearchParams, state: UrlFilterState): boolean {
  return (
    query.get(GROUP_QUERY_KEY) === state.group &&
    query.get(TIMEFRAME_QUERY_KEY) === state.timeframe &&
    query.get(DAY_QUERY_KEY) === state.day
  );
}

function withState(query: URLSearchParams, state: UrlFilterState): URLSearchParams {
  const next = new URLSearchParams(query);
  next.set(GROUP_QUERY_KEY, state.group);
  next.set(TIMEFRAME_QUERY_KEY, state.timeframe);
  next.set(DAY_QUERY_KEY, state.day);
  return next;
}

const QUERY_KEYS = { group: GROUP_QUERY_KEY, timeframe: TIMEFRAME_QUERY_KEY, day: DAY_QUERY_KEY } as const;

function differsWhereNamed(query: URLSearchParams, state: UrlFilterState): boolean {
  return (Object.keys(QUERY_KEYS) as (keyof UrlFilterState)[]).some((key) => {
    const value = query.get(QUERY_KEYS[key]);
    return value !== null && value !== state[key];
  });
}

function withNamed(query: URLSearchParams, state: UrlFilterState): URLSearchParams {
  const next = new URLSearchParams(query);
  for (const key of Object.keys(QUERY_KEYS) as (keyof UrlFilterState)[]) {
    if (next.has(QUERY_KEYS[key])) next.set(QUERY_KEYS[key], state[key]);
  }
  return next;
}

export interface ReportFiltersHandle {
  /** Null until the group's filter data has arrived (the page shows a spinner meanwhile). */
  filters: ReportFilters | null;
  view: FilterBarView;
  timeframe: Timeframe;
  selectedDate: IsoDate;
  /** Sends a user's filter-bar event; a change it makes becomes a new browser history entry. */
  send: (event: ReportFiltersEvent) => void;
}

/**
 * Runs the report-filters machine of a report page for the selected group (which SelectedGroupProvider keeps), feeds
 * it the date-filters data and mirrors timeframe, day and group in the URL query: user changes push a history entry,
 * normalisations replace it, and Back/Forward send the machine the URL's values.
 */
export function useReportFilters(report: ReportId, group: SystemGroup): ReportFiltersHandle {
  const [query, setQuery] = useSearchParams();
  const dateFilters = useDateFilters();
  const [now] = useState(() => Date.now());
  const rules = useMemo(() => rulesForReport(report, getReportLayout(report)?.rules), [report]);
  const actorRef = useActorRef(reportFiltersMachine, {
    input: {
      report,
      rules,
      group,
      now,
      initial: { timeframe: timeframeFromQuery(query), date: dayFromQuery(query) },
    },
  });
  const userAction = useRef(false);

  useEffect(() => {
    for (const entry of dateFilters.data?.groups ?? []) {
      actorRef.send({ type: 'filterData.received', group: entry.systemGroup, data: toFilterData(entry) });
    }
  }, [actorRef, dateFilters.data]);

  useEffect(() => {
    actorRef.send({ type: 'report.change', report, rules });
  }, [actorRef, report, rules]);

  // URL (group toggle, Back/Forward) → machine. A filter missing from the URL means its default: the group's default
  // timeframe and the latest date (on the first render the machine starts from the URL and ignores these while loading).
  const urlTimeframe = timeframeFromQuery(query);
  const urlDay = dayFromQuery(query);
  useEffect(() => {
    actorRef.send({ type: 'group.change', group });
    const { rules: currentRules } = actorRef.getSnapshot().context;
    actorRef.send({ type: 'timeframe.change', timeframe: urlTimeframe ?? currentRules.timeframes[group].default });
    actorRef.send(urlDay === undefined ? { type: 'date.today' } : { type: 'date.change', date: urlDay });
  }, [actorRef, group, urlTimeframe, urlDay]);

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
    userAction.current = false;
    if (push) {
      if (!matchesQuery(query, state)) setQuery((previous) => withState(previous, state));
      return;
    }
    if (differsWhereNamed(query, state)) setQuery((previous) => withNamed(previous, state), { replace: true });
  }, [actorRef, snapshot, query, setQuery]);

  const send = useCallback(
    (event: ReportFiltersEvent) => {
      const before = actorRef.getSnapshot();
      userAction.current = true;
      actorRef.send(event);
      if (actorRef.getSnapshot() === before) userAction.current = false;
    },
    [actorRef],
  );

  const filters = useMemo(() => (ready ? toReportFilters(snapshot) : null), [ready, snapshot]);
  return { filters, view: filterBarView(snapshot), timeframe, selectedDate, send };
}
