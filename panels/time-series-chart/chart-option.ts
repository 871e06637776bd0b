import type { PanelT } from '../../src/runtime/panel-sdk.ts';
import { abbreviateNumber } from '../../src/shared/format/abbreviate-number.ts';
import { formatPercent } from '../../src/shared/format/percent.ts';
import { thresholdColour, type ThresholdColour } from '../../src/shared/kpi/trend.ts';
import { COMPARISON_COLOURS, type ComparedPeriod } from '../../src/shared/format/period-comparison.ts';
import { barWidth, type ChartPoint, type ChartSeriesOptions, type SeriesFormat } from './model.ts';

/** Colours of the selected and previous series, and of the §9 thresholds. */
export const CHART_COLOURS = {
  ...COMPARISON_COLOURS,
  thresholds: { red: '#FF404F', yellow: '#FFAB2B', green: '#1BB934' } satisfies Record<ThresholdColour, string>,
} as const;

/** Time-of-day axis labels every 4 hours (spec reports §9). */
export const HOUR_TICK_INTERVAL = 4;

const MONTHS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'] as const;

/** Axis label of a point: '08:00' for hours, 'Mar 4' for days and longer slots. Dates are local, read as written. */
export function axisLabel(point: Pick<ChartPoint, 'date' | 'granularity'>): string {
  if (point.granularity === 'hour') return `${point.date.slice(11, 13) || '00'}:00`;
  const month = MONTHS[Number(point.date.slice(5, 7)) - 1] ?? '';
  return `${month} ${Number(point.date.slice(8, 10))}`;
}

/** A value as the axis and tooltip show it: abbreviated numbers or percentages; '--' for nothing. */
export function formatChartValue(value: number | null, format: SeriesFormat, unit = ''): string {
  if (value === null) return '--';
  if (format === 'percent') return formatPercent(value);
  return unit === '' ? abbreviateNumber(value) : `${abbreviateNumber(value)} ${unit}`;
}

/** A bar's colour: the threshold colour of its value when the series asks for it, else the selected colour. */
function barColour(value: number | null, series: ChartSeriesOptions): string {
  if (series.thresholdColours !== true || value === null) return CHART_COLOURS.selected;
  const colour = thresholdColour(value);
  return colour === null ? CHART_COLOURS.selected : CHART_COLOURS.thresholds[colour];
}

interface TooltipParam {
  seriesName?: string;
  value?: unknown;
  marker?: string;
  axisValueLabel?: string;
}

/** The value axis names the unit of a number series ('imp', 'm', 'yd/h'); percentages carry theirs on each label. */
function axisName(series: ChartSeriesOptions) {
  if (series.format !== 'number' || series.unit === undefined || series.unit === '') return {};
  return { name: series.unit, nameGap: 8, nameTextStyle: { fontSize: 11, align: 'left' as const } };
}

/**
 * The ECharts option of one series: bars of the selected period (bar width 6 px for a day, 16 px otherwise),
 * a line of the previous period when the series has one, a category axis of the slots (hours every 4 hours).
 * Pure, so it is tested without a canvas; the panel hands it to ECharts.
 */
export function buildChartOption(
  points: readonly ChartPoint[],
  series: ChartSeriesOptions,
  compared: ComparedPeriod,
  t: PanelT,
) {
  const hourly = points[0]?.granularity === 'hour';
  const format = (value: number | null) => formatChartValue(value, series.format, series.unit);
  const hasPrevious = series.previous !== undefined;
  return {
    animation: false,
    grid: { left: 8, right: 8, top: 12, bottom: 4, outerBoundsMode: 'same', outerBoundsContain: 'all' },
    tooltip: {
      trigger: 'axis',
      formatter: (params: TooltipParam[]) =>
        [
          params[0]?.axisValueLabel ?? '',
          ...params.map(
            (param) =>
              `${param.marker ?? ''}${param.seriesName ?? ''}: ${format(typeof param.value === 'number' ? param.value : null)}`,
          ),
        ].join('<br/>'),
    },
    xAxis: {
      type: 'category',
      data: points.map(axisLabel),
      axisTick: { show: false },
      axisLabel: { interval: hourly ? HOUR_TICK_INTERVAL - 1 : 'auto', fontSize: 11 },
    },
    yAxis: {
      type: 'value',
      splitNumber: 3,
      ...axisName(series),
      ...(series.format === 'percent' ? { min: 0, max: 1, interval: 0.25 } : {}),
      axisLabel: {
        fontSize: 11,
        formatter: (value: number) => (series.format === 'percent' ? formatPercent(value, 0) : abbreviateNumber(value)),
      },
    },
    series: [
      {
        name: t(`report.legendLabels.${compared}.selected`),
        type: 'bar',
        barWidth: barWidth(compared),
        data: points.map((point) => ({ value: point.value, itemStyle: { color: barColour(point.value, series) } })),
      },
      ...(hasPrevious
        ? [
            {
              name: t(`report.legendLabels.${compared}.previous`),
              type: 'line',
              symbol: 'none',
              connectNulls: false,
              lineStyle: { color: CHART_COLOURS.previous, width: 2 },
              itemStyle: { color: CHART_COLOURS.previous },
              data: points.map((point) => point.previous),
            },
          ]
        : []),
    ],
  };
}
