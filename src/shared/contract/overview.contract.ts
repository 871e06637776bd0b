import { Type, type Static } from 'typebox';
import { GoalForecastSchema } from './goals.contract.ts';
import { Closed, Nullable, NullableNumber, NullableString, StringEnum, SystemGroupSchema } from './primitives.ts';
import {
  KpiComparisonSchema,
  KpiUnitSchema,
  type KpiUnit,
  OverviewKpiCardSchema,
  OverviewKpiCardWithoutValueSchema,
  PeriodsAnswer,
} from './report.contract.ts';

/**
 * Contract of /api/overview-report/* (spec reports §7; docs/architecture.md §9 "Overview API"): every call takes one of
 * day, week or custom and the system group in the query and the selected serial numbers in the body (report.contract.ts).
 */

/**
 * POST /api/overview-report/overview-cards: the spec's top cards (spec reports §7). `day` is the period's first day (kept
 * for the first kpi-card panel). Availability is −1 when nothing was reported ('--'). Productivity is null for DTF (no
 * productivity card). The OEE card has its own call (`OverviewOee`), so these cards do not wait for its SQL.
 */
export const OverviewCardsReportSchema = PeriodsAnswer('OverviewCards', {
  day: Type.String(),
  /** The period holds the last update (it is still running): 'Average …' labels read 'Current …'. */
  isLastUpdatePeriod: Type.Boolean(),
  totalProduction: OverviewKpiCardSchema,
  productionRate: OverviewKpiCardSchema,
  productivity: Nullable(OverviewKpiCardSchema),
  availability: OverviewKpiCardSchema,
});
export type OverviewCardsReport = Static<typeof OverviewCardsReportSchema>;

/**
 * POST /api/overview-report/oee (our addition, not in the spec): the OEE card (docs/kpi-glossary.md "OEE") with
 * 'Shift Availability' and 'Performance' lines, always both; each value and previous value is null (shown '--') when it
 * cannot be computed: no shift planned so far in the period, nothing reported, or (OEE and Performance) a model without
 * an ideal rate. No change where either period's value is null. A call of its own, so the
 * overview-cards answer does not wait for the OEE SQL (docs/benchmarks.md "Jobs counted where they end").
 */
export const OverviewOeeResponseSchema = PeriodsAnswer('OverviewOee', {
  oee: OverviewKpiCardWithoutValueSchema,
});
export type OverviewOeeResponse = Static<typeof OverviewOeeResponseSchema>;

/** POST /api/overview-report/impressions-availability-cards: the production and availability cards only. */
export const ImpressionsAvailabilityCardsResponseSchema = PeriodsAnswer('ImpressionsAvailabilityCards', {
  totalProduction: OverviewKpiCardSchema,
  availability: OverviewKpiCardSchema,
});
export type ImpressionsAvailabilityCardsResponse = Static<typeof ImpressionsAvailabilityCardsResponseSchema>;

/** POST /api/overview-report/production-rate. `loadingTime` is the average handling time per job in seconds. */
export const ProductionRateResponseSchema = PeriodsAnswer('ProductionRate', {
  productionRate: KpiComparisonSchema,
  loadingTime: KpiComparisonSchema,
  darkImpressions: KpiComparisonSchema,
  utilization: KpiComparisonSchema,
  preparation: KpiComparisonSchema,
});
export type ProductionRateResponse = Static<typeof ProductionRateResponseSchema>;

/** POST /api/overview-report/productivity. */
export const ProductivityResponseSchema = PeriodsAnswer('Productivity', {
  productivity: KpiComparisonSchema,
  productivityChange: NullableNumber(),
  /** Printing seconds. */
  printingTime: KpiComparisonSchema,
  /** Utilization, `printing / reported`: the same figure as production-rate's `utilization`. */
  utilization: KpiComparisonSchema,
  /** Productive utilization, `(printing + preparation) / reported` (spec reports §3 productivityUtilization). */
  productivityUtilization: KpiComparisonSchema,
});
export type ProductivityResponse = Static<typeof ProductivityResponseSchema>;

/**
 * POST /api/overview-report/achievements: goals of the week and year containing the period's last day.
 * Percentages are fractions (× 100 to show); a goal that was never set is null with percentage 0.
 */
export const AchievementsResponseSchema = Closed(
  {
    systemGroup: SystemGroupSchema,
    units: StringEnum(['imp', 'm']),
    /** Monday of the week, yyyy-MM-dd. */
    weekStart: Type.String(),
    year: Type.Integer(),
    weeklyGoal: NullableNumber(),
    weeklyCompleted: Type.Number(),
    weeklyPercentage: Type.Number(),
    /** Filled segments of the 7-segment bar. */
    weeklySegments: Type.Integer(),
    yearlyGoal: NullableNumber(),
    yearlyCompleted: Type.Number(),
    yearlyPercentage: Type.Number(),
    /** Filled segments of the 12-segment bar. */
    yearlySegments: Type.Integer(),
    /** Highest weekly production of the year (weeks split at the year end). */
    weekRecord: Type.Number(),
    /** docs/kpi-glossary.md "Goal forecast": the week's production at its end at the run rate so far; null unless in progress. */
    weeklyForecast: Nullable(GoalForecastSchema),
    /** The same for the year. */
    yearlyForecast: Nullable(GoalForecastSchema),
  },
  { $id: 'Achievements' },
);
export type AchievementsResponse = Static<typeof AchievementsResponseSchema>;

const GranularitySchema = StringEnum(['hour', 'day']);

/**
 * A chart point (spec reports §3 Chart point): one hour (day timeframe) or one local day (week, custom).
 * `previous` is the same hour or day of the previous period (the 'Previous same day' / 'Previous week' series).
 */
export const OverviewChartPointSchema = Closed({
  /** yyyy-MM-dd, or yyyy-MM-ddTHH:00 for hours (local wall-clock time). */
  date: Type.String(),
  granularity: GranularitySchema,
  value: Type.Number(),
  previous: Type.Number(),
  /** The bucket has not started yet. */
  isFuturePeriod: Type.Boolean(),
  /** No selected system reported a status in the bucket (availability is then −1). */
  isNotReported: Type.Boolean(),
});
export type OverviewChartPoint = Static<typeof OverviewChartPointSchema>;
const Chart = () => Type.Array(OverviewChartPointSchema);

/**
 * Units of a chart answer's series, by property name: production 'imp' or 'm' (DTF), rates 'imp/h' or 'm/h', fractions
 * '%'. The points carry none; the client converts lengths to the user's unit with these.
 */
export type ChartUnits<Series extends string> = Record<Series, KpiUnit>;

/** POST /api/overview-report/overview-graphs. */
export const OverviewGraphsResponseSchema = PeriodsAnswer('OverviewGraphs', {
  granularity: GranularitySchema,
  units: Closed({
    productionChart: KpiUnitSchema,
    speedChart: KpiUnitSchema,
    utilizationChart: KpiUnitSchema,
    availabilityChart: KpiUnitSchema,
    productionByHourGraph: KpiUnitSchema,
  }),
  productionChart: Chart(),
  /** Production rate per bucket. */
  speedChart: Chart(),
  utilizationChart: Chart(),
  availabilityChart: Chart(),
  /** Production per hour of day (0–23) over the whole period. */
  productionByHourGraph: Type.Array(Closed({ hour: Type.Integer(), value: Type.Number(), previous: Type.Number() })),
});
export type OverviewGraphsResponse = Static<typeof OverviewGraphsResponseSchema>;

/** POST /api/overview-report/impressions-availability-graphs. */
export const ImpressionsAvailabilityGraphsResponseSchema = PeriodsAnswer('ImpressionsAvailabilityGraphs', {
  granularity: GranularitySchema,
  units: Closed({ productionChart: KpiUnitSchema, availabilityChart: KpiUnitSchema }),
  productionChart: Chart(),
  availabilityChart: Chart(),
});
export type ImpressionsAvailabilityGraphsResponse = Static<typeof ImpressionsAvailabilityGraphsResponseSchema>;

/** One cell of a day × hour matrix. */
export const HourMatrixRecordSchema = Closed({
  /** yyyy-MM-dd (local). */
  date: Type.String(),
  hour: Type.Integer(),
  value: Type.Number(),
});
export type HourMatrixRecord = Static<typeof HourMatrixRecordSchema>;

/** POST /api/overview-report/impressions-by-hour-matrix: production per local day and hour of day. */
export const ImpressionsByHourMatrixResponseSchema = PeriodsAnswer('ImpressionsByHourMatrix', {
  records: Type.Array(HourMatrixRecordSchema),
});
export type ImpressionsByHourMatrixResponse = Static<typeof ImpressionsByHourMatrixResponseSchema>;

/** One selected system's figures in the period. */
export const SystemKpiRecordSchema = Closed({
  serialNumber: Type.String(),
  systemNickName: NullableString(),
  production: Type.Number(),
  productionRate: Type.Number(),
  productivity: Type.Number(),
  utilization: Type.Number(),
  /** −1 when the system reported nothing. */
  availability: Type.Number(),
});
export type SystemKpiRecord = Static<typeof SystemKpiRecordSchema>;

/** POST /api/overview-report/utilization-productivity-matrix: one record per selected system. */
export const UtilizationProductivityMatrixResponseSchema = PeriodsAnswer('UtilizationProductivityMatrix', {
  records: Type.Array(SystemKpiRecordSchema),
});
export type UtilizationProductivityMatrixResponse = Static<typeof UtilizationProductivityMatrixResponseSchema>;

/** POST /api/overview-report/impressionsKPIs. `totalImpressionsMatrix` is production per local day. */
export const ImpressionsKpisResponseSchema = PeriodsAnswer('ImpressionsKpis', {
  totalImpressions: KpiComparisonSchema,
  totalImpressionsMatrix: Type.Array(Closed({ date: Type.String(), value: Type.Number() })),
  utilizationProductivityMatrix: Type.Array(SystemKpiRecordSchema),
  impressionsByHourMatrix: Type.Array(HourMatrixRecordSchema),
  productionRate: KpiComparisonSchema,
  productivity: KpiComparisonSchema,
});
export type ImpressionsKpisResponse = Static<typeof ImpressionsKpisResponseSchema>;

/** POST /api/overview-report/availabilitiesKPIs. Matrix cells are −1 where nothing was reported. */
export const AvailabilitiesKpisResponseSchema = PeriodsAnswer('AvailabilitiesKpis', {
  availability: KpiComparisonSchema,
  availabilityMatrix: Type.Array(HourMatrixRecordSchema),
});
export type AvailabilitiesKpisResponse = Static<typeof AvailabilitiesKpisResponseSchema>;
