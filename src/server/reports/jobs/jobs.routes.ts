import type { FastifyInstance } from 'fastify';
import {
  JobBottlesLoadedKpisSchema,
  JobCycleTimeKpisSchema,
  JobDataPerUnitCardsSchema,
  JobGraphsSchema,
  JobInkConsumptionKpisSchema,
  JobPrintTimeKpisSchema,
  JobsFilteredQuerySchema,
  JobsQuerySchema,
  JobSummarySchema,
  JobTotalDataCardsSchema,
  JobTotalImpressionsSchema,
  type JobsFilteredQuery,
} from '../../../shared/contract/jobs.contract.ts';
import { SystemsBodySchema } from '../../../shared/contract/report.contract.ts';
import { ERROR_RESPONSES } from '../../../shared/contract/primitives.ts';
import { dataPerUnitCards, filterOf, totalDataCards } from './job-cards.ts';
import type { ExportLimits } from '../exports/stream-export.ts';
import { reportCall, type ReportCall } from '../common/report-call.ts';
import { registerJobExportRoutes } from './job-exports.routes.ts';
import { jobGraphs } from './job-graphs.ts';
import type { JobFilter } from './job-measures.ts';
import { bottlesLoadedKpis, cycleTimeKpis, inkConsumptionKpis, printTimeKpis, totalImpressions } from './job-kpis.ts';
import { jobSummary } from './job-summary.ts';
import { withJobsContext, type JobsContext } from './jobs-context.ts';

interface JobsCall extends ReportCall<JobsContext, JobFilter> {
  /** Whether the call reads the job summary's selection (dtg/dtf/apolloFilterParameters). */
  filtered: boolean;
}

/** Every JSON call of spec reports §7 "Jobs analysis": its answer's schema and how it is computed. */
const JOBS_CALLS: Record<string, JobsCall> = {
  'total-data-cards': { ...reportCall(JobTotalDataCardsSchema, totalDataCards), filtered: false },
  'data-per-unit-cards': { ...reportCall(JobDataPerUnitCardsSchema, dataPerUnitCards), filtered: true },
  graphs: { ...reportCall(JobGraphsSchema, jobGraphs), filtered: false },
  'total-impressions': { ...reportCall(JobTotalImpressionsSchema, totalImpressions), filtered: true },
  'print-time-KPIs': { ...reportCall(JobPrintTimeKpisSchema, printTimeKpis), filtered: true },
  'cycle-time-KPIs': { ...reportCall(JobCycleTimeKpisSchema, cycleTimeKpis), filtered: true },
  'ink-consumption-KPIs': { ...reportCall(JobInkConsumptionKpisSchema, inkConsumptionKpis), filtered: true },
  'total-bottles-loaded-KPIs': { ...reportCall(JobBottlesLoadedKpisSchema, bottlesLoadedKpis), filtered: false },
  'job-summary': { ...reportCall(JobSummarySchema, jobSummary), filtered: false },
};

export const JOBS_REPORT_PREFIX = '/api/job-analysis-report';
/** The JSON calls, for tests. */
export const JOBS_CALL_NAMES = Object.keys(JOBS_CALLS);

/**
 * /api/job-analysis-report/*: Jobs Analysis (docs/architecture.md "Jobs Analysis API"). Each call takes one period
 * (day, week, month, quarter, year or custom) and `systemGroupType` in the query, the selected serial numbers in the
 * body, and answers for the systems of the group in the user's scope (all of them when none is selected).
 * Register inside the scope of registerTenantScope: handlers reach the database only through `request.tenantDb`.
 * `clock` is the server clock (a period in progress is compared up to its time).
 */
export async function registerJobAnalysisRoutes(
  app: FastifyInstance,
  limits: ExportLimits,
  clock: () => Date,
): Promise<void> {
  for (const [name, call] of Object.entries(JOBS_CALLS)) {
    app.post<{ Querystring: JobsFilteredQuery; Body: { systems: string[] } }>(
      `${JOBS_REPORT_PREFIX}/${name}`,
      {
        schema: {
          querystring: call.filtered ? JobsFilteredQuerySchema : JobsQuerySchema,
          body: SystemsBodySchema,
          response: { 200: call.response, ...ERROR_RESPONSES },
        },
      },
      async (request) =>
        withJobsContext(request, clock(), (context) => call.build(context, filterOf(context.group, request.query)), {
          shared: true,
        }),
    );
  }
  await registerJobExportRoutes(app, limits, clock);
}
