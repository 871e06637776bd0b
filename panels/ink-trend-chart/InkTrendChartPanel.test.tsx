import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { INK_TREND_CHART_ANSWER, INK_TREND_CHART_OPTIONS } from './fixtures.ts';
import { formatInkTrendChartValue, selectInkTrendChart } from './model.ts';
import { InkTrendChartPanel } from './InkTrendChartPanel.tsx';

describe('InkTrendChartPanel', () => {
  it('shows the number at the options field with its units', () => {
    const data = selectInkTrendChart(INK_TREND_CHART_ANSWER, INK_TREND_CHART_OPTIONS);
    render(
      <InkTrendChartPanel
        options={INK_TREND_CHART_OPTIONS}
        data={data}
        title="Ink trend chart"
        systemGroup="DTG"
        width={320}
        height={144}
      />,
    );
    expect(screen.getByText('12.3k imp')).toBeDefined();
  });
});

describe('ink-trend-chart model', () => {
  it('selects the number at the options field', () => {
    expect(selectInkTrendChart(INK_TREND_CHART_ANSWER, { field: 'year' })).toEqual({ value: 2024 });
  });

  it('shows the value without units when the options give none', () => {
    expect(formatInkTrendChartValue({ value: 1_500_000 }, { field: 'weekRecord' })).toBe('1.5M');
  });
});
