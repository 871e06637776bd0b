import { describe, expect, it } from 'vitest';
import type { FilterData } from './filter-data.ts';
import {
  EMPTY_SELECTION,
  firstSystem,
  isAllSelected,
  isPartialSelection,
  normaliseSelection,
  selectAll,
  selectSingle,
  toSinglePrinter,
  toggleAll,
  toggleModel,
  toggleSite,
  toggleSystem,
} from './selection.ts';
import { TWO_SITE_TREE } from './two-site-tree.fixture.ts';

const data: FilterData = {
  startDate: '2025-01-01',
  endDate: '2026-03-05',
  ...TWO_SITE_TREE,
};

describe('machine tree selection (spec reports §4)', () => {
  it("'All' selects everything when nothing is selected, otherwise clears", () => {
    expect(toggleAll(data, EMPTY_SELECTION)).toEqual(selectAll(data));
    expect(isAllSelected(data, selectAll(data))).toBe(true);
    expect(toggleAll(data, selectAll(data))).toEqual(EMPTY_SELECTION);
    const partial = toggleSystem(data, EMPTY_SELECTION, '40');
    expect(toggleAll(data, partial)).toEqual(EMPTY_SELECTION);
  });

  it('the first system of a model and site adds them; deselecting the last removes them', () => {
    const one = toggleSystem(data, EMPTY_SELECTION, '9-1');
    expect(one).toEqual({ siteIds: ['s1'], modelIds: ['m1'], serials: ['9-1'] });
    const two = toggleSystem(data, one, '10-2');
    expect(two).toEqual({ siteIds: ['s1'], modelIds: ['m1'], serials: ['10-2', '9-1'] });
    const three = toggleSystem(data, two, '300');
    expect(three.modelIds).toEqual(['m1', 'm2']);
    expect(toggleSystem(data, toggleSystem(data, three, '300'), '10-2')).toEqual(one);
    expect(toggleSystem(data, one, '9-1')).toEqual(EMPTY_SELECTION);
  });

  it('a site selects or clears its models and systems', () => {
    const site = toggleSite(data, EMPTY_SELECTION, 's1');
    expect(site).toEqual({ siteIds: ['s1'], modelIds: ['m1', 'm2'], serials: ['10-2', '9-1', '300'] });
    expect(toggleSite(data, site, 's1')).toEqual(EMPTY_SELECTION);
    expect(toggleSite(data, selectAll(data), 's2')).toEqual(site);
  });

  it('a model selects or clears its systems and its site follows', () => {
    const model = toggleModel(data, EMPTY_SELECTION, 'm2');
    expect(model).toEqual({ siteIds: ['s1'], modelIds: ['m2'], serials: ['300'] });
    expect(toggleModel(data, model, 'm2')).toEqual(EMPTY_SELECTION);
    expect(toggleModel(data, selectAll(data), 'm1')).toEqual({
      siteIds: ['s1', 's2'],
      modelIds: ['m2', 'm3'],
      serials: ['300', '40'],
    });
  });

  it('single-printer selection sets exactly one site, model and serial', () => {
    expect(selectSingle(data, '40')).toEqual({ siteIds: ['s2'], modelIds: ['m3'], serials: ['40'] });
    expect(selectSingle(data, 'nope')).toBeNull();
    expect(firstSystem(data)?.name).toBe('40');
  });

  it('ignores unknown ids', () => {
    expect(toggleSystem(data, EMPTY_SELECTION, 'nope')).toBe(EMPTY_SELECTION);
    expect(toggleModel(data, EMPTY_SELECTION, 'nope')).toBe(EMPTY_SELECTION);
  });

  it('a partly selected model or site is cleared by its toggle', () => {
    const partial = toggleSystem(data, EMPTY_SELECTION, '9-1');
    expect(toggleModel(data, partial, 'm1')).toEqual(EMPTY_SELECTION);
    expect(toggleSite(data, partial, 's1')).toEqual(EMPTY_SELECTION);
  });

  it('toggles one branch of a model that stands at two sites', () => {
    const shared: FilterData = {
      ...data,
      models: [...data.models, { id: 'm1', name: 'Storm', siteId: 's2' }],
      systems: [...data.systems, { id: 'e', name: '77', siteId: 's2', modelId: 'm1', isEverReported: true }],
    };
    expect(toggleModel(shared, EMPTY_SELECTION, 'm1', 's2')).toEqual({
      siteIds: ['s2'],
      modelIds: ['m1'],
      serials: ['77'],
    });
    const both = toggleModel(shared, toggleModel(shared, EMPTY_SELECTION, 'm1', 's2'), 'm1', 's1');
    expect(both.serials).toEqual(['10-2', '9-1', '77']);
    expect(toggleModel(shared, both, 'm1', 's1')).toEqual({ siteIds: ['s2'], modelIds: ['m1'], serials: ['77'] });
  });

  it('normalises a selection: unknown ids dropped, parents follow their systems', () => {
    expect(
      normaliseSelection(data, { siteIds: ['s2', 'gone'], modelIds: ['m3'], serials: ['300', 'gone', '9-1'] }),
    ).toEqual({ siteIds: ['s1'], modelIds: ['m1', 'm2'], serials: ['9-1', '300'] });
    const withEmptySite: FilterData = { ...data, sites: [...data.sites, { id: 's3', name: 'Empty' }] };
    expect(normaliseSelection(withEmptySite, { siteIds: ['s3'], modelIds: [], serials: [] })).toEqual({
      siteIds: ['s3'],
      modelIds: [],
      serials: [],
    });
    expect(selectAll(withEmptySite).siteIds).toEqual(['s1', 's2', 's3']);
  });

  it('a partial selection is neither nothing nor every system', () => {
    expect(isPartialSelection(data, EMPTY_SELECTION)).toBe(false);
    expect(isPartialSelection(data, selectAll(data))).toBe(false);
    expect(isPartialSelection(data, toggleSystem(data, EMPTY_SELECTION, '40'))).toBe(true);
  });

  it('reduces a selection to one printer for single-printer reports', () => {
    expect(toSinglePrinter(data, { siteIds: [], modelIds: [], serials: ['300', '10-2'] })).toEqual({
      siteIds: ['s1'],
      modelIds: ['m1'],
      serials: ['10-2'],
    });
    expect(toSinglePrinter(data, { siteIds: [], modelIds: [], serials: ['gone'] })).toEqual(selectSingle(data, '40'));
    expect(toSinglePrinter({ ...data, sites: [], models: [], systems: [] }, selectAll(data))).toEqual(EMPTY_SELECTION);
  });
});
