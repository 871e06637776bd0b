import type { PanelT } from '../../src/runtime/panel-sdk.ts';
import { abbreviateNumber } from '../../src/shared/format/abbreviate-number.ts';
import { formatDuration } from '../../src/shared/format/duration.ts';
import { COMPARISON_COLOURS } from '../../src/shared/format/period-comparison.ts';
import { bucketAxisLabel, bucketAxisText, type BucketWords } from '../../src/shared/jobs/job-buckets.ts';
import type { JobKpiBucket } from './model.ts';

/** The bucket labels' words in the panels' texts ('Wk Mar 4', '3 days'). */
export function bucketWordsOf(t: PanelT): BucketWords {
  return {
    week: (day) => t('panels.jobBuckets.week', { day }),
    days: (count) => t('panels.jobBuckets.days', { count }),
  };
}

/**
 * The ECharts option: one bar per bucket in the selected-period colour, the units on the value axis (durations as
 * '2h 5m'), the orange count under buckets the period cuts. Pure, so it is tested without a canvas.
 */
export function buildJobKpiOption(buckets: readonly JobKpiBucket[], units: string, t: PanelT) {
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
      // About four steps: a short chart with ECharts' own choice showed nine labels packed 10 px apart.
      splitNumber: 4,
      axisLabel: { formatter: formatAxis, fontSize: 11 },
    },
    series: [
      {
        type: 'bar',
        barMaxWidth: hourly ? 6 : 16,
        itemStyle: { color: COMPARISON_COLOURS.selected },
        data: buckets.map((bucket) => bucket.value),
      },
    ],
  };
}
