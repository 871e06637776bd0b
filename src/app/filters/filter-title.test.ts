import { describe, expect, it } from 'vitest';
import { periodTitle } from './filter-title.ts';

describe('periodTitle', () => {
  it('names a day in full', () => {
    expect(periodTitle('2026-11-22', 'day')).toBe('November 22, 2026');
  });

  it('names a week from Monday to Sunday', () => {
    expect(periodTitle('2026-11-16', 'week')).toBe('Nov 16 – Nov 22, 2026');
    expect(periodTitle('2025-12-29', 'week')).toBe('Dec 29, 2025 – Jan 4, 2026');
  });

  it('is empty until there is a date', () => {
    expect(periodTitle('', 'day')).toBe('');
  });
});
