/**
 * How the Live Dashboard places a job's impressions in time (docs/kpi-glossary.md "Shift impressions", "Shift XMR
 * chart"): a shift's total counts a job where it ends; the XMR chart's intervals spread it over its printing time.
 */

/** A job that has ended: when it printed (epoch ms, `start` ≤ `end`) and its impressions. */
export interface PrintedJob {
  start: number;
  end: number;
  impressions: number;
}

/** `[start, end)` in epoch ms. */
export interface TimeSpan {
  start: number;
  end: number;
}

/** Index of the last of the ordered `spans` starting at or before `instant`; -1 when none does. */
function lastStartingBy(spans: readonly TimeSpan[], instant: number): number {
  let low = -1;
  let high = spans.length - 1;
  while (low < high) {
    const middle = (low + high + 1) >> 1;
    if ((spans[middle]?.start ?? Infinity) <= instant) low = middle;
    else high = middle - 1;
  }
  return low;
}

/**
 * The impressions printed in each of `intervals` (ordered, disjoint): each job's spread evenly over its printing time,
 * so an interval gets the share of the job's time that falls in it; a job without duration counts where it ends.
 */
export function impressionsPrintedIn(intervals: readonly TimeSpan[], jobs: readonly PrintedJob[]): number[] {
  const totals = intervals.map(() => 0);
  for (const job of jobs) {
    if (job.end <= job.start) {
      const index = lastStartingBy(intervals, job.end);
      const interval = intervals[index];
      if (interval !== undefined && job.end < interval.end) totals[index] = (totals[index] ?? 0) + job.impressions;
      continue;
    }
    const perMs = job.impressions / (job.end - job.start);
    for (let index = Math.max(0, lastStartingBy(intervals, job.start)); index < intervals.length; index += 1) {
      const interval = intervals[index];
      if (interval === undefined || interval.start >= job.end) break;
      const overlap = Math.min(job.end, interval.end) - Math.max(job.start, interval.start);
      if (overlap > 0) totals[index] = (totals[index] ?? 0) + overlap * perMs;
    }
  }
  return totals;
}

/** The impressions of the jobs that ended in each of `spans` (any order, may overlap): a job counts where it ends. */
export function impressionsEndedIn(spans: readonly TimeSpan[], jobs: readonly PrintedJob[]): number[] {
  const byEnd = [...jobs].sort((a, b) => a.end - b.end);
  const ends = byEnd.map((job) => job.end);
  const runningTotals = [0];
  for (const job of byEnd) runningTotals.push((runningTotals.at(-1) ?? 0) + job.impressions);
  /** How many jobs end before `instant`. */
  const endingBefore = (instant: number) => {
    let low = 0;
    let high = ends.length;
    while (low < high) {
      const middle = (low + high) >> 1;
      if ((ends[middle] ?? Infinity) < instant) low = middle + 1;
      else high = middle;
    }
    return low;
  };
  return spans.map(
    (span) => (runningTotals[endingBefore(span.end)] ?? 0) - (runningTotals[endingBefore(span.start)] ?? 0),
  );
}
