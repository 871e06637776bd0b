import { describe, expect, it } from 'vitest';
import { buildXmrOption, XMR_COLOURS } from './chart-option.ts';
import { XMR_CHART_ANSWER, XMR_CHART_OPTIONS } from './fixtures.ts';
import { selectXmrChart } from './model.ts';

describe('xmr-chart model', () => {
  it('labels the intervals on the site clock and counts the flagged points', () => {
    const data = selectXmrChart(XMR_CHART_ANSWER);
    expect(data?.points.map((point) => point.label)).toEqual(['06:00', '06:15', '06:30', '06:45']);
    expect(data?.flagged).toBe(2);
    expect(data?.upperNaturalLimit).toBe(153.2);
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
    const data = selectXmrChart(XMR_CHART_ANSWER);
    if (data === null) throw new Error('data expected');
    const option = buildXmrOption(data, XMR_CHART_OPTIONS, 20) as {
      series: { name: string; data: ({ itemStyle?: { color: string } } | number)[]; lineStyle?: { type: string } }[];
    };
    const names = option.series.map((series) => series.name);
    expect(names).toEqual([
      'Impressions',
      'Centre line',
      'Upper limit',
      'Lower limit',
      'Moving range',
      'Average moving range',
      'Moving-range limit',
    ]);
    const colours = option.series[0]?.data.map((point) => (typeof point === 'number' ? null : point.itemStyle?.color));
    expect(colours).toEqual([XMR_COLOURS.series, XMR_COLOURS.flagged, XMR_COLOURS.series, XMR_COLOURS.partial]);
    expect(option.series[2]?.data).toEqual([153.2, 153.2, 153.2, 153.2]);
    expect(option.series[2]?.lineStyle?.type).toBe('dashed');
  });
});
