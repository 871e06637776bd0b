import { describe, expect, it } from 'vitest';
import type { FilterData } from './filter-data.ts';
import {
  EMPTY_SELECTION,
  firstSystem,
  isAllSelected,
  selectAll,
  selectSingle,
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
});
