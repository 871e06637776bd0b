import { describe, expect, it } from 'vitest';
import { tableColumnKeysIn } from './options.ts';

describe('table options: the column keys they name', () => {
  it("lists each column's key and each key hidden when narrow, with its pointer within the options", () => {
    const options = {
      columns: [{ key: 'colour' }, { key: 'consumed', label: 'Used (ml)', decimals: 0 }],
      hideWhenNarrow: ['share'],
      maxRows: 5,
    };
    expect(tableColumnKeysIn(options)).toEqual([
      { pointer: '/columns/0/key', key: 'colour' },
      { pointer: '/columns/1/key', key: 'consumed' },
      { pointer: '/hideWhenNarrow/0', key: 'share' },
    ]);
  });

  it('names none when the options choose no columns', () => {
    expect(tableColumnKeysIn({})).toEqual([]);
  });
});
