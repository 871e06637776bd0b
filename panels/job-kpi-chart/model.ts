import type { KpiFrame, SeriesFigureKind, SeriesFrame, SeriesPoint } from '../../src/shared/contract/frames.ts';
import { abbreviateNumber } from '../../src/shared/format/abbreviate-number.ts';
import { formatDuration } from '../../src/shared/format/duration.ts';

/** A value with its units ('imp', 'm', 's', 'ml', 'bottles', 's/imp', 'ml/m', …) and its change against the previous period. */
export interface JobKpiQuantity {
  value: number;
  units: string;
  /** Fractional change against the previous period; null when the previous period had nothing. */
  stats: number | null;
}

/** A chart bucket with the KPI's value in it. */
export type JobKpiBucket = SeriesPoint;

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
export type PerUnitKind = SeriesFigureKind;

/** A KPI frame's value (a Jobs total always has one), units and change. */
const quantityOf = ({ value, units, stats }: KpiFrame): JobKpiQuantity => ({ value: value ?? 0, units, stats });

/**
 * The series frame's total with its change, the figure beside it and its buckets, or null (the empty state) when the
 * period has no bucket.
 */
export function selectJobKpiChart(frame: SeriesFrame): JobKpiChartData | null {
  if (frame.points.length === 0) return null;
  const { figure } = frame;
  return {
    total: quantityOf(frame.total),
    statsDescription: frame.total.statsDescription,
    perUnit: figure === undefined ? null : { ...quantityOf(figure), kind: figure.kind },
    buckets: frame.points,
  };
}

/** A quantity as text: seconds as a duration ('1d 2h', spec reports §9), anything else abbreviated with its units. */
export function formatQuantity(quantity: Pick<JobKpiQuantity, 'value' | 'units'>): string {
  if (quantity.units === 's') return formatDuration(quantity.value);
  const decimals = quantity.units.includes('/') ? 2 : 1;
  return `${abbreviateNumber(quantity.value, decimals)} ${quantity.units}`;
}
