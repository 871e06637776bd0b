import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { INK_COLOUR_CHART_ANSWER, INK_COLOUR_CHART_OPTIONS } from './fixtures.ts';
import { formatInkColourChartValue, selectInkColourChart } from './model.ts';
import { InkColourChartPanel } from './InkColourChartPanel.tsx';

describe('InkColourChartPanel', () => {
  it('shows the number at the options field with its units', () => {
    const data = selectInkColourChart(INK_COLOUR_CHART_ANSWER, INK_COLOUR_CHART_OPTIONS);
    render(
      <InkColourChartPanel
        options={INK_COLOUR_CHART_OPTIONS}
        data={data}
        title="Ink colour chart"
        systemGroup="DTG"
        width={320}
        height={144}
      />,
    );
    expect(screen.getByText('12.3k imp')).toBeDefined();
  });
});

describe('ink-colour-chart model', () => {
  it('selects the number at the options field', () => {
    expect(selectInkColourChart(INK_COLOUR_CHART_ANSWER, { field: 'year' })).toEqual({ value: 2024 });
  });

  it('shows the value without units when the options give none', () => {
    expect(formatInkColourChartValue({ value: 1_500_000 }, { field: 'weekRecord' })).toBe('1.5M');
  });
});
