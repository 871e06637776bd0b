import type { FilterData } from './filter-data.ts';

/**
 * Test fixture: a small machine tree — site s1: model m1 (serials 10-2, 9-1), model m2 (300); site s2: model m3 (40, never reported).
 * Serials are out of numeric order on purpose (serial sort drops dashes and compares numerically).
 */
export const TWO_SITE_TREE: Pick<FilterData, 'sites' | 'models' | 'systems'> = {
  sites: [
    { id: 's1', name: 'Berlin' },
    { id: 's2', name: 'Lyon' },
  ],
  models: [
    { id: 'm1', name: 'Storm', siteId: 's1' },
    { id: 'm2', name: 'Kornit', siteId: 's1' },
    { id: 'm3', name: 'Atlas', siteId: 's2' },
  ],
  systems: [
    { id: 'a', name: '10-2', siteId: 's1', modelId: 'm1', isEverReported: true },
    { id: 'b', name: '9-1', siteId: 's1', modelId: 'm1', isEverReported: true },
    { id: 'c', name: '300', siteId: 's1', modelId: 'm2', isEverReported: true },
    { id: 'd', name: '40', siteId: 's2', modelId: 'm3', isEverReported: false },
  ],
};
