/**
 * The API's TypeScript types, derived from the schemas of `src/shared/contract/` (TypeBox `Static<>`): the schemas are
 * written once, and Fastify validates, serialises and documents (OpenAPI) with the same objects. This module only
 * re-exports the derived types so client code has one import path; `tests/unit/no-hand-kept-contract.test.ts` keeps
 * hand-written answer shapes out of it.
 */
import type { Static } from 'typebox';
import type { OverviewCardsReport } from './contract/overview.contract.ts';
import type { KpiCardData } from './contract/report.contract.ts';
import type { ApiErrorBodySchema } from './contract/primitives.ts';

export type { AnswerOf, AnswerSchemaName } from './contract/answer-schemas.ts';
export type { FleetHistoryStatus, HealthResponse, IngestResult } from './contract/health.contract.ts';
export type { GoalSave, GoalState, GoalsQuery, GoalsResponse } from './contract/goals.contract.ts';
export type {
  AchievementsResponse,
  AvailabilitiesKpisResponse,
  ChartUnits,
  HourMatrixRecord,
  ImpressionsAvailabilityCardsResponse,
  ImpressionsAvailabilityGraphsResponse,
  ImpressionsByHourMatrixResponse,
  ImpressionsKpisResponse,
  OverviewCardsReport,
  OverviewChartPoint,
  OverviewGraphsResponse,
  OverviewOeeResponse,
  ProductionRateResponse,
  ProductivityResponse,
  SystemKpiRecord,
  UtilizationProductivityMatrixResponse,
} from './contract/overview.contract.ts';
export type {
  ComparedUntil,
  KpiCardData,
  KpiCardLine,
  KpiCardLineWithoutValue,
  KpiComparison,
  KpiUnit,
  OverviewKpiCard,
  OverviewKpiCardWithoutValue,
  OverviewPeriods,
  ReportQuery,
  ReportPeriod,
} from './contract/report.contract.ts';
export type {
  CurrentStateResponse,
  DateFiltersResponse,
  GroupFilterData,
  MaxKeepAliveResponse,
  PortalPrinterStatus,
  ReportedPrintersStatusResponse,
  ReportSystem,
  SiteExtension,
} from './contract/reports.contract.ts';
export type { LayoutProblem, ReportLayoutAnswer } from './contract/report-layouts.contract.ts';
export type { CustomerDataResponse, ScopeCustomer, ScopeSite, ScopeSystem } from './contract/scope.contract.ts';
export type {
  OeeFigures,
  SoftwareVersionsResponse,
  SystemAnalysisItem,
  SystemNameResponse,
  SystemNameUpdate,
  SystemPageQuery,
  SystemsAnalysisResponse,
  SystemsNameResponse,
} from './contract/system-data.contract.ts';
export type {
  MachineSettings,
  MachineSettingsQuery,
  MessageRow,
  SystemAchievement,
  SystemAvailabilityTimeline,
  SystemEventsFileQuery,
  SystemImpressionsCards,
  SystemInkQuery,
  SystemInkTable,
  SystemKpi,
  SystemMessages,
  SystemPageCards,
  SystemPeriodQuery,
  SystemQualiset,
  SystemSeriesQuery,
  SystemTimeline,
  TimelineGranularity,
  TimelinePoint,
} from './contract/system-page.contract.ts';
export type {
  AgreementUpdate,
  ListedUser,
  LocaleUpdate,
  ProfileData,
  SystemsAnalysisView,
  UserSettings,
  UserSettingsUpdate,
} from './contract/users.contract.ts';

/** Uniform error body of every API failure. */
export type ApiErrorBody = Static<typeof ApiErrorBodySchema>;

/** What the first kpi-card panel reads of the overview-cards answer (the walking skeleton's view of it). */
export type OverviewCardsResponse = Pick<OverviewCardsReport, 'systemGroup' | 'day'> & { totalProduction: KpiCardData };
