import type {
  AvailabilitiesKpisResponse,
  ImpressionsByHourMatrixResponse,
  ImpressionsKpisResponse,
  SystemKpiRecord,
  UtilizationProductivityMatrixResponse,
} from '../../../shared/api-types.ts';
import {
  availability,
  emptyMeasures,
  production,
  productionRate,
  productivity,
  utilization,
  type KpiMeasures,
} from '../../../shared/kpi/index.ts';
import { dailyMatrix, hourMatrix } from './overview-charts.ts';
import { loadRows, loadTotals, periodsOf, type ReportContext } from '../common/report-context.ts';
import { availabilityOf, productionOf, productionRateOf, productivityOf } from '../common/kpi-comparisons.ts';

/** Each selected system's production, rates, utilization and availability in the period, by serial number. */
export async function systemKpiRecords(context: ReportContext): Promise<SystemKpiRecord[]> {
  const rows = await loadRows(context, { system: true });
  const bySystem = new Map(rows.map((row) => [row.systemId, row.measures]));
  return context.systems.map((system) => {
    const measures = bySystem.get(system.id) ?? emptyMeasures();
    return {
      serialNumber: system.serialNumber,
      systemNickName: system.nickname,
      production: production(measures, context.group),
      productionRate: productionRate(measures, context.group),
      productivity: productivity(measures),
      utilization: utilization(measures),
      availability: availability(measures),
    };
  });
}

/** POST /api/overview-report/impressions-by-hour-matrix */
export async function impressionsByHourMatrix(context: ReportContext): Promise<ImpressionsByHourMatrixResponse> {
  return { ...periodsOf(context), records: await hourMatrix(context, (m) => production(m, context.group)) };
}

/** POST /api/overview-report/utilization-productivity-matrix */
export async function utilizationProductivityMatrix(
  context: ReportContext,
): Promise<UtilizationProductivityMatrixResponse> {
  return { ...periodsOf(context), records: await systemKpiRecords(context) };
}

/** POST /api/overview-report/impressionsKPIs */
export async function impressionsKpis(context: ReportContext): Promise<ImpressionsKpisResponse> {
  const pair = await loadTotals(context);
  const productionFormula = (m: KpiMeasures) => production(m, context.group);
  return {
    ...periodsOf(context),
    totalImpressions: productionOf(pair, context.group),
    totalImpressionsMatrix: await dailyMatrix(context, productionFormula),
    utilizationProductivityMatrix: await systemKpiRecords(context),
    impressionsByHourMatrix: await hourMatrix(context, productionFormula),
    productionRate: productionRateOf(pair, context.group),
    productivity: productivityOf(pair),
  };
}

/** POST /api/overview-report/availabilitiesKPIs */
export async function availabilitiesKpis(context: ReportContext): Promise<AvailabilitiesKpisResponse> {
  const pair = await loadTotals(context);
  return {
    ...periodsOf(context),
    availability: availabilityOf(pair),
    availabilityMatrix: await hourMatrix(context, availability),
  };
}
