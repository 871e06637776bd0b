import type {
  ImpressionsAvailabilityCardsResponse,
  OverviewCardsReport,
  OverviewOeeResponse,
  ProductionRateResponse,
  ProductivityResponse,
} from '../../../shared/api-types.ts';
import {
  changeDescriptionOf,
  isLastUpdatePeriod,
  loadTotals,
  periodsOf,
  referenceZone,
  type ReportContext,
} from '../common/report-context.ts';
import {
  availabilityCard,
  darkImpressionsOf,
  handlingTimeOf,
  oeeCard,
  type MeasuresPair,
  preparationOf,
  printingTimeOf,
  productionCard,
  productionRateCard,
  productionRateOf,
  productiveUtilizationOf,
  productivityCard,
  productivityOf,
  utilizationOf,
} from '../common/kpi-comparisons.ts';
import { fleetOeesOf } from '../common/fleet-oee.ts';

/** POST /api/overview-report/overview-cards: production, production rate, productivity (not DTF) and availability. */
export async function overviewCards(context: ReportContext): Promise<OverviewCardsReport> {
  return overviewCardsOf(context, await loadTotals(context));
}

/** The Overview's cards of the period's and the previous period's summed measures (the weekly e-mail's too). */
export function overviewCardsOf(context: ReportContext, pair: MeasuresPair): OverviewCardsReport {
  const description = changeDescriptionOf(context);
  return {
    ...periodsOf(context),
    day: context.period.startDay,
    isLastUpdatePeriod: isLastUpdatePeriod(context.period, referenceZone(context), context.now),
    totalProduction: productionCard(pair, context.group, description, context.texts),
    productionRate: productionRateCard(pair, context.group, description, context.texts),
    productivity: context.group === 'DTF' ? null : productivityCard(pair, description, context.texts),
    availability: availabilityCard(pair, description, context.texts),
  };
}

/**
 * POST /api/overview-report/oee: the OEE card (our addition) of the period against the previous one (both up to the
 * same local time while the period is in progress). Its own call, so the spec's cards above do not wait for the OEE SQL.
 */
export async function overviewOee(context: ReportContext): Promise<OverviewOeeResponse> {
  const [current, previous] = await fleetOeesOf(context, [
    { period: context.period, until: context.cuts.current },
    { period: context.previousPeriod, until: context.cuts.previous },
  ]);
  return { ...periodsOf(context), oee: oeeCard(current, previous, changeDescriptionOf(context), context.texts) };
}

/** POST /api/overview-report/impressions-availability-cards */
export async function impressionsAvailabilityCards(
  context: ReportContext,
): Promise<ImpressionsAvailabilityCardsResponse> {
  const pair = await loadTotals(context);
  const description = changeDescriptionOf(context);
  return {
    ...periodsOf(context),
    totalProduction: productionCard(pair, context.group, description, context.texts),
    availability: availabilityCard(pair, description, context.texts),
  };
}

/** POST /api/overview-report/production-rate */
export async function productionRateReport(context: ReportContext): Promise<ProductionRateResponse> {
  const pair = await loadTotals(context);
  return {
    ...periodsOf(context),
    productionRate: productionRateOf(pair, context.group),
    loadingTime: handlingTimeOf(pair),
    darkImpressions: darkImpressionsOf(pair),
    utilization: utilizationOf(pair),
    preparation: preparationOf(pair),
  };
}

/** POST /api/overview-report/productivity */
export async function productivityReport(context: ReportContext): Promise<ProductivityResponse> {
  const pair = await loadTotals(context);
  const productivity = productivityOf(pair);
  return {
    ...periodsOf(context),
    productivity,
    productivityChange: productivity.stats,
    printingTime: printingTimeOf(pair),
    utilization: utilizationOf(pair),
    productivityUtilization: productiveUtilizationOf(pair),
  };
}
