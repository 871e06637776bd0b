import { describe, expect, it } from 'vitest';
import { selectionFromQuery, selectionQueryValues, withoutSelection } from './selection-query.ts';

describe('selection in the URL query', () => {
  it('writes sites, models and systems and reads them back', () => {
    const selection = { siteIds: ['s1'], modelIds: ['m1', 'm2'], serials: ['10-2', '300'] };
    const values = selectionQueryValues(selection);
    expect(values).toEqual({ sites: 's1', models: 'm1,m2', systems: '10-2,300' });
    const query = new URLSearchParams(values as Record<string, string>);
    expect(query.toString()).toBe('sites=s1&models=m1%2Cm2&systems=10-2%2C300');
    expect(selectionFromQuery(query)).toEqual(selection);
  });

  it('keeps the default selection out of the URL and an empty one in it', () => {
    expect(selectionQueryValues(null)).toEqual({ sites: null, models: null, systems: null });
    expect(selectionQueryValues({ siteIds: [], modelIds: [], serials: [] })).toEqual({
      sites: '',
      models: '',
      systems: '',
    });
    expect(selectionFromQuery(new URLSearchParams('day=2024-01-01'))).toBeUndefined();
    expect(selectionFromQuery(new URLSearchParams('systems='))).toEqual({ siteIds: [], modelIds: [], serials: [] });
  });

  it('drops the selection keys and keeps the rest', () => {
    expect(withoutSelection(new URLSearchParams('timeframe=week&sites=a&models=b&systems=c')).toString()).toBe(
      'timeframe=week',
    );
  });
});
