import type {
  KpiCardLine,
  KpiCardLineWithoutValue,
  KpiComparison,
  KpiUnit,
  OverviewKpiCard,
  OverviewKpiCardWithoutValue,
} from '../../../shared/api-types.ts';
import {
  AVAILABILITY_NOT_REPORTED,
  availability,
  averageHandlingSeconds,
  change,
  darkImpressionsShare,
  preparationShare,
  production,
  productionRate,
  productiveUtilization,
  productivity,
  sumMeasures,
  trend,
  utilization,
  type KpiMeasures,
} from '../../../shared/kpi/index.ts';
import type { SystemGroup } from '../../../shared/system-group.ts';
import type { MeasureRow } from './measure-rows.ts';
import { textsOf, type LanguageTexts } from '../../i18n/server-texts.ts';

/**
 * KPIs of summed measures compared with the previous period, with the formulas of src/shared/kpi (docs/kpi-glossary.md),
 * and the KPI cards of spec reports §2/§9 built from them (Overview, System page, goals, e-mail reports). Pure: the SQL
 * lives in measure-rows.ts.
 */

/** What the OEE card shows of one period: each figure null (shown '--') where it cannot be computed. */
export type OeeCardFigures = Record<'oee' | 'availability' | 'performance', number | null>;

/** Measures of a period and of the period before it. */
export interface MeasuresPair {
  current: KpiMeasures;
  previous: KpiMeasures;
}

/** Every measure row added up (an empty list is an empty period). */
export function totalOf(rows: readonly MeasureRow[]): KpiMeasures {
  return sumMeasures(rows.map((row) => row.measures));
}

export function productionUnit(group: SystemGroup): 'imp' | 'm' {
  return group === 'DTF' ? 'm' : 'imp';
}

export function rateUnit(group: SystemGroup): 'imp/h' | 'm/h' {
  return group === 'DTF' ? 'm/h' : 'imp/h';
}

/** A KPI now and before; no change when either availability is −1 (not reported). */
export function compare(value: number, previous: number, units: KpiUnit, notReported = false): KpiComparison {
  const stats = notReported ? null : change(value, previous);
  return { value, previous, units, stats, trend: stats === null ? null : trend(stats) };
}

/** One KPI formula applied to both periods. */
function compareBy(pair: MeasuresPair, formula: (m: KpiMeasures) => number, units: KpiUnit): KpiComparison {
  return compare(formula(pair.current), formula(pair.previous), units);
}

export function productionOf(pair: MeasuresPair, group: SystemGroup): KpiComparison {
  return compareBy(pair, (m) => production(m, group), productionUnit(group));
}

export function productionRateOf(pair: MeasuresPair, group: SystemGroup): KpiComparison {
  return compareBy(pair, (m) => productionRate(m, group), rateUnit(group));
}

export function productivityOf(pair: MeasuresPair): KpiComparison {
  return compareBy(pair, productivity, 'imp/h');
}

export function availabilityOf(pair: MeasuresPair): KpiComparison {
  const value = availability(pair.current);
  const previous = availability(pair.previous);
  const notReported = value === AVAILABILITY_NOT_REPORTED || previous === AVAILABILITY_NOT_REPORTED;
  return compare(value, previous, '%', notReported);
}

export const utilizationOf = (pair: MeasuresPair) => compareBy(pair, utilization, '%');
export const preparationOf = (pair: MeasuresPair) => compareBy(pair, preparationShare, '%');
export const productiveUtilizationOf = (pair: MeasuresPair) => compareBy(pair, productiveUtilization, '%');
export const darkImpressionsOf = (pair: MeasuresPair) => compareBy(pair, darkImpressionsShare, '%');
export const handlingTimeOf = (pair: MeasuresPair) => compareBy(pair, averageHandlingSeconds, 's');
export const printingTimeOf = (pair: MeasuresPair) => compareBy(pair, (m) => m.printingSeconds, 's');
export const errorDurationOf = (pair: MeasuresPair) => compareBy(pair, (m) => m.errorSeconds, 's');
export const maintenanceDurationOf = (pair: MeasuresPair) => compareBy(pair, (m) => m.maintenanceSeconds, 's');

const line = (description: string, comparison: KpiComparison): KpiCardLine => ({ ...comparison, description });

function card(
  label: string,
  comparison: KpiComparison,
  statsDescription: string,
  upper: KpiCardLine | null = null,
  lower: KpiCardLine | null = null,
): OverviewKpiCard {
  return {
    label,
    value: comparison.value,
    units: comparison.units,
    previous: comparison.previous,
    stats: comparison.stats,
    trend: comparison.trend,
    statsDescription,
    upper,
    lower,
  };
}

/** 'Total Production' (DTF, metres) or 'Total Impressions' (the words in the caller's language, en-US by default). */
export function productionCard(
  pair: MeasuresPair,
  group: SystemGroup,
  statsDescription: string,
  { t }: LanguageTexts = textsOf(),
): OverviewKpiCard {
  const label = group === 'DTF' ? t('reportAnswers.cards.totalProduction') : t('reportAnswers.cards.totalImpressions');
  return card(label, productionOf(pair, group), statsDescription);
}

/** 'Average prod. rate' with 'Avg. Utilization' / 'Preparation' (DTF) or 'Avg. Handling Time' / 'Dark Impressions'. */
export function productionRateCard(
  pair: MeasuresPair,
  group: SystemGroup,
  statsDescription: string,
  { t }: LanguageTexts = textsOf(),
): OverviewKpiCard {
  const [upper, lower] =
    group === 'DTF'
      ? [
          line(t('reportAnswers.cardLines.avgUtilization'), utilizationOf(pair)),
          line(t('reportAnswers.cardLines.preparation'), preparationOf(pair)),
        ]
      : [
          line(t('reportAnswers.cardLines.avgHandlingTime'), handlingTimeOf(pair)),
          line(t('reportAnswers.cardLines.darkImpressions'), darkImpressionsOf(pair)),
        ];
  return card(t('reportAnswers.cards.productionRate'), productionRateOf(pair, group), statsDescription, upper, lower);
}

/**
 * 'Productivity' (DTG and Apollo only): impressions per reported hour, with printing time and 'Productive Utilization',
 * `(printing + preparation) / reported` — named apart from 'Avg. Utilization', `printing / reported` (issue 10).
 */
export function productivityCard(
  pair: MeasuresPair,
  statsDescription: string,
  { t }: LanguageTexts = textsOf(),
): OverviewKpiCard {
  return card(
    t('reportAnswers.cards.productivity'),
    productivityOf(pair),
    statsDescription,
    line(t('reportAnswers.cardLines.printingTime'), printingTimeOf(pair)),
    line(t('reportAnswers.cardLines.productiveUtilization'), productiveUtilizationOf(pair)),
  );
}

/** 'Average Availability' with 'Error Dur.' and 'Maintenance Dur.'; −1 when nothing was reported. */
export function availabilityCard(
  pair: MeasuresPair,
  statsDescription: string,
  { t }: LanguageTexts = textsOf(),
): OverviewKpiCard {
  return card(
    t('reportAnswers.cards.availability'),
    availabilityOf(pair),
    statsDescription,
    line(t('reportAnswers.cardLines.errorDuration'), errorDurationOf(pair)),
    line(t('reportAnswers.cardLines.maintenanceDuration'), maintenanceDurationOf(pair)),
  );
}

type KpiComparisonWithoutValue = Omit<KpiCardLineWithoutValue, 'description'>;

/** A percentage now and before where either may be unknown (null, shown '--'); a change only when both are known. */
function compareKnown(value: number | null, previous: number | null): KpiComparisonWithoutValue {
  const stats = value === null || previous === null ? null : change(value, previous);
  return { value, previous, units: '%', stats, trend: stats === null ? null : trend(stats) };
}

/**
 * 'OEE' with 'Shift Availability' and 'Performance' (docs/kpi-glossary.md "OEE"), both lines always there. A figure
 * that cannot be computed (no shift planned so far, nothing reported, no ideal rate) is null and the panel shows '--';
 * its change is null, for the period and the previous one alike (glossary "Change and trend").
 */
export function oeeCard(
  current: OeeCardFigures,
  previous: OeeCardFigures,
  statsDescription: string,
  { t }: LanguageTexts = textsOf(),
): OverviewKpiCardWithoutValue {
  const compareFigure = (figure: keyof OeeCardFigures) => compareKnown(current[figure], previous[figure]);
  return {
    label: t('reportAnswers.cards.oee'),
    ...compareFigure('oee'),
    statsDescription,
    upper: { ...compareFigure('availability'), description: t('reportAnswers.cardLines.shiftAvailability') },
    lower: { ...compareFigure('performance'), description: t('reportAnswers.cardLines.performance') },
  };
}
