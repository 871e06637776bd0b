import { describe, expect, it } from 'vitest';
import { buildQuery } from './build-query.ts';

describe('buildQuery', () => {
  it('returns an empty string when nothing is left to send', () => {
    expect(buildQuery({})).toBe('');
    expect(buildQuery({ a: undefined, b: null })).toBe('');
  });

  it('skips undefined and null values', () => {
    expect(buildQuery({ day: '2024-03-05', week: undefined, systemGroup: null })).toBe('?day=2024-03-05');
  });

  it('sends dates as date strings', () => {
    expect(buildQuery({ from: new Date('2024-03-05T09:30:00Z') })).toBe('?from=2024-03-05T09%3A30%3A00.000Z');
  });

  it('repeats the key for every array item', () => {
    expect(buildQuery({ systems: ['SN-1', 'SN-2'], empty: [] })).toBe('?systems=SN-1&systems=SN-2');
  });

  it('flattens nested objects into dotted keys', () => {
    expect(buildQuery({ range: { from: '2024-01-01', to: '2024-01-31', unit: undefined }, page: { size: 10 } })).toBe(
      '?range.from=2024-01-01&range.to=2024-01-31&page.size=10',
    );
  });

  it('writes numbers and booleans as text and encodes reserved characters', () => {
    expect(buildQuery({ offset: -2, live: true, name: 'a&b c' })).toBe('?offset=-2&live=true&name=a%26b+c');
  });
});
