import { Type, type Static, type TProperties } from 'typebox';
import {
  Closed,
  CustomRange,
  Day,
  Nullable,
  NullableNumber,
  NullableString,
  StringEnum,
  SystemGroupSchema,
} from './primitives.ts';

/**
 * What the period reports share (spec reports §7; docs/architecture.md "Overview API"): the query that chooses the
 * period and the system group, the body with the selected serial numbers, the period header every answer starts with,
 * and the KPI comparisons and cards that Overview, Systems Analysis, the System page and Jobs Analysis answer with.
 */

/** The query parameters that choose the period; exactly one is given. `custom` is `from/to` (the end hour included). */
export const periodQueryProperties = {
  day: Type.Optional(Day()),
  week: Type.Optional(Day()),
  custom: Type.Optional(CustomRange()),
};
/** Exactly one of day, week and custom. */
export const onePeriodRule = {
  oneOf: [{ required: ['day'] }, { required: ['week'] }, { required: ['custom'] }],
} as const;

/** Query of the period-based report calls: one of day, week or custom, and the system group. */
export const PeriodQuerySchema = Closed({ ...periodQueryProperties, systemGroup: SystemGroupSchema }, onePeriodRule);
export type ReportQuery = Static<typeof PeriodQuerySchema>;

/** Body of every period report call: the selected serial numbers; empty means all systems in scope. */
export const SystemsBodySchema = Closed({
  systems: Type.Array(Type.String({ maxLength: 100 }), { maxItems: 5000 }),
});

/**
 * The period of a report answer (Overview, Systems Analysis, Jobs Analysis): local days of each system's site time zone,
 * with the custom range's hours (0 and 23 for day, week, month, quarter and year, and for every range on Jobs).
 * `endHour` is included: 23 means up to the end of `endDay`. Month, quarter and year are Jobs Analysis' only.
 */
export const ReportPeriodSchema = Closed({
  timeframe: StringEnum(['day', 'week', 'month', 'quarter', 'year', 'custom']),
  /** yyyy-MM-dd */
  startDay: Type.String(),
  /** yyyy-MM-dd, included. */
  endDay: Type.String(),
  startHour: Type.Integer(),
  endHour: Type.Integer(),
});
export type ReportPeriod = Static<typeof ReportPeriodSchema>;

/**
 * How far the periods are compared (docs/kpi-glossary.md "Change and trend"). Null: the selected period is over and both
 * are compared whole. While it is in progress both are read up to the same local time of each site: `localTime` is that
 * time in the selected period, `yyyy-MM-ddTHH:mm` on the sites' clock, or null when the selected sites' clocks differ.
 */
export const ComparedUntilSchema = Nullable(Closed({ localTime: NullableString() }));
export type ComparedUntil = Static<typeof ComparedUntilSchema>;

/** Every period report answer names the period it covers and the one its changes compare with. */
const periodsProperties = {
  systemGroup: SystemGroupSchema,
  period: ReportPeriodSchema,
  /**
   * The same weekday a week before a day, the previous week (month, quarter, year), or the same number of days just
   * before a custom range.
   */
  previousPeriod: ReportPeriodSchema,
  comparedUntil: ComparedUntilSchema,
};
export const OverviewPeriodsSchema = Closed(periodsProperties);
export type OverviewPeriods = Static<typeof OverviewPeriodsSchema>;

/** An answer with the periods header and `properties`, named `$id`. */
export const PeriodsAnswer = <Properties extends TProperties>(id: string, properties: Properties) =>
  Closed({ ...periodsProperties, ...properties }, { $id: id });

/**
 * Units of KPI values: production 'imp' or 'm' (DTF, metres; the client converts to the user's length unit),
 * rates per hour, '%' for fractions (0.25 is shown as 25 %; spec reports §5), 's' for durations.
 */
export const KpiUnitSchema = StringEnum(['imp', 'm', 'imp/h', 'm/h', '%', 's']);
export type KpiUnit = Static<typeof KpiUnitSchema>;

/** 'negative' when stats is below 0, otherwise 'positive' (spec reports §4); null without stats. */
const TrendSchema = Type.Unsafe<'positive' | 'negative' | null>({
  type: ['string', 'null'],
  enum: ['positive', 'negative', null],
});

const comparisonProperties = {
  value: Type.Number(),
  previous: Type.Number(),
  units: KpiUnitSchema,
  /** Fractional change `(value − previous) / |previous|`; null when previous is 0 or availability was not reported. */
  stats: NullableNumber(),
  trend: TrendSchema,
};
/** One KPI in the period and in the previous period. */
export const KpiComparisonSchema = Closed(comparisonProperties);
export type KpiComparison = Static<typeof KpiComparisonSchema>;

/** An upper or lower line of a KPI card (spec reports §3 Card data), labelled as spec reports §9 says. */
export const KpiCardLineSchema = Closed({
  ...comparisonProperties,
  /** e.g. 'Avg. Utilization', 'Preparation', 'Avg. Handling Time', 'Dark Impressions', 'Error Dur.', 'Maintenance Dur.'. */
  description: Type.String(),
});
export type KpiCardLine = Static<typeof KpiCardLineSchema>;
/**
 * A line whose value or previous value may be unknown (OEE's factors of a period without planned time): the panel shows
 * '--' for it, and the line has no change.
 */
export const KpiCardLineWithoutValueSchema = Closed({
  ...comparisonProperties,
  value: NullableNumber(),
  previous: NullableNumber(),
  description: Type.String(),
});
export type KpiCardLineWithoutValue = Static<typeof KpiCardLineWithoutValueSchema>;

const cardProperties = {
  /** 'Total Impressions' / 'Total Production' (DTF), 'Average prod. rate', 'Productivity', 'Average Availability'. */
  label: Type.String(),
  value: Type.Number(),
  units: Type.String(),
  /** The value of the previous period. */
  previous: NullableNumber(),
  /** Fractional change against the previous period; null when there is nothing to compare. */
  stats: NullableNumber(),
  trend: TrendSchema,
  statsDescription: Type.String(),
  upper: Nullable(KpiCardLineSchema),
  lower: Nullable(KpiCardLineSchema),
};
/** A top KPI card of the Overview (spec reports §3 "Card data") with its label and upper/lower lines (null where none). */
export const OverviewKpiCardSchema = Closed(cardProperties);
export type OverviewKpiCard = Static<typeof OverviewKpiCardSchema>;
/** A card whose values may be missing (OEE without planned time): the panel shows '--' for each. */
export const OverviewKpiCardWithoutValueSchema = Closed({
  ...cardProperties,
  value: NullableNumber(),
  upper: Nullable(KpiCardLineWithoutValueSchema),
  lower: Nullable(KpiCardLineWithoutValueSchema),
});
export type OverviewKpiCardWithoutValue = Static<typeof OverviewKpiCardWithoutValueSchema>;
/** One KPI card's data (spec reports §3 "Card data"): what every card has. */
export type KpiCardData = Pick<
  Static<typeof OverviewKpiCardWithoutValueSchema>,
  'value' | 'units' | 'stats' | 'statsDescription'
>;
