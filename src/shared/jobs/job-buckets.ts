import type { JobsGranularity } from '../contract/jobs.contract.ts';

/** A chart bucket of the Jobs answers: its start, its granularity and the days of it the period keeps when it cuts it. */
export interface JobBucket {
  date: string;
  granularity: JobsGranularity;
  partialDays: number | null;
}

/**
 * The words of the bucket labels, from the caller's texts (src/shared names no UI text: the panels build these from
 * their `panels.jobBuckets.*` texts).
 */
export interface BucketWords {
  /** A week's label from its Monday's: 'Mar 4' → 'Wk Mar 4'. */
  week(day: string): string;
  /** The days of a cut bucket: '3 days', '1 day'. */
  days(count: number): string;
}

const MONTHS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'] as const;

/**
 * Axis label of a bucket by its granularity (spec reports §2): '08:00' for hours, 'Mar 4' for days, 'Wk Mar 4' for weeks
 * (their Monday), 'Mar 2024' for months.
 */
export function bucketLabel(bucket: Pick<JobBucket, 'date' | 'granularity'>, words: BucketWords): string {
  const month = MONTHS[Number(bucket.date.slice(5, 7)) - 1] ?? '';
  const day = Number(bucket.date.slice(8, 10));
  switch (bucket.granularity) {
    case 'hour':
      return `${bucket.date.slice(11, 13)}:00`;
    case 'day':
      return `${month} ${day}`;
    case 'week':
      return words.week(`${month} ${day}`);
    case 'month':
      return `${month} ${bucket.date.slice(0, 4)}`;
  }
}

/** The orange count of a bucket the period cuts (spec reports §2): '3 days', '1 day'; null for a whole bucket. */
export function partialCount(bucket: Pick<JobBucket, 'partialDays'>, words: BucketWords): string | null {
  return bucket.partialDays === null ? null : words.days(bucket.partialDays);
}

/** The orange of the partial-period count (spec reports §2). */
export const PARTIAL_COLOUR = '#C2410C';

/** Axis text of a bucket for ECharts: its label, and under it the orange count (rich style `partial`) when the period cuts it. */
export function bucketAxisText(bucket: JobBucket, words: BucketWords): string {
  const count = partialCount(bucket, words);
  const label = bucketLabel(bucket, words);
  return count === null ? label : `${label}\n{partial|${count}}`;
}

/**
 * Line height of the axis texts, given: ECharts measured the plain first line of a two-line rich label too short in the
 * browser and drew the orange count over the label (issue #25).
 */
const AXIS_LINE_HEIGHT = 14;

/**
 * The bucket axis's labels of the Jobs charts (ECharts `xAxis.axisLabel`): every fourth hour, else as many as fit; a
 * cut bucket's orange count (`bucketAxisText`) on a line of its own under the label.
 */
export function bucketAxisLabel(hourly: boolean) {
  return {
    interval: hourly ? 3 : ('auto' as const),
    fontSize: 11,
    lineHeight: AXIS_LINE_HEIGHT,
    rich: {
      partial: { color: PARTIAL_COLOUR, fontWeight: 'bold' as const, fontSize: 11, lineHeight: AXIS_LINE_HEIGHT },
    },
  };
}
