import { describe, expect, it } from 'vitest';
import { compareSerials, sortBySerial } from './serial-sort.ts';

describe('serial sort', () => {
  it('compares numerically with dashes removed', () => {
    expect(['3-100', '20-1', '1-999', '201'].sort(compareSerials)).toEqual(['20-1', '201', '1-999', '3-100']);
    expect(compareSerials('12-3', '123')).not.toBe(0);
    expect(compareSerials('9', '10')).toBeLessThan(0);
  });

  it('puts serials that are not numbers after the numeric ones', () => {
    expect(['AB-1', '5', 'AA-2'].sort(compareSerials)).toEqual(['5', 'AA-2', 'AB-1']);
  });

  it('sorts items by their serial without changing the input', () => {
    const items = [{ serial: '10' }, { serial: '9' }];
    expect(sortBySerial(items, (item) => item.serial)).toEqual([{ serial: '9' }, { serial: '10' }]);
    expect(items[0]?.serial).toBe('10');
  });
});
