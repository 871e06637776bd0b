import type { AnswerOf } from '../../src/shared/api-types.ts';
import type { JobKpiTrend } from '../../src/shared/contract/jobs.contract.ts';
import { abbreviateNumber } from '../../src/shared/format/abbreviate-number.ts';
import { formatDuration } from '../../src/shared/format/duration.ts';
import type { JobBucket } from '../../src/shared/jobs/job-buckets.ts';
import type { JobKpiChartOptions } from './options.ts';

/** The answers the kind shows (names of ANSWER_SCHEMAS): the Jobs KPI calls (spec reports §2 Jobs Analysis "KPIs", §7). */
export const JOB_KPI_CHART_ANSWERS = [
  'JobTotalImpressions',
  'JobPrintTimeKpis',
  'JobCycleTimeKpis',
  'JobInkConsumptionKpis',
  'JobBottlesLoadedKpis',
] as const;

export type JobKpiChartAnswer = AnswerOf<(typeof JOB_KPI_CHART_ANSWERS)[number]>;

/** Where each KPI call keeps its trend; undefined when the answer is another call's. */
const TREND_READERS = {
  totalImpressions: (answer) => ('totalImpressions' in answer ? answer.totalImpressions : undefined),
  totalPrintingTime: (answer) => ('totalPrintingTime' in answer ? answer.totalPrintingTime : undefined),
  cycleTimePerImpressionResponse: (answer) =>
    'cycleTimePerImpressionResponse' in answer ? answer.cycleTimePerImpressionResponse : undefined,
  totalInkConsumption: (answer) => ('totalInkConsumption' in answer ? answer.totalInkConsumption : undefined),
  bottlesLoaded: (answer) => ('bottlesLoaded' in answer ? answer.bottlesLoaded : undefined),
} satisfies Record<string, (answer: JobKpiChartAnswer) => JobKpiTrend | undefined>;

/** The trend a panel shows: options.ts's `field` enum lists the same names. */
export type JobKpiChartField = keyof typeof TREND_READERS;

/** A value with its units ('imp', 'm', 's', 'ml', 'bottles', 's/imp', 'ml/m', …) and its change against the previous period. */
export interface JobKpiQuantity {
  value: number;
  units: string;
  /** Fractional change against the previous period; null when the previous period had nothing. */
  stats: number | null;
}

/** A chart bucket with the KPI's value in it. */
export interface JobKpiBucket extends JobBucket {
  value: number;
}

/** What the panel draws. */
export interface JobKpiChartData {
  total: JobKpiQuantity;
  /** 'From last week', 'From last month', … (the answer's description of the compared period). */
  statsDescription: string;
  /** The per-unit figure the call answers beside its trend (per impression or metre; Apollo: per job); null when none. */
  perUnit: (JobKpiQuantity & { kind: PerUnitKind }) | null;
  buckets: JobKpiBucket[];
}

/** What the per-unit figure is: its text is `panels.jobKpiChart.perUnit.<kind>`. */
export type PerUnitKind = 'perUnit' | 'averageProcessTime';

function perUnitOf(answer: JobKpiChartAnswer): JobKpiChartData['perUnit'] {
  if ('printTimePerUnitResponse' in answer) return { ...answer.printTimePerUnitResponse, kind: 'perUnit' };
  if ('inkConsumptionPerUnitResponse' in answer) return { ...answer.inkConsumptionPerUnitResponse, kind: 'perUnit' };
  if ('averageProcessTimeResponse' in answer) {
    const { averageProcessTimeSeconds, stats } = answer.averageProcessTimeResponse;
    return { value: averageProcessTimeSeconds, units: 's', stats, kind: 'averageProcessTime' };
  }
  return null;
}

/** The trend at `options.field` with the call's per-unit figure, or null (the empty state) when the period has no bucket. */
export function selectJobKpiChart(answer: JobKpiChartAnswer, options: JobKpiChartOptions): JobKpiChartData | null {
  const trend = TREND_READERS[options.field](answer);
  if (trend === undefined || trend.records.length === 0) return null;
  return {
    total: { value: trend.value, units: trend.units, stats: trend.stats },
    statsDescription: answer.statsDescription,
    perUnit: perUnitOf(answer),
    buckets: trend.records.map((record) => ({
      date: record.date,
      granularity: record.granularity,
      partialDays: record.days,
      value: record.value,
    })),
  };
}

/** A quantity as text: seconds as a duration ('1d 2h', spec reports §9), anything else abbreviated with its units. */
export function formatQuantity(quantity: Pick<JobKpiQuantity, 'value' | 'units'>): string {
  if (quantity.units === 's') return formatDuration(quantity.value);
  const decimals = quantity.units.includes('/') ? 2 : 1;
  return `${abbreviateNumber(quantity.value, decimals)} ${quantity.units}`;
}
