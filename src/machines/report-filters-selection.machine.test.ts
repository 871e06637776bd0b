import { describe, expect, it } from 'vitest';
import { createActor } from 'xstate';
import type { FilterData } from '../shared/systems/filter-data.ts';
import { TWO_SITE_TREE } from '../shared/systems/two-site-tree.fixture.ts';
import { TIMEFRAME_TABLE } from '../shared/timeframes/timeframe-table.ts';
import type { ReportId } from '../shared/timeframes/timeframes.ts';
import { reportFiltersMachine, toReportFilters, type DataResetReason } from './report-filters.machine.ts';

const NOW = new Date(2026, 2, 10, 12, 0).getTime();
const dtg: FilterData = { startDate: '2025-01-15', endDate: '2026-03-05', ...TWO_SITE_TREE };

function start(report: ReportId = 'overview', data: FilterData = dtg) {
  const actor = createActor(reportFiltersMachine, {
    input: { report, rules: TIMEFRAME_TABLE[report], group: 'DTG', now: NOW, filterData: { DTG: data } },
  });
  const resets: DataResetReason[] = [];
  actor.on('data.reset', (event) => resets.push(event.reason));
  actor.start();
  return { actor, resets, selection: () => actor.getSnapshot().context.selection };
}

describe('report filters machine: selection from outside (URL)', () => {
  it('takes a selection, drops unknown ids, derives the parents and resets the data once', () => {
    const { actor, resets, selection } = start();
    actor.send({ type: 'selection.set', selection: { siteIds: ['s2'], modelIds: [], serials: ['9-1', 'gone'] } });
    expect(selection()).toEqual({ siteIds: ['s1'], modelIds: ['m1'], serials: ['9-1'] });
    expect(toReportFilters(actor.getSnapshot()).systems).toEqual(['9-1']);
    actor.send({ type: 'selection.set', selection: { siteIds: ['s1'], modelIds: ['m1'], serials: ['9-1'] } });
    expect(resets).toEqual(['selection']);
  });

  it('without a selection goes back to the initial one (all)', () => {
    const { actor, resets, selection } = start();
    actor.send({ type: 'selection.toggleAll' });
    actor.send({ type: 'selection.set' });
    expect(selection().serials).toEqual(['10-2', '9-1', '300', '40']);
    expect(toReportFilters(actor.getSnapshot()).systems).toEqual([]);
    actor.send({ type: 'selection.set' });
    expect(resets).toEqual(['selection', 'selection']);
  });

  it('keeps an empty selection (nothing selected)', () => {
    const { actor, selection } = start();
    actor.send({ type: 'selection.set', selection: { siteIds: [], modelIds: [], serials: [] } });
    expect(selection()).toEqual({ siteIds: [], modelIds: [], serials: [] });
  });

  it('reduces it to one printer in single-printer mode', () => {
    const { actor, selection } = start('tv-dashboard');
    actor.send({ type: 'selection.set', selection: { siteIds: [], modelIds: [], serials: ['300', '10-2'] } });
    expect(selection()).toEqual({ siteIds: ['s1'], modelIds: ['m1'], serials: ['10-2'] });
    actor.send({ type: 'selection.set' });
    expect(selection()).toEqual({ siteIds: ['s2'], modelIds: ['m3'], serials: ['40'] });
  });

  it('toggles the branch of a model at one site only', () => {
    const shared: FilterData = {
      ...dtg,
      models: [...dtg.models, { id: 'm1', name: 'Storm', siteId: 's2' }],
      systems: [...dtg.systems, { id: 'e', name: '77', siteId: 's2', modelId: 'm1', isEverReported: true }],
    };
    const { actor, selection } = start('overview', shared);
    actor.send({ type: 'selection.toggleModel', modelId: 'm1', siteId: 's2' });
    expect(selection().serials).toEqual(['10-2', '9-1', '300', '40']);
  });
});
