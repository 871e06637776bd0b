import { PassThrough } from 'node:stream';
import type { FastifyInstance, FastifyReply } from 'fastify';
import {
  ExportCheckResponses,
  JobsQuerySchema,
  XlsxFileSchema,
  type JobsQuery,
} from '../../../shared/contract/jobs.contract.ts';
import { SystemsBodySchema } from '../../../shared/contract/overview.contract.ts';
import { ERROR_RESPONSES } from '../../../shared/contract/primitives.ts';
import { errorsAndMaintenanceExport, inkPerJobExport, type ExportSource } from './job-exports.ts';
import { withJobsContext, type JobsContext } from './jobs-context.ts';
import { streamWorksheet, XLSX_CONTENT_TYPE } from './xlsx-stream.ts';

/** Rows read per batch while streaming an export. */
const EXPORT_BATCH_ROWS = 2000;

/** The export limits: the ink export's 200k jobs, and the events' rows below Excel's 1,048,576 (one is the header). */
export interface ExportLimits {
  inkExportJobs: number;
  eventExportRows: number;
}

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

/** 200 ready, 204 nothing in the period, 205 more rows than the limit (spec reports §4). */
function checkStatus(rows: number, limit: number): 200 | 204 | 205 {
  if (rows === 0) return 204;
  return rows > limit ? 205 : 200;
}

/** Streams the workbook into the response; a client that goes away stops the reading at the next batch. */
async function streamExport(reply: FastifyReply, call: ExportCall, context: JobsContext): Promise<void> {
  const body = new PassThrough();
  let clientGone = false;
  reply.raw.on('close', () => {
    clientGone = !reply.raw.writableFinished;
  });
  reply
    .header('content-type', XLSX_CONTENT_TYPE)
    .header('content-disposition', `attachment; filename="${call.fileName(context)}.xlsx"`)
    .send(body);
  const source = call.source(context);
  const result = await streamWorksheet(
    body,
    source.sheetName,
    source.columns,
    source.batches(EXPORT_BATCH_ROWS),
    () => clientGone || body.destroyed,
  );
  if (!result.completed) {
    reply.log.info({ rows: result.rows }, 'export stopped: the client went away');
    body.destroy();
  }
}

/**
 * The downloads of spec reports §7: `check-…` counts first and answers 200/204/205 without building anything;
 * the file call checks the same way, then streams the XLSX straight into the response.
 */
export async function registerJobExportRoutes(app: FastifyInstance, limits: ExportLimits): Promise<void> {
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
        const rows = await withJobsContext(request, (context) => call.source(context).count());
        const status = checkStatus(rows, call.limit(limits));
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
        await withJobsContext(request, async (context) => {
          const status = checkStatus(await call.source(context).count(), call.limit(limits));
          if (status === 200) await streamExport(reply, call, context);
          else reply.code(status).send();
        });
        return reply;
      },
    );
  }
}
