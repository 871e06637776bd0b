import type { KpiCard, KpiCardOptions } from './model.ts';

/** Options as layouts/overview.json gives them to the total-production card. */
export const TOTAL_PRODUCTION_OPTIONS: KpiCardOptions = {
  field: 'totalProduction',
  labels: { DTG: 'Total Impressions', DTF: 'Total Production', Apollo: 'Total Impressions' },
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
