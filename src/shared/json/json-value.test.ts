import { describe, expect, it } from 'vitest';
import { isRecord, valueAt } from './json-value.ts';

describe('isRecord', () => {
  it('accepts objects and arrays, not null or primitives', () => {
    expect([{}, [], { a: 1 }].map(isRecord)).toEqual([true, true, true]);
    expect([null, undefined, 0, 'a', true].map(isRecord)).toEqual([false, false, false, false, false]);
  });
});

describe('valueAt', () => {
  const answer = { period: { timeframe: 'day' }, cards: [{ value: 3 }], zero: 0 };

  it('reads a property or a dotted path', () => {
    expect(valueAt(answer, 'zero')).toBe(0);
    expect(valueAt(answer, 'period.timeframe')).toBe('day');
    expect(valueAt(answer, 'cards.0.value')).toBe(3);
  });

  it('is undefined where a step is missing or not an object', () => {
    expect(valueAt(answer, 'period.missing')).toBeUndefined();
    expect(valueAt(answer, 'zero.value')).toBeUndefined();
    expect(valueAt(null, 'period')).toBeUndefined();
  });
});
