import { describe, expect, it } from 'vitest';
import { customRangeFromQuery, customRangeQueryValues } from './custom-range-query.ts';

const range = {
  startDate: '2024-03-01',
  endDate: '2024-03-04',
  startTime: { hour: 5, period: 'AM' as const },
  endTime: { hour: 11, period: 'PM' as const },
};

describe('custom range in the URL', () => {
  it('writes both ends with their hour of day and reads them back', () => {
    const values = customRangeQueryValues(range);
    expect(values).toEqual({ from: '2024-03-01T05:00', to: '2024-03-04T23:00' });
    expect(customRangeFromQuery(new URLSearchParams({ from: values.from ?? '', to: values.to ?? '' }))).toEqual(range);
  });

  it('reads 12 AM and 12 PM as the picker shows them', () => {
    expect(
      customRangeFromQuery(new URLSearchParams({ from: '2024-03-01T00:00', to: '2024-03-01T12:00' })),
    ).toMatchObject({
      startTime: { hour: 12, period: 'AM' },
      endTime: { hour: 12, period: 'PM' },
    });
  });

  it('leaves the keys out without an applied range', () => {
    expect(customRangeQueryValues({ ...range, startDate: null, endDate: null })).toEqual({ from: null, to: null });
  });

  it.each([
    ['missing end', { from: '2024-03-01T05:00' }],
    ['not a day', { from: '2024-02-30T05:00', to: '2024-03-04T23:00' }],
    ['hour past 23', { from: '2024-03-01T24:00', to: '2024-03-04T23:00' }],
    ['minutes', { from: '2024-03-01T05:30', to: '2024-03-04T23:00' }],
  ])('ignores a malformed range (%s)', (_, values) => {
    expect(customRangeFromQuery(new URLSearchParams(values))).toBeUndefined();
  });
});
