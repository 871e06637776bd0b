import type { PanelT } from '../../src/runtime/panel-sdk.ts';
import type { SeriesBucket } from '../../src/shared/contract/frames.ts';
import { abbreviateNumber } from '../../src/shared/format/abbreviate-number.ts';
import { formatPercent } from '../../src/shared/format/percent.ts';
import { COMPARISON_COLOURS, type ComparedPeriod } from '../../src/shared/format/period-comparison.ts';
import { bucketLabel } from '../../src/shared/jobs/job-buckets.ts';
import { thresholdColour, type ThresholdColour } from '../../src/shared/kpi/trend.ts';
import { bucketWordsOf } from './chart-option.ts';

/** Colours of the selected and previous series, and of the §9 thresholds. */
export const CHART_COLOURS = {
  ...COMPARISON_COLOURS,
  thresholds: { red: '#FF404F', yellow: '#FFAB2B', green: '#1BB934' } satisfies Record<ThresholdColour, string>,
} as const;

/** Time-of-day axis labels every 4 hours (spec reports §9). */
export const HOUR_TICK_INTERVAL = 4;

/** Percentages are fractions in '%' units: a 0–100 % axis, each label with its sign. */
const isPercent = (units: string) => units === '%';

/** A value as the axis and tooltip show it: abbreviated numbers with their units, or percentages; '--' for nothing. */
export function formatChartValue(value: number | null, units: string): string {
  if (value === null) return '--';
  if (isPercent(units)) return formatPercent(value);
  return units === '' ? abbreviateNumber(value) : `${abbreviateNumber(value)} ${units}`;
}

/** Bars are 6 px wide in a day's chart, 16 px otherwise (spec reports §9). */
export function barWidth(compared: ComparedPeriod): number {
  return compared === 'day' ? 6 : 16;
}

/** What the comparison option draws: one series of the frame over its buckets, against the previous period. */
export interface ComparisonDrawing {
  buckets: readonly SeriesBucket[];
  values: readonly (number | null)[];
  /** The previous period's values; absent: no line. */
  previous?: readonly (number | null)[];
  units: string;
  compared: ComparedPeriod;
  thresholdColours: boolean;
}

/** A bar's colour: the threshold colour of its value when asked for, else the selected colour. */
function barColour(value: number | null, thresholds: boolean): string {
  if (!thresholds || value === null) return CHART_COLOURS.selected;
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
function axisName(units: string) {
  if (isPercent(units) || units === '') return {};
  return { name: units, nameGap: 8, nameTextStyle: { fontSize: 11, align: 'left' as const } };
}

/**
 * The ECharts option of one series against the previous period (spec reports §2 Overview): bars of the selected period
 * (6 px for a day, 16 px otherwise), a line of the previous period when the series has one, a category axis of the
 * buckets (hours every 4 hours). Pure, so it is tested without a canvas.
 */
export function buildComparisonOption(drawing: ComparisonDrawing, t: PanelT) {
  const { buckets, values, previous, units, compared, thresholdColours } = drawing;
  const words = bucketWordsOf(t);
  const hourly = buckets[0]?.granularity === 'hour';
  const format = (value: number | null) => formatChartValue(value, units);
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
      data: buckets.map((bucket) => bucketLabel(bucket, words)),
      axisTick: { show: false },
      axisLabel: { interval: hourly ? HOUR_TICK_INTERVAL - 1 : 'auto', fontSize: 11 },
    },
    yAxis: {
      type: 'value',
      splitNumber: 3,
      ...axisName(units),
      ...(isPercent(units) ? { min: 0, max: 1, interval: 0.25 } : {}),
      axisLabel: {
        fontSize: 11,
        formatter: (value: number) => (isPercent(units) ? formatPercent(value, 0) : abbreviateNumber(value)),
      },
    },
    series: [
      {
        name: t(`report.legendLabels.${compared}.selected`),
        type: 'bar',
        barWidth: barWidth(compared),
        data: values.map((value) => ({ value, itemStyle: { color: barColour(value, thresholdColours) } })),
      },
      ...(previous === undefined
        ? []
        : [
            {
              name: t(`report.legendLabels.${compared}.previous`),
              type: 'line',
              symbol: 'none',
              connectNulls: false,
              lineStyle: { color: CHART_COLOURS.previous, width: 2 },
              itemStyle: { color: CHART_COLOURS.previous },
              data: [...previous],
            },
          ]),
    ],
  };
}
