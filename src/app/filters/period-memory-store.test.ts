import { afterEach, describe, expect, it } from 'vitest';
import { act, renderHook } from '@testing-library/react';
import {
  forgetAppliedPeriods,
  rememberAppliedPeriod,
  usePeriodMemory,
  withRememberedPeriod,
} from './period-memory-store.ts';

const OVERVIEW_LINK = '/reports/overview?selectedSystemGroup=DTG';

describe('report links with the remembered period', () => {
  afterEach(forgetAppliedPeriods);

  it('leave a link alone while nothing is remembered (the report opens on its default)', () => {
    const { result } = renderHook(() => usePeriodMemory());
    expect(withRememberedPeriod(OVERVIEW_LINK, 'overview', 'DTG', result.current)).toBe(OVERVIEW_LINK);
  });

  it("add the period's URL keys, the custom range's ends included", () => {
    rememberAppliedPeriod('overview', 'DTG', {
      timeframe: 'custom',
      day: '2024-03-05',
      customFrom: '2024-03-01T05:00',
      customTo: '2024-03-04T17:00',
    });
    const { result } = renderHook(() => usePeriodMemory());
    const link = new URL(withRememberedPeriod(OVERVIEW_LINK, 'overview', 'DTG', result.current), 'https://portal.test');
    expect(link.pathname).toBe('/reports/overview');
    expect(Object.fromEntries(link.searchParams)).toEqual({
      selectedSystemGroup: 'DTG',
      timeframe: 'custom',
      day: '2024-03-05',
      from: '2024-03-01T05:00',
      to: '2024-03-04T17:00',
    });
  });

  it('tell the components that read them when a period is applied', () => {
    const { result } = renderHook(() => usePeriodMemory());
    act(() => rememberAppliedPeriod('jobs', 'DTG', { timeframe: 'month', day: '2024-03-01' }));
    expect(withRememberedPeriod('/reports/jobs?selectedSystemGroup=DTG', 'jobs', 'DTG', result.current)).toBe(
      '/reports/jobs?selectedSystemGroup=DTG&timeframe=month&day=2024-03-01',
    );
  });
});
