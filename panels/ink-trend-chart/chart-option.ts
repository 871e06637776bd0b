import type { PanelT } from '../../src/runtime/panel-sdk.ts';
import { abbreviateNumber } from '../../src/shared/format/abbreviate-number.ts';
import { bucketAxisLabel, bucketAxisText, type BucketWords } from '../../src/shared/jobs/job-buckets.ts';
import type { InkBucket, InkColour } from './model.ts';

/** Bar colour of each ink (Total in the selected-period blue of the other charts). */
export const INK_COLOURS: Record<InkColour, string> = {
  Total: '#2F6FED',
  Color: '#A855F7',
  black: '#1F2937',
  white: '#9AA5B4',
  FOF: '#0EA5E9',
  Softener: '#14B8A6',
};

/** The bucket labels' words in the panels' texts ('Wk Mar 4', '3 days'). */
export function bucketWordsOf(t: PanelT): BucketWords {
  return {
    week: (day) => t('panels.jobBuckets.week', { day }),
    days: (count) => t('panels.jobBuckets.days', { count }),
  };
}

/**
 * The ECharts option: one bar series per selected colour over the buckets (bar width 6 px for hours, 16 px
 * otherwise), ml on the value axis. Pure, so it is tested without a canvas.
 */
export function buildInkTrendOption(buckets: readonly InkBucket[], colours: readonly InkColour[], t: PanelT) {
  const words = bucketWordsOf(t);
  const hourly = buckets[0]?.granularity === 'hour';
  return {
    animation: false,
    grid: { left: 8, right: 16, top: 28, bottom: 8, outerBoundsMode: 'same', outerBoundsContain: 'axisLabel' },
    tooltip: { trigger: 'axis' },
    xAxis: {
      type: 'category',
      data: buckets.map((bucket) => bucketAxisText(bucket, words)),
      axisLabel: bucketAxisLabel(hourly),
    },
    yAxis: {
      type: 'value',
      name: t('panels.units.ml'),
      nameGap: 8,
      nameTextStyle: { fontSize: 11, align: 'left' },
      axisLabel: { formatter: (value: number) => abbreviateNumber(value), fontSize: 11 },
    },
    series: colours.map((colour) => ({
      name: colour,
      type: 'bar',
      barMaxWidth: hourly ? 6 : 16,
      itemStyle: { color: INK_COLOURS[colour] },
      data: buckets.map((bucket) => bucket.ml[colour] ?? 0),
    })),
  };
}
