import { describe, expect, it } from 'vitest';
import type { ScopeData } from '../../../api/scope-data.ts';
import {
  buildScopeTree,
  checkboxSelectionOf,
  checkedKeysOf,
  scopeIdsOf,
  EVERYTHING,
  grantableWithin,
} from './scope-tree.model.ts';

/** Spec shell §3 "Scope hierarchy": customer → site → system (serial number); a parent covers its children. */

const system = (id: string, siteId: string, customerId: string) => ({
  id,
  serialNumber: `SN-${id}`,
  customerId,
  siteId,
  modelId: 'm1',
  systemGroup: 'DTG' as const,
  systemNickName: null,
  isEverReported: true,
});

const DATA: ScopeData = {
  customers: [
    { id: 'c1', name: 'Northwind East', importedCustomerId: 'E' },
    { id: 'c2', name: 'Northwind West', importedCustomerId: 'W' },
  ],
  sites: [
    { id: 's1', name: 'Hall 1', customerId: 'c1', timeZone: 'UTC' },
    { id: 's2', name: 'Hall 2', customerId: 'c1', timeZone: 'UTC' },
    { id: 's3', name: 'Depot', customerId: 'c2', timeZone: 'UTC' },
  ],
  systems: [system('a', 's1', 'c1'), system('b', 's1', 'c1'), system('c', 's2', 'c1'), system('d', 's3', 'c2')],
};
const tree = buildScopeTree(DATA);

describe('scope tree', () => {
  it('nests customers, sites and systems labelled by serial number', () => {
    expect(tree.map((node) => node.label)).toEqual(['Northwind East', 'Northwind West']);
    expect(tree[0]?.children.map((node) => node.label)).toEqual(['Hall 1', 'Hall 2']);
    expect(tree[0]?.children[0]?.children.map((node) => node.label)).toEqual(['SN-a', 'SN-b']);
  });

  it('saves the highest fully checked node: all of a site is the site, all of a customer the customer', () => {
    expect(scopeIdsOf(new Set(['system:a']), tree)).toEqual({ customerIds: [], siteIds: [], systemIds: ['a'] });
    expect(scopeIdsOf(new Set(['system:a', 'system:b']), tree)).toEqual({
      customerIds: [],
      siteIds: ['s1'],
      systemIds: [],
    });
    expect(scopeIdsOf(new Set(['system:a', 'system:b', 'system:c', 'system:d']), tree)).toEqual({
      customerIds: ['c1', 'c2'],
      siteIds: [],
      systemIds: [],
    });
    expect(scopeIdsOf(new Set(), tree)).toEqual(EVERYTHING);
  });

  it('a saved parent checks all its children, and the checkbox state marks partly checked parents', () => {
    const checked = checkedKeysOf({ customerIds: [], siteIds: ['s1'], systemIds: ['d'] }, tree);
    // Depot holds only d, and Northwind West only Depot: checked through their only child.
    expect([...checked].sort()).toEqual(
      ['customer:c2', 'site:s1', 'site:s3', 'system:a', 'system:b', 'system:d'].sort(),
    );
    const selection = checkboxSelectionOf(checked, tree);
    expect(selection['customer:c1']).toEqual({ checked: false, partialChecked: true });
    expect(selection['customer:c2']).toEqual({ checked: true, partialChecked: false });
    expect(selection['site:s1']).toEqual({ checked: true, partialChecked: false });
    expect(selection['site:s2']).toBeUndefined();
  });

  it('a restricted admin grants a parent as a whole only where their own scope holds it', () => {
    const everything = new Set(['system:a', 'system:b', 'system:c', 'system:d']);
    const hallOneAdmin = grantableWithin({ customerIds: [], siteIds: ['s1'], systemIds: ['d'] });
    expect(scopeIdsOf(everything, tree, hallOneAdmin)).toEqual({
      customerIds: [],
      siteIds: ['s1'],
      systemIds: ['c', 'd'],
    });
    expect(scopeIdsOf(everything, tree, grantableWithin(EVERYTHING))).toEqual({
      customerIds: ['c1', 'c2'],
      siteIds: [],
      systemIds: [],
    });
  });

  it('hangs a site or system whose parent the admin does not see one level up', () => {
    const orphans = buildScopeTree({
      customers: [],
      sites: [],
      systems: [system('x', 'unseen-site', 'unseen-customer')],
    });
    expect(orphans.map((node) => node.key)).toEqual(['system:x']);
  });
});
