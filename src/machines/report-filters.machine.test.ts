import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createActor } from 'xstate';
import type { FilterData } from '../shared/systems/filter-data.ts';
import type { CustomRange } from '../shared/timeframes/custom-range-rules.ts';
import { TIMEFRAME_TABLE } from '../shared/timeframes/timeframe-table.ts';
import {
  filterBarView,
  reportFiltersMachine,
  toReportFilters,
  type DataResetReason,
  type ReportFiltersInput,
} from './report-filters.machine.ts';
import { TWO_SITE_TREE } from '../shared/systems/two-site-tree.fixture.ts';

/** Pinned clock: 2026-03-10 (a Tuesday) at noon local time. */
const NOW = new Date(2026, 2, 10, 12, 0).getTime();

const dtg: FilterData = {
  startDate: '2025-01-15',
  endDate: '2026-03-05',
  ...TWO_SITE_TREE,
};

/** No end date (empty yyyyMMdd gives epoch): 'today' comes from the pinned clock. */
const dtf: FilterData = {
  startDate: '2024-01-01',
  endDate: '1970-01-01',
  sites: [{ id: 'f1', name: 'Porto' }],
  models: [{ id: 'fm1', name: 'Fusion', siteId: 'f1' }],
  systems: [
    { id: 'x', name: '7-7', siteId: 'f1', modelId: 'fm1', isEverReported: true },
    { id: 'y', name: '5-5', siteId: 'f1', modelId: 'fm1', isEverReported: true },
  ],
};

const range: CustomRange = {
  startDate: '2026-02-01',
  endDate: '2026-02-10',
  startTime: { hour: 6, period: 'AM' },
  endTime: { hour: 8, period: 'PM' },
};

function start(overrides: Partial<ReportFiltersInput> = {}) {
  const input: ReportFiltersInput = {
    report: 'overview',
    rules: TIMEFRAME_TABLE.overview,
    group: 'DTG',
    now: NOW,
    filterData: { DTG: dtg, DTF: dtf },
    ...overrides,
  };
  const actor = createActor(reportFiltersMachine.provide({}), { input });
  const resets: DataResetReason[] = [];
  actor.on('data.reset', (event) => resets.push(event.reason));
  actor.start();
  return { actor, resets, context: () => actor.getSnapshot().context };
}

describe('report filters machine (spec reports §4)', () => {
  // The machine must take 'today' from input.now only: the system clock is set years away to catch any Date.now().
  beforeEach(() => {
    vi.useFakeTimers({ now: new Date(2031, 0, 1) });
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  describe('initialisation', () => {
    it('folds all models, selects everything and takes the report end date', () => {
      const { actor, context } = start();
      expect(actor.getSnapshot().matches('ready')).toBe(true);
      expect(context()).toMatchObject({
        timeframe: 'day',
        selectedDate: '2026-03-05',
        foldedModelIds: ['m1', 'm2', 'm3'],
        foldedSiteIds: [],
        selection: { siteIds: ['s1', 's2'], modelIds: ['m1', 'm2', 'm3'], serials: ['10-2', '9-1', '300', '40'] },
      });
      expect(toReportFilters(actor.getSnapshot())).toEqual({
        systemGroup: 'DTG',
        timeframe: 'day',
        day: '2026-03-05',
        period: { name: 'day', value: '2026-03-05' },
        systems: [],
      });
    });

    it('asks the API for the week or the applied custom range with both hours', () => {
      const { actor } = start();
      actor.send({ type: 'timeframe.change', timeframe: 'week' });
      expect(toReportFilters(actor.getSnapshot()).period).toEqual({ name: 'week', value: '2026-03-02' });
      actor.send({ type: 'custom.apply', range });
      expect(toReportFilters(actor.getSnapshot()).period).toEqual({
        name: 'custom',
        value: '2026-02-01T06:00/2026-02-10T20:00',
      });
    });

    it('takes today from the pinned clock when the filter data has no end date', () => {
      const { context } = start({ group: 'DTF' });
      expect(context().selectedDate).toBe('2026-03-10');
    });

    it('waits for the filter data of the group, then initialises', () => {
      const { actor, context } = start({ filterData: {} });
      expect(actor.getSnapshot().matches('loading')).toBe(true);
      actor.send({ type: 'filterData.received', group: 'DTF', data: dtf });
      expect(actor.getSnapshot().matches('loading')).toBe(true);
      actor.send({ type: 'filterData.received', group: 'DTG', data: dtg });
      expect(actor.getSnapshot().matches('ready')).toBe(true);
      expect(context().selectedDate).toBe('2026-03-05');
    });

    it('keeps filters the URL changes to while the filter data is loading (Back right after a reload)', () => {
      const { actor, context, resets } = start({ filterData: {}, initial: { custom: range, timeframe: 'custom' } });
      expect(context()).toMatchObject({ timeframe: 'custom', custom: { startDate: '2026-02-01' } });
      actor.send({ type: 'timeframe.change', timeframe: 'week' });
      actor.send({ type: 'date.change', date: '2026-02-19' });
      expect(actor.getSnapshot().matches('loading')).toBe(true);
      actor.send({ type: 'filterData.received', group: 'DTG', data: dtg });
      expect(context()).toMatchObject({
        timeframe: 'week',
        selectedDate: '2026-02-16',
        custom: { startDate: null, endDate: null },
      });
      expect(resets).toEqual([]);
    });

    it('applies a custom range or the latest date asked for while loading', () => {
      const loadingCustom = start({ filterData: {}, initial: { timeframe: 'week', date: '2026-02-19' } });
      loadingCustom.actor.send({ type: 'custom.apply', range });
      loadingCustom.actor.send({ type: 'filterData.received', group: 'DTG', data: dtg });
      expect(toReportFilters(loadingCustom.actor.getSnapshot()).period).toEqual({
        name: 'custom',
        value: '2026-02-01T06:00/2026-02-10T20:00',
      });

      const loadingToday = start({ filterData: {}, initial: { timeframe: 'day', date: '2026-02-19' } });
      loadingToday.actor.send({ type: 'date.today' });
      loadingToday.actor.send({ type: 'filterData.received', group: 'DTG', data: dtg });
      expect(loadingToday.context().selectedDate).toBe('2026-03-05');
    });

    it('applies the rules to values from the URL', () => {
      const { context } = start({ initial: { timeframe: 'week', date: '2026-02-19' } });
      expect(context()).toMatchObject({ timeframe: 'week', selectedDate: '2026-02-16' });
      expect(start({ initial: { timeframe: 'month', date: '2020-01-01' } }).context()).toMatchObject({
        timeframe: 'day',
        selectedDate: '2025-01-15',
      });
    });
  });

  describe("a disallowed timeframe switches to the report's default", () => {
    it('on timeframe.change', () => {
      const { actor, context, resets } = start({ report: 'jobs', rules: TIMEFRAME_TABLE.jobs });
      expect(context().timeframe).toBe('week');
      actor.send({ type: 'timeframe.change', timeframe: 'month' });
      expect(context().timeframe).toBe('month');
      const other = start({ group: 'DTF', report: 'jobs', rules: TIMEFRAME_TABLE.jobs });
      other.actor.send({ type: 'timeframe.change', timeframe: 'day' });
      expect(other.context().timeframe).toBe('week');
      expect(other.resets).toEqual([]);
      expect(resets).toEqual(['timeframe']);
    });

    it('on a group change', () => {
      const { actor, context } = start();
      actor.send({ type: 'custom.apply', range });
      expect(context().timeframe).toBe('custom');
      actor.send({ type: 'group.change', group: 'DTF' });
      expect(context()).toMatchObject({ group: 'DTF', timeframe: 'day' });
      expect(context().custom.startDate).toBeNull();
    });

    it('on a report change (machine config allows day and week per the §9 table)', () => {
      const { actor, context } = start({ report: 'jobs', rules: TIMEFRAME_TABLE.jobs });
      actor.send({ type: 'timeframe.change', timeframe: 'year' });
      actor.send({ type: 'report.change', report: 'machineConfig', rules: TIMEFRAME_TABLE.machineConfig });
      expect(context().timeframe).toBe('day');
    });
  });

  describe('dates', () => {
    it('week snaps the active date to its Monday', () => {
      const { actor, context } = start();
      actor.send({ type: 'timeframe.change', timeframe: 'week' });
      expect(context().selectedDate).toBe('2026-03-02');
      actor.send({ type: 'date.change', date: '2026-02-19' });
      expect(context().selectedDate).toBe('2026-02-16');
    });

    it('never lets the selected date precede the report start date', () => {
      const { actor, context } = start();
      actor.send({ type: 'date.change', date: '2024-06-01' });
      expect(context().selectedDate).toBe('2025-01-15');
      actor.send({ type: 'timeframe.change', timeframe: 'week' });
      expect(context().selectedDate).toBe('2025-01-15');
    });

    it('moves by one unit with previous and next, disabled at the first and last dates', () => {
      const { actor, context, resets } = start();
      expect(filterBarView(actor.getSnapshot())).toMatchObject({ canGoNext: false, canGoPrevious: true });
      actor.send({ type: 'date.next' });
      expect(context().selectedDate).toBe('2026-03-05');
      actor.send({ type: 'date.previous' });
      expect(context().selectedDate).toBe('2026-03-04');
      actor.send({ type: 'date.change', date: '2025-01-15' });
      expect(filterBarView(actor.getSnapshot()).canGoPrevious).toBe(false);
      actor.send({ type: 'date.previous' });
      expect(context().selectedDate).toBe('2025-01-15');
      expect(resets).toEqual(['date', 'date']);
    });

    it("'Today' jumps to the latest available date, is disabled there and hidden for custom", () => {
      const { actor, context } = start();
      expect(filterBarView(actor.getSnapshot()).todayDisabled).toBe(true);
      actor.send({ type: 'date.change', date: '2026-01-02' });
      expect(filterBarView(actor.getSnapshot())).toMatchObject({ todayShown: true, todayDisabled: false });
      actor.send({ type: 'date.today' });
      expect(context().selectedDate).toBe('2026-03-05');
      actor.send({ type: 'custom.apply', range });
      expect(filterBarView(actor.getSnapshot()).todayShown).toBe(false);
    });

    it('changes timeframe and date in one step (mobile Done), snapping and clamping as each would', () => {
      const { actor, context, resets } = start();
      actor.send({ type: 'period.change', timeframe: 'week', date: '2026-02-19' });
      expect(context()).toMatchObject({ timeframe: 'week', selectedDate: '2026-02-16' });
      actor.send({ type: 'period.change', timeframe: 'week', date: '2026-02-18' });
      actor.send({ type: 'period.change', timeframe: 'day', date: '2024-06-01' });
      expect(context()).toMatchObject({ timeframe: 'day', selectedDate: '2025-01-15' });
      expect(resets).toEqual(['date', 'date']);
    });

    it('disables calendar days outside the available dates', () => {
      const view = filterBarView(start().actor.getSnapshot());
      expect(view.isDateDisabled('2025-01-14')).toBe(true);
      expect(view.isDateDisabled('2026-03-06')).toBe(true);
      expect(view.isDateDisabled('2026-03-05')).toBe(false);
      expect(view.allowedTimeframes).toEqual(['day', 'week', 'custom']);
    });
  });

  describe('custom range', () => {
    it('keeps the chosen hours outside Jobs', () => {
      const { actor, context, resets } = start();
      actor.send({ type: 'custom.apply', range });
      expect(context().custom).toEqual(range);
      expect(resets).toEqual(['custom']);
    });

    it('shows the applied range and whether the picker has hours', () => {
      const { actor } = start();
      expect(filterBarView(actor.getSnapshot())).toMatchObject({ customHours: true, group: 'DTG' });
      actor.send({ type: 'custom.apply', range });
      expect(filterBarView(actor.getSnapshot()).custom).toEqual(range);
      expect(
        filterBarView(start({ report: 'jobs', rules: TIMEFRAME_TABLE.jobs }).actor.getSnapshot()).customHours,
      ).toBe(false);
    });

    it('ignores the range already applied', () => {
      const { actor, resets } = start();
      actor.send({ type: 'custom.apply', range });
      actor.send({ type: 'custom.apply', range: { ...range, startTime: { hour: 6, period: 'AM' } } });
      expect(resets).toEqual(['custom']);
      actor.send({ type: 'custom.apply', range: { ...range, startTime: { hour: 7, period: 'AM' } } });
      expect(resets).toEqual(['custom', 'custom']);
    });

    it('uses hours 0 and 23 on Jobs', () => {
      const { actor, context } = start({ report: 'jobs', rules: TIMEFRAME_TABLE.jobs });
      actor.send({ type: 'custom.apply', range });
      expect(context().custom).toEqual({
        ...range,
        startTime: { hour: 12, period: 'AM' },
        endTime: { hour: 11, period: 'PM' },
      });
    });

    it('clears the custom dates when a non-custom timeframe is chosen', () => {
      const { actor, context } = start();
      actor.send({ type: 'custom.apply', range });
      actor.send({ type: 'timeframe.change', timeframe: 'week' });
      expect(context().custom).toMatchObject({ startDate: null, endDate: null });
    });

    it('ignores a custom range where custom is not allowed', () => {
      const { actor, context, resets } = start({ group: 'DTF' });
      actor.send({ type: 'custom.apply', range });
      expect(context().timeframe).toBe('day');
      expect(resets).toEqual([]);
    });
  });

  describe('selection', () => {
    it('changing the group resets the selection to all', () => {
      const { actor, context, resets } = start();
      actor.send({ type: 'selection.toggleSite', siteId: 's1' });
      actor.send({ type: 'group.change', group: 'DTF' });
      expect(context().selection).toEqual({ siteIds: ['f1'], modelIds: ['fm1'], serials: ['7-7', '5-5'] });
      actor.send({ type: 'group.change', group: 'DTG' });
      expect(context().selection.serials).toEqual(['10-2', '9-1', '300', '40']);
      expect(resets).toEqual(['selection', 'group', 'group']);
    });

    it('waits in loading after switching to a group without filter data', () => {
      const { actor } = start();
      actor.send({ type: 'group.change', group: 'Apollo' });
      expect(actor.getSnapshot().matches('loading')).toBe(true);
      actor.send({ type: 'filterData.received', group: 'Apollo', data: { ...dtg, systems: dtg.systems.slice(0, 1) } });
      expect(actor.getSnapshot().context.selection.serials).toEqual(['10-2']);
    });

    it("'All' selects everything if nothing is selected, otherwise clears", () => {
      const { actor, context } = start();
      actor.send({ type: 'selection.toggleAll' });
      expect(context().selection).toEqual({ siteIds: [], modelIds: [], serials: [] });
      actor.send({ type: 'selection.toggleAll' });
      expect(context().selection.serials).toHaveLength(4);
    });

    it('the first system of a model and site adds them, the last one removes them', () => {
      const { actor, context, resets } = start();
      actor.send({ type: 'selection.toggleAll' });
      actor.send({ type: 'selection.toggleSystem', serial: '40' });
      expect(context().selection).toEqual({ siteIds: ['s2'], modelIds: ['m3'], serials: ['40'] });
      expect(toReportFilters(actor.getSnapshot()).systems).toEqual(['40']);
      actor.send({ type: 'selection.toggleSystem', serial: '40' });
      expect(context().selection).toEqual({ siteIds: [], modelIds: [], serials: [] });
      expect(resets).toEqual(['selection', 'selection', 'selection']);
    });

    it('a site selects or clears its models and systems', () => {
      const { actor, context } = start();
      actor.send({ type: 'selection.toggleSite', siteId: 's1' });
      expect(context().selection).toEqual({ siteIds: ['s2'], modelIds: ['m3'], serials: ['40'] });
      actor.send({ type: 'selection.toggleSite', siteId: 's1' });
      expect(context().selection.modelIds).toEqual(['m1', 'm2', 'm3']);
      actor.send({ type: 'selection.toggleModel', modelId: 'm1' });
      expect(context().selection.serials).toEqual(['300', '40']);
    });

    it('single-printer mode selects exactly one site, model and serial; site and model toggles are disabled', () => {
      const { actor, context, resets } = start({ report: 'tv-dashboard', rules: TIMEFRAME_TABLE['tv-dashboard'] });
      expect(context().selection).toEqual({ siteIds: ['s2'], modelIds: ['m3'], serials: ['40'] });
      actor.send({ type: 'selection.toggleSite', siteId: 's1' });
      actor.send({ type: 'selection.toggleModel', modelId: 'm1' });
      actor.send({ type: 'selection.toggleAll' });
      expect(context().selection.serials).toEqual(['40']);
      actor.send({ type: 'selection.toggleSystem', serial: '9-1' });
      expect(context().selection).toEqual({ siteIds: ['s1'], modelIds: ['m1'], serials: ['9-1'] });
      actor.send({ type: 'selection.selectSingle', serial: '300' });
      expect(context().selection).toEqual({ siteIds: ['s1'], modelIds: ['m2'], serials: ['300'] });
      expect(resets).toEqual(['selection', 'selection']);
    });

    it('folds and unfolds tree rows without resetting data', () => {
      const { actor, context, resets } = start();
      actor.send({ type: 'tree.toggleFold', level: 'model', id: 'm2' });
      actor.send({ type: 'tree.toggleFold', level: 'site', id: 's1' });
      expect(context()).toMatchObject({ foldedModelIds: ['m1', 'm3'], foldedSiteIds: ['s1'] });
      expect(resets).toEqual([]);
    });
  });

  it('emits data.reset only when timeframe, date or selection really changes', () => {
    const { actor, resets } = start();
    actor.send({ type: 'timeframe.change', timeframe: 'day' });
    actor.send({ type: 'date.change', date: '2026-03-05' });
    actor.send({ type: 'date.today' });
    actor.send({ type: 'group.change', group: 'DTG' });
    expect(resets).toEqual([]);
    actor.send({ type: 'timeframe.change', timeframe: 'week' });
    actor.send({ type: 'date.change', date: '2026-02-01' });
    actor.send({ type: 'selection.toggleSystem', serial: '300' });
    expect(resets).toEqual(['timeframe', 'date', 'selection']);
  });
});
