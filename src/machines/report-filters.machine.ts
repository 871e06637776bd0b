import { assign, emit, not, setup, type SnapshotFrom } from 'xstate';
import type { ReportRules } from '../shared/layout/layout-types.ts';
import type { ReportFilters, ReportPeriod } from '../shared/report-filters.ts';
import type { SystemGroup } from '../shared/system-group.ts';
import type { FilterData, Selection } from '../shared/systems/filter-data.ts';
import {
  EMPTY_SELECTION,
  defaultSelection,
  isAllSelected,
  normaliseSelection,
  sameSelection,
  selectSingle,
  toSinglePrinter,
  toggleAll,
  toggleModel,
  toggleSite,
  toggleSystem,
} from '../shared/systems/selection.ts';
import { DAY_END, DAY_START, toHourOfDay, type ClockHour } from '../shared/timeframes/clock-hours.ts';
import type { CustomRange } from '../shared/timeframes/custom-range-rules.ts';
import {
  EPOCH_DATE,
  canGoNext,
  canGoPrevious,
  isDateAvailable,
  isTodayDisabled,
  isTodayShown,
  isoDateOf,
  latestSelectableDate,
  normalizeSelectedDate,
  shiftDate,
  type DateBounds,
  type IsoDate,
} from '../shared/timeframes/timeframe-dates.ts';
import { isTimeframeAllowed, resolveTimeframe } from '../shared/timeframes/timeframe-table.ts';
import { REPORT_WITHOUT_HOURS, type ReportId, type Timeframe } from '../shared/timeframes/timeframes.ts';

export interface ReportFiltersInput {
  report: ReportId;
  /** The report's rules: `rulesForReport(report, layout.rules)`. */
  rules: ReportRules;
  group: SystemGroup;
  /** Pinned clock (epoch ms): 'today' when filter data has no end date. The machine never reads the clock itself. */
  now: number;
  /** Filter data already loaded, per group. */
  filterData?: Partial<Record<SystemGroup, FilterData>>;
  /** Values from the URL; they go through the same rules as events do. */
  initial?: { timeframe?: Timeframe; date?: IsoDate; custom?: CustomRange };
}

/** The custom range as the filter state keeps it (spec reports §3 customTimeFrame…); dates are null unless custom. */
export interface CustomRangeState {
  startDate: IsoDate | null;
  endDate: IsoDate | null;
  startTime: ClockHour;
  endTime: ClockHour;
}

/**
 * Filter state of a report page (spec reports §3 "Filter state"): `selection` holds selectedSiteIds, selectedModelIds
 * and selectedSystemSerials; `selectedDate` is '' until the group's filter data has arrived.
 */
export interface ReportFiltersContext {
  report: ReportId;
  rules: ReportRules;
  now: number;
  group: SystemGroup;
  timeframe: Timeframe;
  selectedDate: IsoDate;
  custom: CustomRangeState;
  selection: Selection;
  foldedSiteIds: string[];
  foldedModelIds: string[];
  filterData: Partial<Record<SystemGroup, FilterData>>;
}

export type ReportFiltersEvent =
  | { type: 'filterData.received'; group: SystemGroup; data: FilterData }
  | { type: 'report.change'; report: ReportId; rules: ReportRules }
  | { type: 'group.change'; group: SystemGroup }
  | { type: 'timeframe.change'; timeframe: Timeframe }
  | { type: 'date.change'; date: IsoDate }
  | { type: 'date.previous' }
  | { type: 'date.next' }
  | { type: 'date.today' }
  /** Timeframe and date at once (the mobile calendar's Done). */
  | { type: 'period.change'; timeframe: Timeframe; date: IsoDate }
  | { type: 'custom.apply'; range: CustomRange }
  | { type: 'selection.toggleAll' }
  | { type: 'selection.toggleSite'; siteId: string }
  | { type: 'selection.toggleModel'; modelId: string; siteId?: string }
  | { type: 'selection.toggleSystem'; serial: string }
  | { type: 'selection.selectSingle'; serial: string }
  /** From the URL: unknown ids are dropped and parents follow their systems; absent means the initial selection. */
  | { type: 'selection.set'; selection?: Selection }
  | { type: 'tree.toggleFold'; level: 'site' | 'model'; id: string };

/** What changed; the runtime clears overview, job-summary and job-analysis (or TV dashboard) data on it (spec reports §4). */
export type DataResetReason = 'group' | 'timeframe' | 'date' | 'custom' | 'selection';
export type ReportFiltersEmitted = { type: 'data.reset'; reason: DataResetReason };

const NO_CUSTOM: CustomRangeState = { startDate: null, endDate: null, startTime: DAY_START, endTime: DAY_END };

const EMPTY_DATA: FilterData = { startDate: EPOCH_DATE, endDate: EPOCH_DATE, sites: [], models: [], systems: [] };

function dataOf(context: ReportFiltersContext): FilterData {
  return context.filterData[context.group] ?? EMPTY_DATA;
}

/** First and last available dates: the group's filter data, with today when it has no end date. */
export function boundsOf(context: Pick<ReportFiltersContext, 'filterData' | 'group' | 'now'>): DateBounds {
  const data = context.filterData[context.group];
  const today = isoDateOf(context.now);
  const last = data === undefined || data.endDate === EPOCH_DATE ? today : data.endDate;
  return { first: data?.startDate ?? EPOCH_DATE, last };
}

function isSinglePrinter(context: ReportFiltersContext): boolean {
  return context.rules.filterBar?.singlePrinter === true;
}

/** Selection after init or a group change: everything, or the first printer when only one may be selected. */
function initialSelection(context: ReportFiltersContext): Selection {
  return defaultSelection(dataOf(context), isSinglePrinter(context));
}

/** A selection asked for from outside (the URL), made valid for the group's data and the report's mode. */
function requestedSelection(context: ReportFiltersContext, selection: Selection | undefined): Selection {
  if (selection === undefined) return initialSelection(context);
  const data = dataOf(context);
  return isSinglePrinter(context) ? toSinglePrinter(data, selection) : normaliseSelection(data, selection);
}

/** Custom hours are 0 and 23 on Jobs, otherwise as chosen (spec reports §4). */
function customFor(report: ReportId, range: CustomRange): CustomRangeState {
  return report === REPORT_WITHOUT_HOURS ? { ...range, startTime: DAY_START, endTime: DAY_END } : { ...range };
}

function sameCustom(a: CustomRangeState, b: CustomRangeState): boolean {
  const sameTime = (x: ClockHour, y: ClockHour) => x.hour === y.hour && x.period === y.period;
  return (
    a.startDate === b.startDate &&
    a.endDate === b.endDate &&
    sameTime(a.startTime, b.startTime) &&
    sameTime(a.endTime, b.endTime)
  );
}

/** Timeframe, date and custom range after the timeframe may have become disallowed (report or group change). */
function withResolvedTimeframe(context: ReportFiltersContext): Partial<ReportFiltersContext> {
  const timeframe = resolveTimeframe(context.timeframe, context.rules, context.group);
  const custom = timeframe === 'custom' ? context.custom : NO_CUSTOM;
  const selectedDate =
    context.selectedDate === '' ? '' : normalizeSelectedDate(context.selectedDate, timeframe, boundsOf(context));
  return { timeframe, custom, selectedDate };
}

/**
 * Report filter bar and machine tree (spec reports §2–§4). Waits in `loading` until the selected group's filter data
 * is there, then initialises (all selected, all models folded, date = the data's end date or today) and stays `ready`.
 * Every change of timeframe, date or selection emits `data.reset`.
 */
export const reportFiltersMachine = setup({
  types: {
    context: {} as ReportFiltersContext,
    input: {} as ReportFiltersInput,
    events: {} as ReportFiltersEvent,
    emitted: {} as ReportFiltersEmitted,
  },
  guards: {
    hasFilterData: ({ context }) => context.filterData[context.group] !== undefined,
    isOtherGroup: ({ context }, group: SystemGroup) => group !== context.group,
    isForSelectedGroup: ({ context }, group: SystemGroup) => group === context.group,
    changesTimeframe: ({ context }, requested: Timeframe) =>
      resolveTimeframe(requested, context.rules, context.group) !== context.timeframe,
    /** Custom is allowed, and the range is not the one already applied (the URL re-sends it on every change). */
    appliesNewCustom: ({ context }, range: CustomRange) =>
      isTimeframeAllowed('custom', context.rules, context.group) &&
      (context.timeframe !== 'custom' || !sameCustom(context.custom, customFor(context.report, range))),
    changesDate: ({ context }, date: IsoDate) =>
      normalizeSelectedDate(date, context.timeframe, boundsOf(context)) !== context.selectedDate,
    changesPeriod: ({ context }, period: { timeframe: Timeframe; date: IsoDate }) => {
      const timeframe = resolveTimeframe(period.timeframe, context.rules, context.group);
      return (
        timeframe !== context.timeframe ||
        normalizeSelectedDate(period.date, timeframe, boundsOf(context)) !== context.selectedDate
      );
    },
    canGoPrevious: ({ context }) => canGoPrevious(context.selectedDate, context.timeframe, boundsOf(context)),
    canGoNext: ({ context }) => canGoNext(context.selectedDate, context.timeframe, boundsOf(context)),
    canJumpToToday: ({ context }) =>
      isTodayShown(context.timeframe) && !isTodayDisabled(context.selectedDate, context.timeframe, boundsOf(context)),
    isSinglePrinter: ({ context }) => isSinglePrinter(context),
    changesSelection: ({ context }, selection: Selection | undefined) =>
      !sameSelection(requestedSelection(context, selection), context.selection),
  },
  actions: {
    storeFilterData: assign(({ context }, params: { group: SystemGroup; data: FilterData }) => ({
      filterData: { ...context.filterData, [params.group]: params.data },
    })),
    /** Spec reports §4: all models folded, date = end date (else today) unless one came from the URL, all selected. */
    initialiseFilterState: assign(({ context }) => {
      const data = dataOf(context);
      const bounds = boundsOf(context);
      const wanted = context.selectedDate === '' ? bounds.last : context.selectedDate;
      return {
        selectedDate: normalizeSelectedDate(wanted, context.timeframe, bounds),
        selection: initialSelection(context),
        foldedSiteIds: [],
        foldedModelIds: data.models.map((model) => model.id),
      };
    }),
    renormaliseDate: assign(({ context }) => ({
      selectedDate:
        context.selectedDate === ''
          ? ''
          : normalizeSelectedDate(context.selectedDate, context.timeframe, boundsOf(context)),
    })),
    setReport: assign((_, params: { report: ReportId; rules: ReportRules }) => params),
    setGroup: assign((_, group: SystemGroup) => ({ group, selection: EMPTY_SELECTION })),
    resolveTimeframe: assign(({ context }) => withResolvedTimeframe(context)),
    /** A disallowed timeframe becomes the default; non-custom clears the custom dates; week snaps to Monday. */
    setTimeframe: assign(({ context }, requested: Timeframe) =>
      withResolvedTimeframe({ ...context, timeframe: resolveTimeframe(requested, context.rules, context.group) }),
    ),
    setDate: assign(({ context }, date: IsoDate) => ({
      selectedDate: normalizeSelectedDate(date, context.timeframe, boundsOf(context)),
    })),
    /** Before the filter data is there: kept as asked, the initialisation applies the date rules to it. */
    keepDate: assign((_, date: IsoDate) => ({ selectedDate: date })),
    /** Before the filter data is there: '' makes the initialisation take the latest date. */
    forgetDate: assign({ selectedDate: '' }),
    shiftDate: assign(({ context }, direction: -1 | 1) => ({
      selectedDate: normalizeSelectedDate(
        shiftDate(context.selectedDate, context.timeframe, direction),
        context.timeframe,
        boundsOf(context),
      ),
    })),
    jumpToToday: assign(({ context }) => ({
      selectedDate: latestSelectableDate(context.timeframe, boundsOf(context)),
    })),
    applyCustom: assign(({ context }, range: CustomRange) => ({
      timeframe: 'custom' as const,
      custom: customFor(context.report, range),
    })),
    toggleAll: assign(({ context }) => ({ selection: toggleAll(dataOf(context), context.selection) })),
    toggleSite: assign(({ context }, siteId: string) => ({
      selection: toggleSite(dataOf(context), context.selection, siteId),
    })),
    toggleModel: assign(({ context }, params: { modelId: string; siteId?: string }) => ({
      selection: toggleModel(dataOf(context), context.selection, params.modelId, params.siteId),
    })),
    setSelection: assign(({ context }, selection: Selection | undefined) => ({
      selection: requestedSelection(context, selection),
    })),
    toggleSystem: assign(({ context }, serial: string) => ({
      selection: toggleSystem(dataOf(context), context.selection, serial),
    })),
    selectSingle: assign(({ context }, serial: string) => ({
      selection: selectSingle(dataOf(context), serial) ?? context.selection,
    })),
    toggleFold: assign(({ context }, params: { level: 'site' | 'model'; id: string }) => {
      const key = params.level === 'site' ? 'foldedSiteIds' : 'foldedModelIds';
      const folded = context[key];
      return { [key]: folded.includes(params.id) ? folded.filter((id) => id !== params.id) : [...folded, params.id] };
    }),
    resetData: emit((_, reason: DataResetReason) => ({ type: 'data.reset' as const, reason })),
  },
}).createMachine({
  id: 'reportFilters',
  context: ({ input }) => {
    const filterData = input.filterData ?? {};
    const requested = input.initial?.timeframe ?? input.rules.timeframes[input.group].default;
    const timeframe = resolveTimeframe(requested, input.rules, input.group);
    const custom =
      timeframe === 'custom' && input.initial?.custom !== undefined
        ? customFor(input.report, input.initial.custom)
        : NO_CUSTOM;
    return {
      report: input.report,
      rules: input.rules,
      now: input.now,
      group: input.group,
      timeframe,
      selectedDate: input.initial?.date ?? '',
      custom,
      selection: EMPTY_SELECTION,
      foldedSiteIds: [],
      foldedModelIds: [],
      filterData,
    };
  },
  initial: 'loading',
  on: {
    'report.change': {
      actions: [{ type: 'setReport', params: ({ event }) => event }, 'resolveTimeframe'],
    },
  },
  states: {
    /** The shell shows a spinner until the group's filter data is there. */
    loading: {
      always: { guard: 'hasFilterData', target: 'ready', actions: 'initialiseFilterState' },
      on: {
        'filterData.received': { actions: { type: 'storeFilterData', params: ({ event }) => event } },
        'group.change': {
          guard: { type: 'isOtherGroup', params: ({ event }) => event.group },
          actions: [{ type: 'setGroup', params: ({ event }) => event.group }, 'resolveTimeframe'],
        },
        // The URL can change before the filter data arrives (Back right after a reload, on a slow network): its
        // filters are kept and initialised with the data. Dropping them would make the page write its stale
        // filters back over the URL the user went back to.
        'timeframe.change': { actions: { type: 'setTimeframe', params: ({ event }) => event.timeframe } },
        'date.change': { actions: { type: 'keepDate', params: ({ event }) => event.date } },
        'date.today': { actions: 'forgetDate' },
        'period.change': {
          actions: [
            { type: 'setTimeframe', params: ({ event }) => event.timeframe },
            { type: 'keepDate', params: ({ event }) => event.date },
          ],
        },
        'custom.apply': {
          guard: { type: 'appliesNewCustom', params: ({ event }) => event.range },
          actions: { type: 'applyCustom', params: ({ event }) => event.range },
        },
      },
    },
    ready: {
      on: {
        'filterData.received': [
          {
            guard: { type: 'isForSelectedGroup', params: ({ event }) => event.group },
            actions: [{ type: 'storeFilterData', params: ({ event }) => event }, 'renormaliseDate'],
          },
          { actions: { type: 'storeFilterData', params: ({ event }) => event } },
        ],
        // Back through loading, whose initialisation selects all of the new group (spec reports §4).
        'group.change': {
          guard: { type: 'isOtherGroup', params: ({ event }) => event.group },
          target: 'loading',
          actions: [
            { type: 'setGroup', params: ({ event }) => event.group },
            'resolveTimeframe',
            { type: 'resetData', params: 'group' },
          ],
        },
        'timeframe.change': {
          guard: { type: 'changesTimeframe', params: ({ event }) => event.timeframe },
          actions: [
            { type: 'setTimeframe', params: ({ event }) => event.timeframe },
            { type: 'resetData', params: 'timeframe' },
          ],
        },
        'date.change': {
          guard: { type: 'changesDate', params: ({ event }) => event.date },
          actions: [
            { type: 'setDate', params: ({ event }) => event.date },
            { type: 'resetData', params: 'date' },
          ],
        },
        'period.change': {
          guard: { type: 'changesPeriod', params: ({ event }) => event },
          actions: [
            { type: 'setTimeframe', params: ({ event }) => event.timeframe },
            { type: 'setDate', params: ({ event }) => event.date },
            { type: 'resetData', params: 'date' },
          ],
        },
        'date.previous': {
          guard: 'canGoPrevious',
          actions: [
            { type: 'shiftDate', params: -1 },
            { type: 'resetData', params: 'date' },
          ],
        },
        'date.next': {
          guard: 'canGoNext',
          actions: [
            { type: 'shiftDate', params: 1 },
            { type: 'resetData', params: 'date' },
          ],
        },
        'date.today': {
          guard: 'canJumpToToday',
          actions: ['jumpToToday', { type: 'resetData', params: 'date' }],
        },
        'custom.apply': {
          guard: { type: 'appliesNewCustom', params: ({ event }) => event.range },
          actions: [
            { type: 'applyCustom', params: ({ event }) => event.range },
            { type: 'resetData', params: 'custom' },
          ],
        },
        // Single-printer mode: site, model and 'All' toggles are disabled; a system click selects just that printer.
        'selection.toggleAll': {
          guard: not('isSinglePrinter'),
          actions: ['toggleAll', { type: 'resetData', params: 'selection' }],
        },
        'selection.toggleSite': {
          guard: not('isSinglePrinter'),
          actions: [
            { type: 'toggleSite', params: ({ event }) => event.siteId },
            { type: 'resetData', params: 'selection' },
          ],
        },
        'selection.toggleModel': {
          guard: not('isSinglePrinter'),
          actions: [
            { type: 'toggleModel', params: ({ event }) => event },
            { type: 'resetData', params: 'selection' },
          ],
        },
        'selection.toggleSystem': [
          {
            guard: 'isSinglePrinter',
            actions: [
              { type: 'selectSingle', params: ({ event }) => event.serial },
              { type: 'resetData', params: 'selection' },
            ],
          },
          {
            actions: [
              { type: 'toggleSystem', params: ({ event }) => event.serial },
              { type: 'resetData', params: 'selection' },
            ],
          },
        ],
        'selection.selectSingle': {
          actions: [
            { type: 'selectSingle', params: ({ event }) => event.serial },
            { type: 'resetData', params: 'selection' },
          ],
        },
        'selection.set': {
          guard: { type: 'changesSelection', params: ({ event }) => event.selection },
          actions: [
            { type: 'setSelection', params: ({ event }) => event.selection },
            { type: 'resetData', params: 'selection' },
          ],
        },
        'tree.toggleFold': { actions: { type: 'toggleFold', params: ({ event }) => event } },
      },
    },
  },
});

export type ReportFiltersSnapshot = SnapshotFrom<typeof reportFiltersMachine>;

const hourOf = (time: ClockHour) => `${String(toHourOfDay(time)).padStart(2, '0')}:00`;

/** The period the API is asked for: the applied custom range (both hours included), otherwise the timeframe and selected date. */
function periodOf(context: ReportFiltersContext): ReportPeriod {
  const { custom } = context;
  if (context.timeframe === 'custom' && custom.startDate !== null && custom.endDate !== null)
    return {
      name: 'custom',
      value: `${custom.startDate}T${hourOf(custom.startTime)}/${custom.endDate}T${hourOf(custom.endTime)}`,
    };
  return { name: context.timeframe === 'custom' ? 'day' : context.timeframe, value: context.selectedDate };
}

/** The filters the layout runtime puts into query keys and requests; `systems` is empty when all are selected. */
export function toReportFilters(snapshot: ReportFiltersSnapshot): ReportFilters {
  const { context } = snapshot;
  const data = dataOf(context);
  return {
    systemGroup: context.group,
    timeframe: context.timeframe,
    day: context.selectedDate,
    period: periodOf(context),
    systems: isAllSelected(data, context.selection) ? [] : [...context.selection.serials],
  };
}

/** What the filter bar renders from a snapshot (spec reports §2). */
export interface FilterBarView {
  allowedTimeframes: Timeframe[];
  bounds: DateBounds;
  canGoPrevious: boolean;
  canGoNext: boolean;
  todayShown: boolean;
  todayDisabled: boolean;
  isDateDisabled: (date: IsoDate) => boolean;
  group: SystemGroup;
  /** The applied custom range (dates null unless the timeframe is custom). */
  custom: CustomRangeState;
  /** The custom range picker shows hours (not on Jobs, spec reports §2). */
  customHours: boolean;
}

export function filterBarView(snapshot: ReportFiltersSnapshot): FilterBarView {
  const { context } = snapshot;
  const bounds = boundsOf(context);
  const ready = snapshot.matches('ready');
  return {
    allowedTimeframes: context.rules.timeframes[context.group].allowed,
    bounds,
    canGoPrevious: ready && snapshot.can({ type: 'date.previous' }),
    canGoNext: ready && snapshot.can({ type: 'date.next' }),
    todayShown: isTodayShown(context.timeframe),
    todayDisabled: !snapshot.can({ type: 'date.today' }),
    isDateDisabled: (date) => !isDateAvailable(date, bounds),
    group: context.group,
    custom: context.custom,
    customHours: context.report !== REPORT_WITHOUT_HOURS,
  };
}
