import type { FastifyInstance } from 'fastify';
import {
  ExportCheckResponses,
  JobsQuerySchema,
  XlsxFileSchema,
  type JobsQuery,
} from '../../../shared/contract/jobs.contract.ts';
import { SystemsBodySchema } from '../../../shared/contract/report.contract.ts';
import { ERROR_RESPONSES } from '../../../shared/contract/primitives.ts';
import { errorsAndMaintenanceExport } from '../exports/events-export.ts';
import type { ExportSource } from '../exports/export-source.ts';
import { checkStatus, EXPORT_ROW_LIMIT_HEADER, sendExport, type ExportLimits } from '../exports/stream-export.ts';
import { inkPerJobExport } from './job-exports.ts';
import { withJobsContext, type JobsContext } from './jobs-context.ts';

interface ExportCall {
  source: (context: JobsContext) => ExportSource;
  limit: (limits: ExportLimits) => number;
  /** The file name without extension (spec reports §7). */
  fileName: (context: JobsContext) => string;
}

const periodSuffix = (context: JobsContext) => `${context.period.startDay}_${context.period.endDay}`;

const EXPORTS: Record<string, ExportCall> = {
  'ink-consumption-per-job-file': {
    source: inkPerJobExport,
    limit: (limits) => limits.inkExportJobs,
    fileName: (context) => `InkConsumptionPerJob_${context.group}_${periodSuffix(context)}`,
  },
  'errors-and-maintenance-file': {
    source: errorsAndMaintenanceExport,
    limit: (limits) => limits.eventExportRows,
    fileName: (context) => `Events_Error_Maintenance_${context.group}_${periodSuffix(context)}`,
  },
};

/**
 * The downloads of spec reports §7: `check-…` counts first and answers 200/204/205 without building anything, with the
 * download's row limit in its `Export-Row-Limit` header; the file call checks the same way, then streams the XLSX
 * straight into the response. `clock`: the server clock.
 */
export async function registerJobExportRoutes(
  app: FastifyInstance,
  limits: ExportLimits,
  clock: () => Date,
): Promise<void> {
  for (const [name, call] of Object.entries(EXPORTS)) {
    app.post<{ Querystring: JobsQuery; Body: { systems: string[] } }>(
      `/api/job-analysis-report/check-${name}`,
      {
        schema: {
          querystring: JobsQuerySchema,
          body: SystemsBodySchema,
          response: { ...ExportCheckResponses, ...ERROR_RESPONSES },
        },
      },
      async (request, reply) => {
        const rows = await withJobsContext(request, clock(), (context) => call.source(context).count());
        const limit = call.limit(limits);
        reply.header(EXPORT_ROW_LIMIT_HEADER, String(limit));
        const status = checkStatus(rows, limit);
        return status === 200 ? { rows } : reply.code(status).send();
      },
    );
    app.post<{ Querystring: JobsQuery; Body: { systems: string[] } }>(
      `/api/job-analysis-report/${name}`,
      {
        schema: {
          querystring: JobsQuerySchema,
          body: SystemsBodySchema,
          response: {
            200: XlsxFileSchema,
            204: ExportCheckResponses[204],
            205: ExportCheckResponses[205],
            ...ERROR_RESPONSES,
          },
        },
      },
      async (request, reply) => {
        await withJobsContext(request, clock(), (context) =>
          sendExport(reply, call.source(context), call.limit(limits), call.fileName(context)),
        );
        return reply;
      },
    );
  }
}
