import { describe, expect, it } from 'vitest';
import { periodParams } from './system-data.ts';

describe('periodParams', () => {
  it('asks for the day, the week of the Monday, or the applied custom range', () => {
    expect(periodParams({ systemGroup: 'DTG', timeframe: 'day', day: '2024-03-05' })).toEqual({
      systemGroup: 'DTG',
      day: '2024-03-05',
    });
    expect(periodParams({ systemGroup: 'DTF', timeframe: 'week', day: '2024-03-04' })).toEqual({
      systemGroup: 'DTF',
      week: '2024-03-04',
    });
    expect(
      periodParams(
        { systemGroup: 'Apollo', timeframe: 'custom', day: '2024-03-05' },
        '2024-03-01T05:00/2024-03-04T23:00',
      ),
    ).toEqual({ systemGroup: 'Apollo', custom: '2024-03-01T05:00/2024-03-04T23:00' });
  });

  it('asks for the selected day while no custom range is applied', () => {
    expect(periodParams({ systemGroup: 'DTG', timeframe: 'custom', day: '2024-03-05' })).toEqual({
      systemGroup: 'DTG',
      day: '2024-03-05',
    });
  });
});
