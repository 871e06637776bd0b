import type { SystemGroup } from './system-group.ts';
import type { LengthUnits } from './units/length-units.ts';

/** GET /api/users/profile-data — the "App user" entity of spec shell §3. */
export interface ProfileData {
  id: string;
  email: string;
  firstName: string;
  lastName: string;
  profilePictureUrl: string | null;
  /** Role strings of the user. */
  permissions: string[];
  reportTypes: string[];
  userAgreementVersion: string | null;
  userAgreement: boolean;
  isSuperUser: boolean;
  tenantId: string;
  tenantName: string;
  localeCode: string | null;
}

/** How Systems Analysis lists the systems: a table or cards (spec reports §2). */
export type SystemsAnalysisView = 'table' | 'cards';

/** GET /api/users/user-settings — the "User settings" entity of spec shell §3. */
export interface UserSettings {
  userSystemGroup: SystemGroup[];
  defaultSystemGroup: SystemGroup | null;
  lengthUnits: LengthUnits;
  volumeUnits: string;
  rtrMetricUnit: 'Linear' | 'Square';
  portalLanguage: string;
  realTimeRefreshRateSeconds: number;
  /** The view Systems Analysis opens in (our own field; spec reports §2: the user's preference, 'table' by default). */
  systemsAnalysisView: SystemsAnalysisView;
  tenantName: string;
  importedTenantId: string;
  office: string;
  accountType: string;
}

/** POST /api/users/user-settings — settings without userSystemGroup (spec shell §7). */
export interface UserSettingsUpdate {
  defaultSystemGroup?: SystemGroup | null;
  lengthUnits?: LengthUnits;
  rtrMetricUnit?: 'Linear' | 'Square';
  portalLanguage?: string;
  systemsAnalysisView?: SystemsAnalysisView;
}

/** POST /api/users/agreement */
export interface AgreementUpdate {
  version: string;
  isApproved: boolean;
}

/** POST /api/users/locale */
export interface LocaleUpdate {
  localeCode: string;
}

/** Uniform error body of every API failure. */
export interface ApiErrorBody {
  statusCode: number;
  error: string;
  message: string;
  /** Application code for 5xx errors that the client maps to a message (spec shell §8 "CODE:"). */
  code?: string;
}

/** Filter data of one system group (spec reports §3), as returned by GET /api/reports/date-filters. */
export interface GroupFilterData {
  systemGroup: SystemGroup;
  /** yyyyMMdd or '' when the group has no data. */
  startDate: string;
  endDate: string;
  /** e.g. '3 of 4' — split on spaces into three parts by the header. */
  activeSystems: string;
  sites: { id: string; name: string }[];
  models: { id: string; name: string; siteId: string }[];
  systems: {
    id: string;
    name: string;
    siteId: string;
    modelId: string;
    systemNickName: string | null;
    isEverReported: boolean;
  }[];
}

export interface DateFiltersResponse {
  groups: GroupFilterData[];
}

/** POST /api/reports/getMaxKeepAlive */
export interface MaxKeepAliveResponse {
  /** Last telemetry time in the site's local time, ISO without offset; null when nothing reported. */
  maxKeepAliveValue: string | null;
  maxKeepAliveValueUtc: string | null;
}

/** One KPI card's data (spec reports §3 "Card data"). */
export interface KpiCardData {
  value: number | null;
  units: string;
  /** Fractional change against the previous period; null when there is nothing to compare. */
  stats: number | null;
  statsDescription: string;
}

/** POST /api/overview-report/overview-cards — the walking skeleton returns total production only. */
export interface OverviewCardsResponse {
  systemGroup: SystemGroup;
  day: string;
  totalProduction: KpiCardData;
}

/** GET /api/users/extended — one user of the tenant as Account Management lists it (spec shell §3 "User (as listed)"). */
export interface ListedUser {
  id: string;
  firstname: string;
  lastname: string;
  email: string;
  /** Role strings (see src/shared/auth/roles.ts; PERMISSION_NUMBER maps them to the spec's numbers). */
  permissions: string[];
  isRootUser: boolean;
  isShadowUser: boolean;
  profilePictureUrl: string | null;
  /** Scope: empty lists together mean every system of the tenant. */
  customerIds: string[];
  siteIds: string[];
  systemIds: string[];
  localeCode: string | null;
}

/** GET /api/data/customers — a customer (organization) of the scope hierarchy (spec shell §3). */
export interface ScopeCustomer {
  id: string;
  name: string;
  importedCustomerId: string;
}

/** GET /api/data/sites — a site of the scope hierarchy. */
export interface ScopeSite {
  id: string;
  name: string;
  customerId: string;
  /** IANA time zone, e.g. 'Europe/Berlin'. */
  timeZone: string;
}

/** GET /api/data/systems — a system of the scope hierarchy. */
export interface ScopeSystem {
  id: string;
  serialNumber: string;
  customerId: string;
  siteId: string;
  modelId: string;
  systemGroup: SystemGroup;
  systemNickName: string | null;
  isEverReported: boolean;
}

/** GET /api/data/customer-data?serialNumber — the customer owning that system. */
export interface CustomerDataResponse {
  name: string;
  id: string;
  importedCustomerId: string;
}

/** A printer's status as status intervals record it. */
export type PortalPrinterStatus = 'Printing' | 'Preparation' | 'Idle' | 'Error' | 'Maintenance' | 'NotReporting';

/** GET /api/reports/systems — one system of the group in scope. */
export interface ReportSystem {
  serialNumber: string;
  systemNickName: string | null;
  /** The model's name. */
  systemModel: string;
  /** Status of the latest status interval; 'NotReporting' when there is none. */
  printerStatus: PortalPrinterStatus;
  /** ISO UTC: the later of the last report time ingest recorded and the latest job end; null when nothing reported. */
  lastUpdate: string | null;
}

/** GET /api/reports/current-state — each system's current status and how many systems are in each status. */
export interface CurrentStateResponse {
  systemGroup: SystemGroup;
  systems: { serialNumber: string; status: PortalPrinterStatus; since: string | null }[];
  counts: Record<PortalPrinterStatus, number>;
}

/** GET /api/reports/site-extensions — one site in scope and the groups of its systems in scope. */
export interface SiteExtension {
  siteId: string;
  name: string;
  timeZone: string;
  systemGroups: SystemGroup[];
}

/** GET /api/reports/reported-printers-status (spec reports §3 "Reported printers status"). */
export interface ReportedPrintersStatusResponse {
  reportedSystems: { systemGroup: SystemGroup; reportedSystemsData: { reported: number; total: number } }[];
}

/**
 * The period of a report answer (Overview, Systems Analysis): local days of each system's site time zone, with the custom
 * range's hours (0 and 23 for day and week). `endHour` is included: 23 means up to the end of `endDay`.
 */
export interface ReportPeriod {
  timeframe: 'day' | 'week' | 'custom';
  /** yyyy-MM-dd */
  startDay: string;
  /** yyyy-MM-dd, included. */
  endDay: string;
  startHour: number;
  endHour: number;
}

/** Every Overview answer names the period it covers and the one its changes compare with. */
export interface OverviewPeriods {
  systemGroup: SystemGroup;
  period: ReportPeriod;
  /** Previous day, previous week, or the same number of days just before a custom range. */
  previousPeriod: ReportPeriod;
}

/**
 * Units of KPI values: production 'imp' or 'm' (DTF, metres; the client converts to the user's length unit),
 * rates per hour, '%' for fractions (0.25 is shown as 25 %; spec reports §5), 's' for durations.
 */
export type KpiUnit = 'imp' | 'm' | 'imp/h' | 'm/h' | '%' | 's';

/** One KPI in the period and in the previous period. */
export interface KpiComparison {
  value: number;
  previous: number;
  units: KpiUnit;
  /** Fractional change `(value − previous) / |previous|`; null when previous is 0 or availability was not reported. */
  stats: number | null;
  /** 'negative' when stats is below 0, otherwise 'positive' (spec reports §4); null without stats. */
  trend: 'positive' | 'negative' | null;
}

/** An upper or lower line of a KPI card (spec reports §3 Card data), labelled as spec reports §9 says. */
export interface KpiCardLine extends KpiComparison {
  /** e.g. 'Avg. Utilization', 'Preparation', 'Avg. Handling Time', 'Dark Impressions', 'Error Dur.', 'Maintenance Dur.'. */
  description: string;
}

/** A top KPI card of the Overview: KpiCardData plus its label and upper/lower lines (null where the card has none). */
export interface OverviewKpiCard extends KpiCardData {
  /** 'Total Impressions' / 'Total Production' (DTF), 'Average prod. rate', 'Productivity', 'Average Availability'. */
  label: string;
  /** The value of the previous period. */
  previous: number | null;
  trend: 'positive' | 'negative' | null;
  upper: KpiCardLine | null;
  lower: KpiCardLine | null;
}

/**
 * POST /api/overview-report/overview-cards: the top cards. `day` is the period's first day (kept for the first kpi-card
 * panel). Availability is −1 when nothing was reported ('--'). Productivity is null for DTF (no productivity card).
 */
export interface OverviewCardsReport extends OverviewCardsResponse, OverviewPeriods {
  /** The period holds the last update (it is still running): 'Average …' labels read 'Current …'. */
  isLastUpdatePeriod: boolean;
  totalProduction: OverviewKpiCard;
  productionRate: OverviewKpiCard;
  productivity: OverviewKpiCard | null;
  availability: OverviewKpiCard;
  /**
   * 'OEE' (our addition, docs/kpi-glossary.md "OEE") with 'Shift Availability' and 'Performance'. Its value is null
   * (shown '--') when it cannot be computed: no shift planned so far in the period, nothing reported, or a model without
   * an ideal rate.
   */
  oee: OverviewKpiCard;
}

/** POST /api/overview-report/impressions-availability-cards: the production and availability cards only. */
export interface ImpressionsAvailabilityCardsResponse extends OverviewPeriods {
  totalProduction: OverviewKpiCard;
  availability: OverviewKpiCard;
}

/** POST /api/overview-report/production-rate. `loadingTime` is the average handling time per job in seconds. */
export interface ProductionRateResponse extends OverviewPeriods {
  productionRate: KpiComparison;
  loadingTime: KpiComparison;
  darkImpressions: KpiComparison;
  utilization: KpiComparison;
  preparation: KpiComparison;
}

/** POST /api/overview-report/productivity. `utilization` is the productive utilization (printing + preparation). */
export interface ProductivityResponse extends OverviewPeriods {
  productivity: KpiComparison;
  productivityChange: number | null;
  /** Printing seconds. */
  printingTime: KpiComparison;
  /** Utilization, `printing / reported`: the same figure as production-rate's `utilization`. */
  utilization: KpiComparison;
  /** Productive utilization, `(printing + preparation) / reported` (spec reports §3 productivityUtilization). */
  productivityUtilization: KpiComparison;
}

/**
 * POST /api/overview-report/achievements: goals of the week and year containing the period's last day.
 * Percentages are fractions (× 100 to show); a goal that was never set is null with percentage 0.
 */
export interface AchievementsResponse {
  systemGroup: SystemGroup;
  units: 'imp' | 'm';
  /** Monday of the week, yyyy-MM-dd. */
  weekStart: string;
  year: number;
  weeklyGoal: number | null;
  weeklyCompleted: number;
  weeklyPercentage: number;
  /** Filled segments of the 7-segment bar. */
  weeklySegments: number;
  yearlyGoal: number | null;
  yearlyCompleted: number;
  yearlyPercentage: number;
  /** Filled segments of the 12-segment bar. */
  yearlySegments: number;
  /** Highest weekly production of the year (weeks split at the year end). */
  weekRecord: number;
}

/**
 * A chart point (spec reports §3 Chart point): one hour (day timeframe) or one local day (week, custom).
 * `previous` is the same hour or day of the previous period (the 'Previous same day' / 'Previous week' series).
 */
export interface OverviewChartPoint {
  /** yyyy-MM-dd, or yyyy-MM-ddTHH:00 for hours (local wall-clock time). */
  date: string;
  granularity: 'hour' | 'day';
  value: number;
  previous: number;
  /** The bucket has not started yet. */
  isFuturePeriod: boolean;
  /** No selected system reported a status in the bucket (availability is then −1). */
  isNotReported: boolean;
}

/**
 * Units of a chart answer's series, by property name: production 'imp' or 'm' (DTF), rates 'imp/h' or 'm/h', fractions
 * '%'. The points carry none; the client converts lengths to the user's unit with these.
 */
export type ChartUnits<Series extends string> = Record<Series, KpiUnit>;

/** POST /api/overview-report/overview-graphs. */
export interface OverviewGraphsResponse extends OverviewPeriods {
  granularity: 'hour' | 'day';
  units: ChartUnits<
    'productionChart' | 'speedChart' | 'utilizationChart' | 'availabilityChart' | 'productionByHourGraph'
  >;
  productionChart: OverviewChartPoint[];
  /** Production rate per bucket. */
  speedChart: OverviewChartPoint[];
  utilizationChart: OverviewChartPoint[];
  availabilityChart: OverviewChartPoint[];
  /** Production per hour of day (0–23) over the whole period. */
  productionByHourGraph: { hour: number; value: number; previous: number }[];
}

/** POST /api/overview-report/impressions-availability-graphs. */
export interface ImpressionsAvailabilityGraphsResponse extends OverviewPeriods {
  granularity: 'hour' | 'day';
  units: ChartUnits<'productionChart' | 'availabilityChart'>;
  productionChart: OverviewChartPoint[];
  availabilityChart: OverviewChartPoint[];
}

/** One cell of a day × hour matrix. */
export interface HourMatrixRecord {
  /** yyyy-MM-dd (local). */
  date: string;
  hour: number;
  value: number;
}

/** POST /api/overview-report/impressions-by-hour-matrix: production per local day and hour of day. */
export interface ImpressionsByHourMatrixResponse extends OverviewPeriods {
  records: HourMatrixRecord[];
}

/** One selected system's figures in the period. */
export interface SystemKpiRecord {
  serialNumber: string;
  systemNickName: string | null;
  production: number;
  productionRate: number;
  productivity: number;
  utilization: number;
  /** −1 when the system reported nothing. */
  availability: number;
}

/** POST /api/overview-report/utilization-productivity-matrix: one record per selected system. */
export interface UtilizationProductivityMatrixResponse extends OverviewPeriods {
  records: SystemKpiRecord[];
}

/** POST /api/overview-report/impressionsKPIs. `totalImpressionsMatrix` is production per local day. */
export interface ImpressionsKpisResponse extends OverviewPeriods {
  totalImpressions: KpiComparison;
  totalImpressionsMatrix: { date: string; value: number }[];
  utilizationProductivityMatrix: SystemKpiRecord[];
  impressionsByHourMatrix: HourMatrixRecord[];
  productionRate: KpiComparison;
  productivity: KpiComparison;
}

/** POST /api/overview-report/availabilitiesKPIs. Matrix cells are −1 where nothing was reported. */
export interface AvailabilitiesKpisResponse extends OverviewPeriods {
  availability: KpiComparison;
  availabilityMatrix: HourMatrixRecord[];
}

/** GET /api/system-data/systems-name */
export interface SystemsNameResponse {
  nicknameResponse: { serialNumber: string; nickName: string | null }[];
}

/** POST /api/system-data/system-name body; an empty nickName clears the nickname. */
export interface SystemNameUpdate {
  serialNumber: string;
  nickName: string;
}

/** POST /api/system-data/system-name answer. */
export interface SystemNameResponse {
  nickName: string | null;
}

/** GET /api/system-data/systems-analysis: one system of Systems Analysis' cards and table (spec reports §2). */
export interface SystemAnalysisItem extends ReportSystem {
  production: number;
  /** Production rate per printing hour. */
  speed: number;
  /** −1 when the system reported nothing in the period. */
  availability: number;
  /** OEE and its factors over the shifts the system works (fractions); null where OEE cannot be computed. */
  oee: OeeFigures | null;
  isEverReported: boolean;
}

/** OEE and its three factors as fractions (docs/kpi-glossary.md "OEE"). */
export interface OeeFigures {
  oee: number;
  /** Shift availability: run time / planned time. */
  availability: number;
  performance: number;
  quality: number;
}

export interface SystemsAnalysisResponse extends OverviewPeriods {
  systems: SystemAnalysisItem[];
}

/** GET /api/system-page-report/software-versions (spec reports §3 Software version), as of the period's end. */
export interface SoftwareVersionsResponse {
  systemSerialGk: string;
  /** The system's model name. */
  appName: string;
  componentVersions: { component: string; version: string; reportedAt: string }[];
  /** ISO UTC time of the latest report at or before the period's end; null when none. */
  globalSoftwareLastUpdate: string | null;
  /** Version of the most recently reported component; null when none. */
  globalSoftwareVersion: string | null;
}
