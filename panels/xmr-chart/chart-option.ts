import type { EChartOption } from '../../src/runtime/panel-sdk-echart.tsx';
import type { PanelT } from '../../src/runtime/panel-sdk.ts';
import type { XmrChartData } from './model.ts';
import type { XmrChartOptions } from './options.ts';

/** Colours for a dark TV panel: all ≥ 4.5:1 on #111827 except the dashed limit lines (marks, not text). */
export const XMR_COLOURS = {
  foreground: '#e5e7eb',
  grid: '#374151',
  series: '#60a5fa',
  flagged: '#f87171',
  partial: '#9ca3af',
  centre: '#4ade80',
  limit: '#facc15',
  target: '#c084fc',
} as const;

const constant = (name: string, value: number | null, count: number, colour: string, axis: number, dashed = true) =>
  value === null
    ? []
    : [
        {
          name,
          type: 'line' as const,
          xAxisIndex: axis,
          yAxisIndex: axis,
          data: Array.from({ length: count }, () => value),
          symbol: 'none',
          silent: true,
          lineStyle: { color: colour, width: 2, type: dashed ? ('dashed' as const) : ('solid' as const) },
          tooltip: { show: false },
        },
      ];

const wholeNumber = (value: unknown) =>
  typeof value === 'number' ? Math.round(value).toLocaleString('en-US') : String(value ?? '');

/**
 * The ECharts option: individuals (top, with each shift's target when the points are shifts) and moving ranges
 * (bottom), flagged points red, partial ones grey; no lower limit line when there is none.
 */
export function buildXmrOption(
  data: XmrChartData,
  options: XmrChartOptions,
  fontSize: number,
  t: PanelT,
): EChartOption {
  const withRange = options.showMovingRange !== false;
  const labels = data.points.map((point) => point.label);
  const count = labels.length;
  const axisText = { color: XMR_COLOURS.foreground, fontSize };
  const grids = withRange
    ? [
        { left: fontSize * 4, right: fontSize, top: fontSize, height: '52%' },
        { left: fontSize * 4, right: fontSize, top: '72%', bottom: fontSize * 2 },
      ]
    : [{ left: fontSize * 4, right: fontSize, top: fontSize, bottom: fontSize * 2 }];
  const xAxis = grids.map((_, index) => ({
    type: 'category' as const,
    gridIndex: index,
    data: labels,
    axisLabel: { ...axisText, show: index === grids.length - 1 },
    axisLine: { lineStyle: { color: XMR_COLOURS.grid } },
  }));
  const yAxis = grids.map((_, index) => ({
    type: 'value' as const,
    gridIndex: index,
    min: 0,
    // The moving-range chart is short: two steps keep its labels apart.
    splitNumber: index === 0 ? 5 : 2,
    axisLabel: axisText,
    splitLine: { lineStyle: { color: XMR_COLOURS.grid } },
  }));
  const colourOf = (flagged: boolean, partial: boolean) =>
    partial ? XMR_COLOURS.partial : flagged ? XMR_COLOURS.flagged : XMR_COLOURS.series;
  const series = [
    {
      name: t('panels.xmrChart.series.impressions'),
      type: 'line' as const,
      xAxisIndex: 0,
      yAxisIndex: 0,
      data: data.points.map((point) => ({
        value: point.impressions,
        symbolSize: point.outsideLimits ? fontSize : fontSize * 0.6,
        itemStyle: { color: colourOf(point.outsideLimits, point.partial) },
      })),
      lineStyle: { color: XMR_COLOURS.series, width: 3 },
    },
    ...(data.points.some((point) => point.target !== null)
      ? [
          {
            name: t('panels.xmrChart.series.target'),
            type: 'line' as const,
            xAxisIndex: 0,
            yAxisIndex: 0,
            data: data.points.map((point) => point.target ?? '-'),
            symbol: 'none',
            step: 'middle' as const,
            lineStyle: { color: XMR_COLOURS.target, width: 2, type: 'dotted' as const },
          },
        ]
      : []),
    ...constant(t('panels.xmrChart.series.centreLine'), data.centreLine, count, XMR_COLOURS.centre, 0, false),
    ...constant(t('panels.xmrChart.series.upperLimit'), data.upperNaturalLimit, count, XMR_COLOURS.limit, 0),
    ...constant(t('panels.xmrChart.series.lowerLimit'), data.lowerNaturalLimit, count, XMR_COLOURS.limit, 0),
    ...(withRange
      ? [
          {
            name: t('panels.xmrChart.series.movingRange'),
            type: 'line' as const,
            xAxisIndex: 1,
            yAxisIndex: 1,
            connectNulls: false,
            data: data.points.map((point) => ({
              value: point.movingRange ?? '-',
              symbolSize: point.movingRangeAboveLimit ? fontSize : fontSize * 0.5,
              itemStyle: { color: colourOf(point.movingRangeAboveLimit, false) },
            })),
            lineStyle: { color: XMR_COLOURS.series, width: 2 },
          },
          ...constant(
            t('panels.xmrChart.series.averageMovingRange'),
            data.movingRangeCentre,
            count,
            XMR_COLOURS.centre,
            1,
            false,
          ),
          ...constant(
            t('panels.xmrChart.series.movingRangeLimit'),
            data.movingRangeUpperLimit,
            count,
            XMR_COLOURS.limit,
            1,
          ),
        ]
      : []),
  ];
  return {
    animation: false,
    backgroundColor: 'transparent',
    textStyle: { color: XMR_COLOURS.foreground, fontSize },
    // Intervals hold shares of jobs: whole impressions are enough to read.
    tooltip: { trigger: 'axis', textStyle: { fontSize }, valueFormatter: (value: unknown) => wholeNumber(value) },
    grid: grids,
    xAxis,
    yAxis,
    series,
  } as EChartOption;
}
