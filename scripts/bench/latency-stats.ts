/** Percentiles and table cells of the benchmark timings. */

/** The nearest-rank percentile (p in 0–100) of some samples; NaN for none. */
export function percentile(samples: readonly number[], p: number): number {
  if (samples.length === 0) return Number.NaN;
  const sorted = samples.toSorted((a, b) => a - b);
  const rank = Math.min(sorted.length, Math.max(1, Math.ceil((p / 100) * sorted.length)));
  return sorted[rank - 1] ?? Number.NaN;
}

export interface LatencySummary {
  p50: number;
  p95: number;
}

export const summarise = (samples: readonly number[]): LatencySummary => ({
  p50: percentile(samples, 50),
  p95: percentile(samples, 95),
});

/** Milliseconds with a precision that suits their size: 0.42, 4.2, 42, 420. */
export function formatMs(ms: number): string {
  if (ms < 1) return ms.toFixed(2);
  if (ms < 10) return ms.toFixed(1);
  return Math.round(ms).toLocaleString('en-US');
}

export const formatSummary = (summary: LatencySummary) => `${formatMs(summary.p50)} / ${formatMs(summary.p95)} ms`;

/** Times `runs` sequential calls of `work`, in milliseconds each. */
export async function timeRuns(runs: number, work: () => Promise<unknown>): Promise<number[]> {
  const samples: number[] = [];
  for (let run = 0; run < runs; run += 1) {
    const started = performance.now();
    await work();
    samples.push(performance.now() - started);
  }
  return samples;
}
