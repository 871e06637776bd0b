import { Type, type Static, type TProperties, type TSchema } from 'typebox';
import { PeriodsAnswer, periodQueryProperties } from './report.contract.ts';
import { INK_CHART_COLOURS, JOB_SIZES, PRINT_MODE_NAMES } from '../jobs/job-categories.ts';
import { Closed, Day, NullableNumber, StringEnum, SystemGroupSchema } from './primitives.ts';

/**
 * Contract of /api/job-analysis-report/* (spec reports §7 "Jobs analysis"; docs/architecture.md "Jobs Analysis API").
 * Every call takes exactly one of day, week, month, quarter, year (any day of the period) or custom (whole days on
 * Jobs: hours are 0 and 23, spec reports §4), the group as `systemGroupType`, and the selected serial numbers in the
 * body. A job counts, whole, in the period its end falls in (docs/kpi-glossary.md "Periods and time zones").
 * Ink is in millilitres (stored microlitres ÷ 1000, spec reports §9); lengths in metres ('m'), which the client shows
 * in the user's length unit; times in seconds.
 */

const jobsPeriodProperties = {
  ...periodQueryProperties,
  month: Type.Optional(Day()),
  quarter: Type.Optional(Day()),
  year: Type.Optional(Day()),
};
/** Exactly one period parameter. */
const oneJobsPeriodRule = {
  oneOf: ['day', 'week', 'month', 'quarter', 'year', 'custom'].map((key) => ({ required: [key] })),
};

export { INK_CHART_COLOURS, JOB_SIZES, PRINT_MODE_NAMES, type JobSize } from '../jobs/job-categories.ts';

const SizeList = () => Type.Array(StringEnum(JOB_SIZES), { maxItems: 3, uniqueItems: true });

/** Query of the Jobs calls without filters: the period and the group. */
export const JobsQuerySchema = Closed(
  { ...jobsPeriodProperties, systemGroupType: SystemGroupSchema },
  oneJobsPeriodRule,
);
export type JobsQuery = Static<typeof JobsQuerySchema>;

/**
 * Query of the filtered Jobs calls (data-per-unit-cards and the KPI calls): the period, the group, and the job summary's
 * selection — sizes for DTG (`dtgFilterParameters.sizes`) and Apollo (`apolloFilterParameters.sizes`), print modes for
 * DTF (`dtfFilterParameters.printModes`); repeated keys, none = every job. Only the group's own filter is read.
 */
export const JobsFilteredQuerySchema = Closed(
  {
    ...jobsPeriodProperties,
    systemGroupType: SystemGroupSchema,
    'dtgFilterParameters.sizes': Type.Optional(SizeList()),
    'apolloFilterParameters.sizes': Type.Optional(SizeList()),
    'dtfFilterParameters.printModes': Type.Optional(
      Type.Array(Type.Integer({ minimum: 0, maximum: 3 }), { maxItems: 4, uniqueItems: true }),
    ),
  },
  oneJobsPeriodRule,
);
export type JobsFilteredQuery = Static<typeof JobsFilteredQuerySchema>;

/** Chart buckets: hours of a day, days of a week or month (or a custom range up to 31 days), weeks of a quarter, months. */
export const JobsGranularitySchema = StringEnum(['hour', 'day', 'week', 'month']);
export type JobsGranularity = Static<typeof JobsGranularitySchema>;

const bucketProperties = {
  /** Bucket start: yyyy-MM-ddTHH:00 for hours, yyyy-MM-dd otherwise (a week's Monday, a month's 1st). */
  date: Type.String(),
  granularity: JobsGranularitySchema,
  /** Days of the bucket inside the period when the period cuts it (the orange count of spec reports §2); else null. */
  days: NullableNumber(),
};

/** A value of the period compared with the previous period; `stats` is the fractional change (null when previous is 0). */
const comparison = <Properties extends TProperties>(properties: Properties) =>
  Closed({ ...properties, previous: Type.Number(), stats: NullableNumber() });

const JobKpiUnitSchema = StringEnum(['imp', 'm', 's', 'ml', 'bottles', 's/imp', 's/m', 'ml/imp', 'ml/m']);

/** A KPI of the period with its previous value and its value per chart bucket. */
export const JobKpiTrendSchema = Closed({
  value: Type.Number(),
  previous: Type.Number(),
  stats: NullableNumber(),
  units: JobKpiUnitSchema,
  records: Type.Array(Closed({ ...bucketProperties, value: Type.Number() })),
});
export type JobKpiTrend = Static<typeof JobKpiTrendSchema>;

/** A per-unit KPI: per impression (DTG, Apollo) or per metre of film (DTF). */
const PerUnitSchema = comparison({ value: Type.Number(), units: JobKpiUnitSchema });

const JobsAnswer = <Properties extends TProperties>(id: string, properties: Properties) =>
  PeriodsAnswer(id, { ...properties, statsDescription: Type.String() });

/** POST /api/job-analysis-report/total-data-cards: the total cards (spec reports §2 Jobs Analysis). */
export const JobTotalDataCardsSchema = JobsAnswer('JobTotalDataCards', {
  /** Sum of the durations (start to end) of the period's jobs. */
  totalPrintingTimeResponse: comparison({ totalPrintingTimeSeconds: Type.Number() }),
  /** Impressions (DTG, Apollo) or metres of film (DTF). */
  totalProductionResponse: comparison({ totalProduction: Type.Number(), units: StringEnum(['imp', 'm']) }),
  /** Ink bottles loaded in the period. */
  bottlesLoadedResponse: comparison({ bottlesLoaded: Type.Number() }),
});
export type JobTotalDataCards = Static<typeof JobTotalDataCardsSchema>;

/** POST /api/job-analysis-report/data-per-unit-cards (filtered by the job summary's selection). */
export const JobDataPerUnitCardsSchema = JobsAnswer('JobDataPerUnitCards', {
  printTimePerUnitResponse: PerUnitSchema,
  inkConsumptionPerUnitResponse: PerUnitSchema,
  /** DTF: the widest film of the period's jobs in millimetres (null for DTG and Apollo, or when no job reported one). */
  mediaWidthResponse: Closed({ widestMediaWidthMm: NullableNumber() }),
});
export type JobDataPerUnitCards = Static<typeof JobDataPerUnitCardsSchema>;

const ColourNameSchema = StringEnum(INK_CHART_COLOURS);
const ColourValue = () => Closed({ colorName: ColourNameSchema, colorValue: Type.Number() });

/**
 * POST /api/job-analysis-report/graphs: ink in ml per bucket and colour, per colour over the period, and per colour
 * against the previous period. A colour none of the selected systems used in the period is left out ("null colours
 * are dropped"); Total is always there.
 */
export const JobGraphsSchema = JobsAnswer('JobGraphs', {
  granularity: JobsGranularitySchema,
  inkConsumptionTrendResponse: Type.Array(Closed({ ...bucketProperties, colors: Type.Array(ColourValue()) })),
  colorConsumptionResponse: Type.Array(
    Closed({ colorName: ColourNameSchema, colorValue: Type.Number(), percent: Type.Number() }),
  ),
  colorComparisonResponse: Type.Array(
    Closed({
      colorName: ColourNameSchema,
      colorValue: Type.Number(),
      previous: Type.Number(),
      stats: NullableNumber(),
    }),
  ),
});
export type JobGraphs = Static<typeof JobGraphsSchema>;

const kpiAnswer = <Properties extends Record<string, TSchema>>(id: string, properties: Properties) =>
  JobsAnswer(id, { granularity: JobsGranularitySchema, ...properties });

/** POST /api/job-analysis-report/total-impressions: production (imp, or m for DTF) per bucket. */
export const JobTotalImpressionsSchema = kpiAnswer('JobTotalImpressions', { totalImpressions: JobKpiTrendSchema });
/** POST /api/job-analysis-report/print-time-KPIs: printing time per bucket and per unit. */
export const JobPrintTimeKpisSchema = kpiAnswer('JobPrintTimeKpis', {
  totalPrintingTime: JobKpiTrendSchema,
  printTimePerUnitResponse: PerUnitSchema,
});
/** POST /api/job-analysis-report/cycle-time-KPIs (Apollo): seconds per impression per bucket; seconds per job. */
export const JobCycleTimeKpisSchema = kpiAnswer('JobCycleTimeKpis', {
  cycleTimePerImpressionResponse: JobKpiTrendSchema,
  averageProcessTimeResponse: comparison({ averageProcessTimeSeconds: Type.Number() }),
});
/** POST /api/job-analysis-report/ink-consumption-KPIs: ink (ml) per bucket and per unit. */
export const JobInkConsumptionKpisSchema = kpiAnswer('JobInkConsumptionKpis', {
  totalInkConsumption: JobKpiTrendSchema,
  inkConsumptionPerUnitResponse: PerUnitSchema,
});
/** POST /api/job-analysis-report/total-bottles-loaded-KPIs: bottles loaded per bucket (not filtered: a bottle has no size). */
export const JobBottlesLoadedKpisSchema = kpiAnswer('JobBottlesLoadedKpis', { bottlesLoaded: JobKpiTrendSchema });
export type JobTotalImpressions = Static<typeof JobTotalImpressionsSchema>;
export type JobPrintTimeKpis = Static<typeof JobPrintTimeKpisSchema>;
export type JobCycleTimeKpis = Static<typeof JobCycleTimeKpisSchema>;
export type JobInkConsumptionKpis = Static<typeof JobInkConsumptionKpisSchema>;
export type JobBottlesLoadedKpis = Static<typeof JobBottlesLoadedKpisSchema>;

const groupFigures = {
  numberOfJobs: Type.Integer(),
  numberOfImpressions: Type.Integer(),
  /** ml */
  totalInk: Type.Number(),
  /** seconds of printing (job durations) */
  totalTime: Type.Number(),
  /** metres of film */
  filmLength: Type.Number(),
};

/**
 * POST /api/job-analysis-report/job-summary. `jobSummaryData`: Small, Medium, Large and Total (spec reports §3 impression
 * size categories); `percent` is the share of production (impressions; film length for DTF), whole percentages that
 * total 100. `jobSummaryDataShort`: the Apollo/DTG size cards. DTF: `printModes` (ByPrintType, modes 0–3) and
 * `dtFilmData`, the film summary; both empty/null for the other groups. `isPartialData`: part of the period lies
 * before the DTF per-job data start (2024-01-31, spec reports §5), 'Size data is not available for part of the selected
 * period'; `hasNoData`: no job ended in the period, 'There is no available data'.
 */
export const JobSummarySchema = JobsAnswer('JobSummary', {
  hasNoData: Type.Boolean(),
  isPartialData: Type.Boolean(),
  jobSummaryData: Type.Array(
    Closed({ sizeCategory: StringEnum([...JOB_SIZES, 'Total']), ...groupFigures, percent: Type.Number() }),
  ),
  jobSummaryDataShort: Type.Array(Closed({ sizeCategory: StringEnum(JOB_SIZES), numberOfImpressions: Type.Integer() })),
  printModes: Type.Array(
    Closed({
      mode: Type.Integer(),
      modeName: StringEnum(PRINT_MODE_NAMES),
      ...groupFigures,
      percent: Type.Number(),
    }),
  ),
  dtFilmData: Type.Union([
    Closed({ ...groupFigures, widestMediaWidthMm: NullableNumber(), units: StringEnum(['m']) }),
    Type.Null(),
  ]),
});
export type JobSummary = Static<typeof JobSummarySchema>;

/**
 * The check calls' answers: 200 ready, 204 no data, 205 too much data (spec reports §4, §5); no body. Each carries the
 * download's row limit in its `Export-Row-Limit` header (the limit texts show it: 'Exceeds 200k limit.').
 */
export const ExportCheckResponses = {
  /** 'Ready to download': how many rows the file will have. */
  200: Closed({ rows: Type.Integer() }, { $id: 'ExportCheck' }),
  204: Type.Null({ description: 'No data to download For This Period' }),
  205: Type.Null({ description: 'Too much data to download, please select shorter period' }),
};

/** The download calls' 200 answer: an XLSX file (Content-Disposition names it). */
export const XlsxFileSchema = Type.Unsafe<string>({
  type: 'string',
  contentMediaType: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
  description: 'XLSX workbook',
});
