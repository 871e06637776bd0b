import type { Static } from 'typebox';
import { CertificateDetailsSchema, CreatedCertificateSchema } from './certificates.contract.ts';
import { GoalsResponseSchema } from './goals.contract.ts';
import { HealthResponseSchema, IngestResultSchema } from './health.contract.ts';
import {
  AchievementsResponseSchema,
  AvailabilitiesKpisResponseSchema,
  ImpressionsAvailabilityCardsResponseSchema,
  ImpressionsAvailabilityGraphsResponseSchema,
  ImpressionsByHourMatrixResponseSchema,
  ImpressionsKpisResponseSchema,
  OverviewCardsReportSchema,
  OverviewGraphsResponseSchema,
  OverviewOeeResponseSchema,
  ProductionRateResponseSchema,
  ProductivityResponseSchema,
  UtilizationProductivityMatrixResponseSchema,
} from './overview.contract.ts';
import {
  ExportCheckResponses,
  JobBottlesLoadedKpisSchema,
  JobCycleTimeKpisSchema,
  JobDataPerUnitCardsSchema,
  JobGraphsSchema,
  JobInkConsumptionKpisSchema,
  JobPrintTimeKpisSchema,
  JobSummarySchema,
  JobTotalDataCardsSchema,
  JobTotalImpressionsSchema,
} from './jobs.contract.ts';
import { ApiErrorBodySchema } from './primitives.ts';
import {
  CurrentStateResponseSchema,
  DateFiltersResponseSchema,
  MaxKeepAliveResponseSchema,
  ReportedPrintersStatusResponseSchema,
  ReportSystemsSchema,
  SiteExtensionsSchema,
} from './reports.contract.ts';
import {
  CustomerDataResponseSchema,
  ScopeCustomersSchema,
  ScopeSitesSchema,
  ScopeSystemsSchema,
} from './scope.contract.ts';
import {
  SoftwareVersionsResponseSchema,
  SystemNameResponseSchema,
  SystemsAnalysisResponseSchema,
  SystemsNameResponseSchema,
} from './system-data.contract.ts';
import {
  MachineSettingsSchema,
  SystemAchievementSchema,
  SystemAvailabilityTimelineSchema,
  SystemImpressionsCardsSchema,
  SystemInkTableSchema,
  SystemMessagesSchema,
  SystemPageCardsSchema,
  SystemQualisetSchema,
  SystemTimelineSchema,
} from './system-page.contract.ts';
import { TvXmrImpressionsSchema } from './tv-dashboard.contract.ts';
import { ListedUsersSchema, ProfileDataSchema, UserSettingsSchema } from './users.contract.ts';
import { SchedulerEntriesSchema, SchedulerEntrySchema, SchedulerTemplatesSchema } from './scheduler.contract.ts';

/**
 * Every API answer's schema by its stable name (the schema's `$id`). A layout query may name its answer schema here, so
 * the runtime validates the answer once and hands the panel typed data (`AnswerOf<'OverviewCards'>`). Renaming an
 * entry breaks every layout that names it: add a new name instead. The API routes serialise with these same objects.
 */
export const ANSWER_SCHEMAS = {
  ApiErrorBody: ApiErrorBodySchema,
  Health: HealthResponseSchema,
  IngestResult: IngestResultSchema,
  ProfileData: ProfileDataSchema,
  UserSettings: UserSettingsSchema,
  Goals: GoalsResponseSchema,
  ListedUsers: ListedUsersSchema,
  CertificateDetails: CertificateDetailsSchema,
  CreatedCertificate: CreatedCertificateSchema,
  SchedulerEntry: SchedulerEntrySchema,
  SchedulerEntries: SchedulerEntriesSchema,
  SchedulerTemplates: SchedulerTemplatesSchema,
  ScopeCustomers: ScopeCustomersSchema,
  ScopeSites: ScopeSitesSchema,
  ScopeSystems: ScopeSystemsSchema,
  CustomerData: CustomerDataResponseSchema,
  DateFilters: DateFiltersResponseSchema,
  MaxKeepAlive: MaxKeepAliveResponseSchema,
  ReportSystems: ReportSystemsSchema,
  CurrentState: CurrentStateResponseSchema,
  SiteExtensions: SiteExtensionsSchema,
  ReportedPrintersStatus: ReportedPrintersStatusResponseSchema,
  OverviewCards: OverviewCardsReportSchema,
  OverviewOee: OverviewOeeResponseSchema,
  ImpressionsAvailabilityCards: ImpressionsAvailabilityCardsResponseSchema,
  ProductionRate: ProductionRateResponseSchema,
  Productivity: ProductivityResponseSchema,
  Achievements: AchievementsResponseSchema,
  OverviewGraphs: OverviewGraphsResponseSchema,
  ImpressionsAvailabilityGraphs: ImpressionsAvailabilityGraphsResponseSchema,
  ImpressionsByHourMatrix: ImpressionsByHourMatrixResponseSchema,
  UtilizationProductivityMatrix: UtilizationProductivityMatrixResponseSchema,
  ImpressionsKpis: ImpressionsKpisResponseSchema,
  AvailabilitiesKpis: AvailabilitiesKpisResponseSchema,
  SystemsName: SystemsNameResponseSchema,
  SystemName: SystemNameResponseSchema,
  SystemsAnalysis: SystemsAnalysisResponseSchema,
  SoftwareVersions: SoftwareVersionsResponseSchema,
  SystemTimeline: SystemTimelineSchema,
  SystemPageCards: SystemPageCardsSchema,
  SystemMessages: SystemMessagesSchema,
  SystemInkTable: SystemInkTableSchema,
  SystemQualiset: SystemQualisetSchema,
  SystemImpressionsCards: SystemImpressionsCardsSchema,
  SystemAvailabilityTimeline: SystemAvailabilityTimelineSchema,
  SystemAchievement: SystemAchievementSchema,
  MachineSettings: MachineSettingsSchema,
  JobTotalDataCards: JobTotalDataCardsSchema,
  JobDataPerUnitCards: JobDataPerUnitCardsSchema,
  JobGraphs: JobGraphsSchema,
  JobTotalImpressions: JobTotalImpressionsSchema,
  JobPrintTimeKpis: JobPrintTimeKpisSchema,
  JobCycleTimeKpis: JobCycleTimeKpisSchema,
  JobInkConsumptionKpis: JobInkConsumptionKpisSchema,
  JobBottlesLoadedKpis: JobBottlesLoadedKpisSchema,
  JobSummary: JobSummarySchema,
  ExportCheck: ExportCheckResponses[200],
  TvXmrImpressions: TvXmrImpressionsSchema,
} as const;

/** The name a layout query gives its answer schema. */
export type AnswerSchemaName = keyof typeof ANSWER_SCHEMAS;

/** The TypeScript type of the answer named `Name`. */
export type AnswerOf<Name extends AnswerSchemaName> = Static<(typeof ANSWER_SCHEMAS)[Name]>;

export const ANSWER_SCHEMA_NAMES = Object.keys(ANSWER_SCHEMAS) as AnswerSchemaName[];

/** Whether `name` (e.g. read from a layout file) names an answer schema. */
export function isAnswerSchemaName(name: string): name is AnswerSchemaName {
  return Object.hasOwn(ANSWER_SCHEMAS, name);
}

/** The answer schema named `name`; its `$id` is `name`. */
export function answerSchema<Name extends AnswerSchemaName>(name: Name): (typeof ANSWER_SCHEMAS)[Name] {
  return ANSWER_SCHEMAS[name];
}
