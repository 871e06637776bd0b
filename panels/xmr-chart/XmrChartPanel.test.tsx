import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { t } from '../../src/runtime/panel-sdk-text.ts';
import { buildXmrOption, XMR_COLOURS } from './chart-option.ts';
import { XMR_CHART_ANSWER, XMR_CHART_OPTIONS, XMR_CHART_WEEK_ANSWER } from './fixtures.ts';
import { selectXmrChart, type XmrChartData } from './model.ts';
import { XmrChartPanel } from './XmrChartPanel.tsx';

type Option = {
  series: {
    name: string;
    data: ({ value?: number; itemStyle?: { color: string } } | number | string)[];
    lineStyle?: { type: string };
  }[];
};

const dataOf = (answer: typeof XMR_CHART_ANSWER): XmrChartData => {
  const data = selectXmrChart(answer);
  if (data === null) throw new Error('data expected');
  return data;
};

describe('xmr-chart model', () => {
  it('labels the intervals on the site clock and counts the flagged points', () => {
    const data = dataOf(XMR_CHART_ANSWER);
    expect(data.per).toEqual({ kind: 'interval', minutes: 20 });
    expect(data.points.map((point) => point.label)).toEqual(['06:00', '06:20', '06:40', '07:00']);
    expect(data.flagged).toBe(2);
    expect(data.upperNaturalLimit).toBe(153.2);
  });

  it('labels a week’s points by weekday, day and shift, each with its target', () => {
    const data = dataOf(XMR_CHART_WEEK_ANSWER);
    expect(data.per).toEqual({ kind: 'shift' });
    expect(data.points.map((point) => point.label)).toEqual([
      'Mon 30 Early',
      'Mon 30 Late',
      'Tue 31 Early',
      'Tue 31 Late',
      'Wed 1 Early',
    ]);
    expect(data.points.map((point) => point.target)).toEqual([1000, 1000, 1000, 1000, 1000]);
  });

  it('is empty without points', () => {
    expect(
      selectXmrChart({
        ...XMR_CHART_ANSWER,
        xmrImpressionsResponseData: { ...XMR_CHART_ANSWER.xmrImpressionsResponseData, points: [] },
      }),
    ).toBeNull();
  });

  it('draws flagged points red, the running one grey, and the limits as dashed lines on both charts', () => {
    const option = buildXmrOption(dataOf(XMR_CHART_ANSWER), XMR_CHART_OPTIONS, 20, t) as Option;
    expect(option.series.map((series) => series.name)).toEqual([
      'Impressions',
      'Centre line',
      'Upper limit',
      'Lower limit',
      'Moving range',
      'Average moving range',
      'Moving-range limit',
    ]);
    const colours = option.series[0]?.data.map((point) => (typeof point === 'object' ? point.itemStyle?.color : null));
    expect(colours).toEqual([XMR_COLOURS.series, XMR_COLOURS.flagged, XMR_COLOURS.series, XMR_COLOURS.partial]);
    expect(option.series[2]?.data).toEqual([153.2, 153.2, 153.2, 153.2]);
    expect(option.series[2]?.lineStyle?.type).toBe('dashed');
  });

  it('draws no lower limit when the answer has none, and each shift’s target', () => {
    const option = buildXmrOption(dataOf(XMR_CHART_WEEK_ANSWER), XMR_CHART_OPTIONS, 20, t) as Option;
    const names = option.series.map((series) => series.name);
    expect(names).not.toContain('Lower limit');
    expect(names).toContain('Upper limit');
    expect(option.series.find((series) => series.name === 'Target')?.data).toEqual([1000, 1000, 1000, 1000, 1000]);
  });
});

describe('XmrChartPanel', () => {
  const props = { title: 'Impressions (XMR)', systemGroup: 'Apollo' as const, width: 900, height: 480 };

  it('shows a day’s intervals with both limits', () => {
    render(<XmrChartPanel options={XMR_CHART_OPTIONS} data={dataOf(XMR_CHART_ANSWER)} {...props} />);
    expect(screen.getByText('Impressions / 20 min')).toBeDefined();
    expect(screen.getByText('Centre 100 · limits 47–153 · 2 flagged')).toBeDefined();
    expect(screen.getByRole('img', { name: /^Impressions \(XMR\): 4 intervals,/ })).toBeDefined();
  });

  it('shows one point per shift of a week, against their targets, and says there is no lower limit', () => {
    render(<XmrChartPanel options={XMR_CHART_OPTIONS} data={dataOf(XMR_CHART_WEEK_ANSWER)} {...props} />);
    expect(screen.getByText('Impressions / shift')).toBeDefined();
    expect(screen.getByText('Target')).toBeDefined();
    expect(screen.getByText('Centre 900 · upper limit 1964 · no lower limit · 0 flagged')).toBeDefined();
    expect(screen.getByRole('img', { name: /^Impressions \(XMR\): 5 shifts,/ })).toBeDefined();
  });
});
