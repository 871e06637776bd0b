import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import {
  IMPRESSIONS_OPTIONS,
  SHIFT_OPTIONS,
  SHIFT_PERFORMANCE_ANSWER,
  SHIFT_PERFORMANCE_WEEK_ANSWER,
} from './fixtures.ts';
import { renderPanel } from '../../src/runtime/panel-sdk-testing.tsx';
import { t } from '../../src/runtime/panel-sdk-text.ts';
import { selectShiftPerformance, shiftTexts, type ShiftPerformanceData } from './model.ts';
import type { ShiftPerformanceOptions } from './options.ts';
import { ShiftPerformancePanel } from './ShiftPerformancePanel.tsx';

/** The TV dashboard's cell of a shift panel, showing one answer with the options given. */
const renderShift = (options: ShiftPerformanceOptions, data: ShiftPerformanceData) =>
  renderPanel(ShiftPerformancePanel, { options, data, title: 'Current shift', systemGroup: 'Apollo', height: 240 });

describe('ShiftPerformancePanel', () => {
  it('shows the shift and its start on the site clock', () => {
    renderShift(SHIFT_OPTIONS, selectShiftPerformance(SHIFT_PERFORMANCE_ANSWER));
    expect(screen.getByText('Early shift')).toBeDefined();
    // 04:00Z is 06:00 in Berlin (CEST).
    expect(screen.getByText('Started 06:00 · Tue, Mar 31 · until 14:00')).toBeDefined();
  });

  it('shows the impressions against the target with the percentage', () => {
    renderShift(IMPRESSIONS_OPTIONS, selectShiftPerformance(SHIFT_PERFORMANCE_ANSWER));
    expect(screen.getByText('1,330')).toBeDefined();
    expect(screen.getByText('of 1,000 impressions')).toBeDefined();
    expect(screen.getByLabelText('133% of the shift target')).toBeDefined();
  });
});

describe('ShiftPerformancePanel over a week', () => {
  it('shows the week, its shifts so far, and their impressions against the week’s target', () => {
    const data = selectShiftPerformance(SHIFT_PERFORMANCE_WEEK_ANSWER);
    const { unmount } = renderShift(SHIFT_OPTIONS, data);
    expect(screen.getByText('Week of Mar 30')).toBeDefined();
    expect(screen.getByText('Mon, Mar 30 – Sun, Apr 5 · 5 shifts so far')).toBeDefined();
    unmount();
    renderShift(IMPRESSIONS_OPTIONS, data);
    expect(screen.getByText('3,650')).toBeDefined();
    expect(screen.getByText('of 12,000 impressions')).toBeDefined();
    expect(screen.getByLabelText('30% of the period target')).toBeDefined();
  });

  it('names a custom range by its first and last hour', () => {
    const data = selectShiftPerformance({
      ...SHIFT_PERFORMANCE_WEEK_ANSWER,
      timeframe: 'custom',
      periodStart: '2026-03-30T04:00:00.000Z',
      periodEnd: '2026-04-01T20:00:00.000Z',
      isShiftRunning: false,
    });
    expect(data.scope).toBe('period');
    expect(shiftTexts(data, t)).toEqual({
      shiftLabel: 'Custom period',
      shiftTimes: 'Mon, Mar 30 06:00 – Wed, Apr 1 22:00 · 5 shifts',
    });
  });
});

describe('shift-performance model', () => {
  /** The fixture's shift with `changes` to its answer. */
  const shiftWith = (changes: Partial<typeof SHIFT_PERFORMANCE_ANSWER>) =>
    selectShiftPerformance({ ...SHIFT_PERFORMANCE_ANSWER, ...changes });

  it('says when the shift ended, and gives -- without a target', () => {
    const data = shiftWith({ isShiftRunning: false, shiftImpTarget: null, impRatio: null });
    expect(shiftTexts(data, t).shiftTimes).toBe('Ended 14:00 · Tue, Mar 31 (06:00–14:00)');
    expect(data).toMatchObject({ percentage: '--', band: null });
  });

  it('has no shift times without a shift', () => {
    const data = shiftWith({ currentShiftType: null, currentShiftStartDate: null, currentShiftEndDate: null });
    expect(shiftTexts(data, t)).toEqual({ shiftLabel: 'No shift', shiftTimes: null });
  });
});
