import type {
  KpiCardLine,
  KpiCardLineWithoutValue,
  KpiUnit,
  OverviewKpiCardWithoutValue,
} from '../../src/shared/api-types.ts';
import type { KpiFrame } from '../../src/shared/contract/frames.ts';
import { cardKpi } from '../../src/shared/contract/report.frames.ts';
import { selectKpiCard, type KpiCard } from './model.ts';
import type { KpiCardOptions } from './options.ts';

/** Options as layouts/overview.json gives them to the total-production card (its frame: `totalProduction`). */
export const TOTAL_PRODUCTION_OPTIONS: KpiCardOptions = {
  labels: { DTG: 'Total Impressions', DTF: 'Total Production', Apollo: 'Total Impressions' },
};

/** The production-rate card (the response gives its upper and lower values per group). */
export const PRODUCTION_RATE_OPTIONS: KpiCardOptions = {
  labels: { DTG: 'Average prod. rate', DTF: 'Average prod. rate', Apollo: 'Average prod. rate' },
  labelKeys: { live: { DTG: 'Current prod. rate', DTF: 'Current prod. rate', Apollo: 'Current prod. rate' } },
};

/** The availability card: a percentage coloured by the §9 thresholds, '--' when not reported. */
export const AVAILABILITY_OPTIONS: KpiCardOptions = {
  labels: { DTG: 'Average Availability', DTF: 'Average Availability', Apollo: 'Average Availability' },
  labelKeys: { live: { DTG: 'Current Availability', DTF: 'Current Availability', Apollo: 'Current Availability' } },
  format: 'availability',
};

export const RISING_PRODUCTION: KpiCard = {
  value: 1_234_567,
  units: 'imp',
  stats: 0.125,
  statsDescription: 'From last week',
};

export const FALLING_PRODUCTION: KpiCard = {
  value: 48_250,
  units: 'm',
  stats: -0.0831,
  statsDescription: 'From last week',
};

export const FIRST_PERIOD: KpiCard = { value: 312, units: 'imp', stats: null, statsDescription: '' };

const trendOfStats = (stats: number | null) => (stats === null ? null : stats < 0 ? 'negative' : 'positive');

const line = (description: string, value: number, units: KpiUnit, stats: number | null): KpiCardLine => ({
  description,
  value,
  previous: value,
  units,
  stats,
  trend: trendOfStats(stats),
});

/** A whole card of an answer with the given data, without upper and lower values (the adapters' tests read it). */
export function answerCard({ value, units, stats, statsDescription }: KpiCard): OverviewKpiCardWithoutValue {
  const trend = trendOfStats(stats);
  return { label: 'Card', value, units, previous: null, stats, trend, statsDescription, upper: null, lower: null };
}

function productionRateCard(upper: KpiCardLine, lower: KpiCardLine): OverviewKpiCardWithoutValue {
  return {
    label: 'Average prod. rate',
    value: 84.6,
    previous: 81.2,
    units: 'imp/h',
    stats: 0.042,
    trend: 'positive',
    statsDescription: 'From previous day',
    upper,
    lower,
  };
}

/** The production-rate frames of overview-cards answers: DTF's of the day holding the last update ('Current …'). */
export const DTF_PRODUCTION_RATE: KpiFrame = cardKpi(
  productionRateCard(line('Avg. Utilization', 0.6312, '%', -0.02), line('Preparation', 0.0875, '%', 0.01)),
  true,
);

export const DTG_PRODUCTION_RATE: KpiFrame = cardKpi(
  productionRateCard(line('Avg. Handling Time', 125, 's', -0.1), line('Dark Impressions', 0.4125, '%', 0.05)),
);

/** Availability cards: 87.5 % (green), 62 % (yellow), 40 % (red) and −1 (not reported, '--'). */
export function availabilityFrame(value: number): KpiFrame {
  return cardKpi({
    label: 'Average Availability',
    value,
    previous: 0.9,
    units: '%',
    stats: value < 0 ? null : -0.015,
    trend: value < 0 ? null : 'negative',
    statsDescription: 'From previous day',
    upper: line('Error Dur.', 93_784, 's', 0.2),
    lower: line('Maintenance Dur.', 1_800, 's', -0.5),
  });
}

/** The card the runtime would hand the panel for a KPI frame (throws for a frame it shows as empty). */
export function cardOf(frame: KpiFrame, options: KpiCardOptions): KpiCard {
  const card = selectKpiCard(frame, options);
  if (card === null) throw new Error('the fixture frame has no value to show');
  return card;
}

/** The OEE card as layouts/overview.json places it: a percentage, '--' when the answer has no value. */
export const OEE_OPTIONS: KpiCardOptions = {
  labels: { DTG: 'OEE', DTF: 'OEE', Apollo: 'OEE' },
  format: 'percent',
  showMissing: true,
};

/**
 * The KPI frame of an oee answer's card (the oee call): 42.75 % with shift availability and performance against a previous day of 45 %;
 * null: no planned time this period, so every figure is '--' while the lines keep the previous day's values.
 */
export function oeeFrame(value: number | null): KpiFrame {
  const known = value !== null;
  const factor = (description: string, current: number, previous: number, stats: number): KpiCardLineWithoutValue => ({
    description,
    value: known ? current : null,
    previous,
    units: '%',
    stats: known ? stats : null,
    trend: known ? trendOfStats(stats) : null,
  });
  return cardKpi({
    label: 'OEE',
    value,
    previous: 0.45,
    units: '%',
    stats: known ? -0.05 : null,
    trend: known ? 'negative' : null,
    statsDescription: 'From previous day',
    upper: factor('Shift Availability', 0.9, 0.915, 0.02),
    lower: factor('Performance', 0.5, 0.49, -0.06),
  });
}
