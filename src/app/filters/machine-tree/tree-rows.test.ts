import { describe, expect, it } from 'vitest';
import type { FilterData } from '../../../shared/systems/filter-data.ts';
import { EMPTY_SELECTION, selectAll, toggleSystem } from '../../../shared/systems/selection.ts';
import { TWO_SITE_TREE } from '../../../shared/systems/two-site-tree.fixture.ts';
import { allCheckState, buildTreeRows, indexTree, type TreeRowOptions } from './tree-rows.ts';

const data: FilterData = { startDate: '2025-01-01', endDate: '2026-03-05', ...TWO_SITE_TREE };
const index = indexTree(data);
const open: TreeRowOptions = {
  foldedSiteIds: [],
  foldedModelIds: [],
  search: '',
  singlePrinter: false,
  lowLevelSelect: true,
};

const labels = (options: Partial<TreeRowOptions> = {}, selection = selectAll(data)) =>
  buildTreeRows(index, selection, { ...open, ...options }).map((row) => row.label);

describe('machine tree rows', () => {
  it('lists sites, their models and their serials in serial order', () => {
    expect(labels()).toEqual(['Berlin', 'Storm', '9-1', '10-2', 'Kornit', '300', 'Lyon', 'Atlas', '40']);
  });

  it('hides what a folded site or model holds', () => {
    expect(labels({ foldedModelIds: ['m1', 'm2', 'm3'] })).toEqual(['Berlin', 'Storm', 'Kornit', 'Lyon', 'Atlas']);
    expect(labels({ foldedSiteIds: ['s1'] })).toEqual(['Berlin', 'Lyon', 'Atlas', '40']);
    const rows = buildTreeRows(index, EMPTY_SELECTION, { ...open, foldedSiteIds: ['s1'] });
    expect(rows.map((row) => row.expanded)).toEqual([false, true, true, null]);
  });

  it("unfolds one site's branch of a model that every site folds", () => {
    const shared = indexTree({
      ...data,
      models: [...data.models, { id: 'm1', name: 'Storm', siteId: 's2' }],
      systems: [...data.systems, { id: 'e', name: '77', siteId: 's2', modelId: 'm1', isEverReported: true }],
    });
    const rows = (foldedModelIds: string[]) =>
      buildTreeRows(shared, EMPTY_SELECTION, { ...open, foldedModelIds }).map((row) => row.label);
    expect(rows(['m1', 'm2', 'm3'])).toEqual(['Berlin', 'Storm', 'Kornit', 'Lyon', 'Atlas', 'Storm']);
    expect(rows(['m1', 'm2', 'm3', 's2/m1'])).toEqual(['Berlin', 'Storm', 'Kornit', 'Lyon', 'Atlas', 'Storm', '77']);
    expect(rows(['s1/m1'])).toEqual(['Berlin', 'Storm', 'Kornit', '300', 'Lyon', 'Atlas', '40', 'Storm', '77']);
  });

  it('checks, half-checks or clears parents from their systems', () => {
    const selection = toggleSystem(data, EMPTY_SELECTION, '9-1');
    const checks = buildTreeRows(index, selection, open).map((row) => `${row.label}:${row.check}`);
    expect(checks).toEqual([
      'Berlin:partial',
      'Storm:partial',
      '9-1:checked',
      '10-2:none',
      'Kornit:none',
      '300:none',
      'Lyon:none',
      'Atlas:none',
      '40:none',
    ]);
    expect(allCheckState(data, selection)).toBe('partial');
    expect(allCheckState(data, selectAll(data))).toBe('checked');
    expect(allCheckState(data, EMPTY_SELECTION)).toBe('none');
  });

  it('searches serials, nicknames, models and sites, keeping the ancestors and unfolding them', () => {
    const folded = { foldedSiteIds: ['s1', 's2'], foldedModelIds: ['m1', 'm2', 'm3'] };
    expect(labels({ ...folded, search: '10' })).toEqual(['Berlin', 'Storm', '10-2']);
    expect(labels({ ...folded, search: 'korn' })).toEqual(['Berlin', 'Kornit', '300']);
    expect(labels({ ...folded, search: 'LYON' })).toEqual(['Lyon', 'Atlas', '40']);
    expect(labels({ search: 'nothing like it' })).toEqual([]);
    const nicknamed = indexTree({
      ...data,
      systems: data.systems.map((system) =>
        system.name === '300' ? { ...system, systemNickName: 'Big One' } : system,
      ),
    });
    const rows = buildTreeRows(nicknamed, EMPTY_SELECTION, { ...open, search: 'big' });
    expect(rows.map((row) => [row.label, row.nickname])).toEqual([
      ['Berlin', undefined],
      ['Kornit', undefined],
      ['300', 'Big One'],
    ]);
  });

  it('disables site and model toggles in single-printer mode', () => {
    const rows = buildTreeRows(index, EMPTY_SELECTION, { ...open, singlePrinter: true });
    expect(rows.filter((row) => row.disabled).map((row) => row.kind)).toEqual([
      'site',
      'model',
      'model',
      'site',
      'model',
    ]);
  });

  it('without low-level select, a selected parent checks and disables its children', () => {
    const selection = toggleSystem(data, toggleSystem(data, EMPTY_SELECTION, '9-1'), '10-2');
    const rows = buildTreeRows(index, selection, { ...open, lowLevelSelect: false });
    const state = rows.map((row) => `${row.label}:${row.check}${row.disabled ? ':disabled' : ''}`);
    expect(state.slice(0, 4)).toEqual([
      'Berlin:partial',
      'Storm:checked',
      '9-1:checked:disabled',
      '10-2:checked:disabled',
    ]);
    const all = buildTreeRows(index, selectAll(data), { ...open, lowLevelSelect: false });
    expect(all.filter((row) => row.disabled).map((row) => row.label)).toEqual([
      'Storm',
      '9-1',
      '10-2',
      'Kornit',
      '300',
      'Atlas',
      '40',
    ]);
    expect(buildTreeRows(index, selection, open).some((row) => row.disabled)).toBe(false);
  });
});
