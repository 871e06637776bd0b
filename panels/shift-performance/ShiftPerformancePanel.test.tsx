import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { IMPRESSIONS_OPTIONS, SHIFT_OPTIONS, SHIFT_PERFORMANCE_ANSWER } from './fixtures.ts';
import { selectShiftPerformance } from './model.ts';
import { ShiftPerformancePanel } from './ShiftPerformancePanel.tsx';

const props = { title: 'Current shift', systemGroup: 'Apollo' as const, width: 600, height: 240 };

describe('ShiftPerformancePanel', () => {
  it('shows the shift and its start on the site clock', () => {
    render(
      <ShiftPerformancePanel
        options={SHIFT_OPTIONS}
        data={selectShiftPerformance(SHIFT_PERFORMANCE_ANSWER)}
        {...props}
      />,
    );
    expect(screen.getByText('Early shift')).toBeDefined();
    // 04:00Z is 06:00 in Berlin (CEST).
    expect(screen.getByText('Started 06:00 · Tue, Mar 31 · until 14:00')).toBeDefined();
  });

  it('shows the impressions against the target with the percentage', () => {
    render(
      <ShiftPerformancePanel
        options={IMPRESSIONS_OPTIONS}
        data={selectShiftPerformance(SHIFT_PERFORMANCE_ANSWER)}
        {...props}
      />,
    );
    expect(screen.getByText('1,330')).toBeDefined();
    expect(screen.getByText('of 1,000 impressions')).toBeDefined();
    expect(screen.getByLabelText('133% of the shift target')).toBeDefined();
  });
});

describe('shift-performance model', () => {
  it('says when the shift ended, and gives -- without a target', () => {
    const data = selectShiftPerformance({
      ...SHIFT_PERFORMANCE_ANSWER,
      isShiftRunning: false,
      shiftImpTarget: null,
      impRatio: null,
    });
    expect(data).toMatchObject({ shiftTimes: 'Ended 14:00 · Tue, Mar 31 (06:00–14:00)', percentage: '--', band: null });
  });

  it('has no shift times without a shift', () => {
    const data = selectShiftPerformance({
      ...SHIFT_PERFORMANCE_ANSWER,
      currentShiftType: null,
      currentShiftStartDate: null,
      currentShiftEndDate: null,
    });
    expect(data).toMatchObject({ shiftLabel: 'No shift', shiftTimes: null });
  });
});
