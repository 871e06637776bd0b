import type { PanelT } from '../../src/runtime/panel-sdk.ts';
import type { SeriesBucket } from '../../src/shared/contract/frames.ts';
import { abbreviateNumber } from '../../src/shared/format/abbreviate-number.ts';
import { formatDuration } from '../../src/shared/format/duration.ts';
import { COMPARISON_COLOURS } from '../../src/shared/format/period-comparison.ts';
import { bucketAxisLabel, bucketAxisText, type BucketWords } from '../../src/shared/jobs/job-buckets.ts';

/** The bucket labels' words in the panels' texts ('Wk Mar 4', '3 days'). */
export function bucketWordsOf(t: PanelT): BucketWords {
  return {
    week: (day) => t('panels.jobBuckets.week', { day }),
    days: (count) => t('panels.jobBuckets.days', { count }),
  };
}

/** What the option draws: the buckets, the series shown with their colours, and how the value axis is written. */
export interface SeriesChartDrawing {
  buckets: readonly SeriesBucket[];
  /** The series drawn, in order; an unnamed one (a frame's only series) shows its value alone in the tooltip. */
  series: readonly { name?: string; values: readonly (number | null)[]; colour?: string }[];
  units: string;
  /** About how many steps the value axis has. */
  axisSteps: number;
}

/** Steps of the value axis unless the options say otherwise: a short chart with ECharts' own choice showed nine labels packed 10 px apart. */
export const DEFAULT_AXIS_STEPS = 4;

/**
 * The ECharts option: a bar series per series over the buckets (6 px bars for hours, 16 px otherwise, in the series'
 * colour or the selected-period blue), the units on the value axis (durations as '2h 5m'), the orange count under
 * buckets the period cuts. Pure, so it is tested without a canvas.
 */
export function buildSeriesOption({ buckets, series, units, axisSteps }: SeriesChartDrawing, t: PanelT) {
  const words = bucketWordsOf(t);
  const hourly = buckets[0]?.granularity === 'hour';
  const formatAxis = (value: number) => (units === 's' ? formatDuration(value) : abbreviateNumber(value));
  return {
    animation: false,
    grid: { left: 8, right: 16, top: 28, bottom: 8, outerBoundsMode: 'same', outerBoundsContain: 'axisLabel' },
    tooltip: { trigger: 'axis', valueFormatter: (value: number) => formatAxis(value) },
    xAxis: {
      type: 'category',
      data: buckets.map((bucket) => bucketAxisText(bucket, words)),
      axisLabel: bucketAxisLabel(hourly),
    },
    yAxis: {
      type: 'value',
      name: units === 's' ? '' : units,
      nameGap: 8,
      nameTextStyle: { fontSize: 11, align: 'left' },
      splitNumber: axisSteps,
      axisLabel: { formatter: formatAxis, fontSize: 11 },
    },
    series: series.map((one) => ({
      ...(one.name === undefined ? {} : { name: one.name }),
      type: 'bar',
      barMaxWidth: hourly ? 6 : 16,
      itemStyle: { color: one.colour ?? COMPARISON_COLOURS.selected },
      data: [...one.values],
    })),
  };
}
