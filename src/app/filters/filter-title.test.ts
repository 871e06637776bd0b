import { describe, expect, it } from 'vitest';
import { clockHourLabel, customRangeTitle, periodTitle } from './filter-title.ts';

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

describe('custom range titles', () => {
  const range = {
    startDate: '2024-02-01',
    endDate: '2024-02-10',
    startTime: { hour: 5, period: 'AM' as const },
    endTime: { hour: 11, period: 'PM' as const },
  };

  it('names hours as the picker shows them', () => {
    expect(clockHourLabel({ hour: 12, period: 'AM' })).toBe('12:00 AM');
    expect(clockHourLabel({ hour: 5, period: 'PM' })).toBe('05:00 PM');
  });

  it('names both ends with their hours, and without them on Jobs', () => {
    expect(customRangeTitle(range, true)).toBe('Feb 1, 2024 05:00 AM – Feb 10, 2024 11:00 PM');
    expect(customRangeTitle(range, false)).toBe('Feb 1, 2024 – Feb 10, 2024');
  });

  it('is empty while a date is missing', () => {
    expect(customRangeTitle({ ...range, endDate: null }, true)).toBe('');
  });
});
