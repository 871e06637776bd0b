import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { t } from '../../src/runtime/panel-sdk-text.ts';
import { barLabel, buildInkColourOption } from './chart-option.ts';
import { COMPARISON_OPTIONS, CONSUMPTION_OPTIONS, EMPTY_GRAPHS, WEEK_GRAPHS } from './fixtures.ts';
import { InkColourChartPanel } from './InkColourChartPanel.tsx';
import { selectInkColourChart, type InkColourChartData } from './model.ts';

describe('ink-colour-chart', () => {
  it('is empty when no colour was used', () => {
    expect(selectInkColourChart(EMPTY_GRAPHS, CONSUMPTION_OPTIONS)).toBeNull();
  });

  it('shows each colour with its ml and share', () => {
    const data = selectInkColourChart(WEEK_GRAPHS, CONSUMPTION_OPTIONS);
    expect(data?.bars.map((bar) => barLabel(bar, t))).toEqual(['5.9k ml · 50%', '3.5k ml · 30%', '2.4k ml · 20%']);
    const option = data === null ? null : buildInkColourOption(data, t);
    expect(option?.series).toHaveLength(1);
    // The answer's 'black' and 'white' on the axis (and so in the tooltip) as the system page's ink table names them.
    expect(option?.yAxis.data).toEqual(['Color', 'Black', 'White']);
  });

  it('names each colour by its word for screen readers too', () => {
    const data = selectInkColourChart(WEEK_GRAPHS, CONSUMPTION_OPTIONS) as InkColourChartData;
    render(
      <InkColourChartPanel
        options={CONSUMPTION_OPTIONS}
        data={data}
        title="Colour Consumption"
        systemGroup="DTG"
        width={480}
        height={240}
      />,
    );
    expect(
      screen.getByRole('img', {
        name: 'Colour Consumption: Color 5.9k ml · 50%; Black 3.5k ml · 30%; White 2.4k ml · 20%',
      }),
    ).toBeDefined();
  });

  it('compares each colour with the previous period, in the legend of the period', () => {
    const data = selectInkColourChart(WEEK_GRAPHS, COMPARISON_OPTIONS);
    expect(data?.bars.map((bar) => barLabel(bar, t))).toEqual(['5.9k ml · +18.00%', '3.5k ml · -11.50%', '2.4k ml']);
    const option = data === null ? null : buildInkColourOption(data, t);
    expect(option?.series.map((series) => [series.name, series.data])).toEqual([
      ['Selected week', [5_900, 3_540, 2_360]],
      ['Previous week', [5_000, 4_000, 0]],
    ]);
  });

  it("names a month's previous period as the Jobs cards do, 'From previous month' (not a custom period's 'From last year')", () => {
    const month = {
      timeframe: 'month',
      startDay: '2024-03-01',
      endDay: '2024-03-31',
      startHour: 0,
      endHour: 23,
    } as const;
    const data = selectInkColourChart({ ...WEEK_GRAPHS, period: month }, COMPARISON_OPTIONS);
    expect(data?.comparison).toEqual({ compared: 'period', basis: 'month' });
  });
});
