import { Readable } from 'node:stream';
import { finished } from 'node:stream/promises';
import type { FastifyInstance, FastifyReply } from 'fastify';
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import type { Kysely, Transaction } from 'kysely';
import { ROLE } from '../../shared/auth/roles.ts';
import { JobsQuerySchema, JobSummarySchema } from '../../shared/contract/jobs.contract.ts';
import { OverviewCardsReportSchema } from '../../shared/contract/overview.contract.ts';
import { ERROR_RESPONSES } from '../../shared/contract/primitives.ts';
import { JobsCsvSchema, PUBLIC_API_PREFIX } from '../../shared/contract/public-api.contract.ts';
import { PeriodQuerySchema } from '../../shared/contract/report.contract.ts';
import { SystemsAnalysisResponseSchema } from '../../shared/contract/system-data.contract.ts';
import { runAsCaller } from '../auth/tenant-request.ts';
import type { KnownCertificate } from '../certificates/client-certificates.ts';
import type { Database } from '../db/schema.ts';
import { HttpError } from '../http-errors.ts';
import { openReportContext } from '../reports/common/report-context.ts';
import type { ExportLimits } from '../reports/exports/stream-export.ts';
import { inkPerJobExport } from '../reports/jobs/job-exports.ts';
import { jobSummary } from '../reports/jobs/job-summary.ts';
import { openJobsContext } from '../reports/jobs/jobs-context.ts';
import { overviewCards } from '../reports/overview/overview-cards.ts';
import { systemsAnalysis } from '../reports/systems/system-data.ts';
import { loadCurrentUser, type UserScope } from '../users/current-user.ts';
import { csvChunks } from './csv-export.ts';

declare module 'fastify' {
  interface FastifyRequest {
    /** The client certificate the mutual-TLS listener accepted for this request (public-api-server.ts). */
    apiCaller: KnownCertificate | null;
  }
}

/** Tag of every public route in the public API's document. */
export const PUBLIC_API_TAG = 'Fleet data';

/** What the public routes need: the database (as owner; every call runs as the certificate's user), clock, limits. */
export interface PublicApiDeps {
  db: Kysely<Database>;
  clock: () => Date;
  exportLimits: ExportLimits;
}

/**
 * Runs `work` as the certificate's user: in their tenant's transaction under row-level security, with their scope
 * (loadCurrentUser, the same walls as the browser API). A user who lost the Certificate role reads nothing (403).
 */
function asCertificateUser<T>(
  db: Kysely<Database>,
  caller: KnownCertificate | null,
  work: (trx: Transaction<Database>, scope: UserScope) => Promise<T>,
): Promise<T> {
  if (caller === null) throw new HttpError(401, 'A client certificate issued by this portal is required');
  const identity = { sub: caller.userId, tenantId: caller.tenantId, isSuperUser: false };
  return runAsCaller(db, identity, async (trx) => {
    const { row, scope } = await loadCurrentUser(trx, identity);
    if (!row.roles.includes(ROLE.Certificate)) {
      throw new HttpError(403, 'The certificate’s user no longer has the Certificate role');
    }
    return work(trx, scope);
  });
}

const documented = (operationId: string, summary: string, description: string) => ({
  tags: [PUBLIC_API_TAG],
  operationId,
  summary,
  description,
});

/** The public routes, for tests and the document check. */
export const PUBLIC_API_ROUTES = ['overview', 'systems', 'jobs', 'jobs.csv'].map(
  (name) => `${PUBLIC_API_PREFIX}/${name}`,
);

/**
 * The public data API's routes (read-only, GET): the Overview's KPI cards, Systems Analysis' per-system figures and
 * Jobs Analysis' job summary as JSON, and the period's jobs as CSV, for the systems of a group in the certificate
 * user's scope. The listener (public-api-server.ts) sets `request.apiCaller` before any of them runs.
 */
export async function registerPublicApiRoutes(server: FastifyInstance, deps: PublicApiDeps): Promise<void> {
  const app = server.withTypeProvider<TypeBoxTypeProvider>();
  const { db, clock } = deps;

  app.get(
    `${PUBLIC_API_PREFIX}/overview`,
    {
      schema: {
        ...documented(
          'getOverviewCards',
          'Overview KPI cards of a system group',
          'Impressions, availability, utilization and the other Overview cards for one day, week or custom range ' +
            '(e.g. a month: `custom=2026-10-01/2026-10-31`), each with the previous period and the change.',
        ),
        querystring: PeriodQuerySchema,
        response: { 200: OverviewCardsReportSchema, ...ERROR_RESPONSES },
      },
    },
    async (request) =>
      asCertificateUser(db, request.apiCaller, async (trx, scope) => {
        const { systemGroup, ...query } = request.query;
        const now = clock();
        return overviewCards(
          await openReportContext(trx, { scope, group: systemGroup, serialNumbers: [], query, now }),
        );
      }),
  );

  app.get(
    `${PUBLIC_API_PREFIX}/systems`,
    {
      schema: {
        ...documented(
          'getSystemsAnalysis',
          'Per-system figures of a system group',
          'Systems Analysis: each system of the group with its production, availability and utilization in the period.',
        ),
        querystring: PeriodQuerySchema,
        response: { 200: SystemsAnalysisResponseSchema, ...ERROR_RESPONSES },
      },
    },
    async (request) =>
      asCertificateUser(db, request.apiCaller, async (trx, scope) => {
        const { systemGroup, ...query } = request.query;
        const now = clock();
        const context = await openReportContext(trx, { scope, group: systemGroup, serialNumbers: [], query, now });
        return systemsAnalysis(context, scope);
      }),
  );

  app.get(
    `${PUBLIC_API_PREFIX}/jobs`,
    {
      schema: {
        ...documented(
          'getJobSummary',
          'Job summary of a system group',
          'Jobs Analysis’ summary: jobs, impressions, ink and time by job size (and print mode for DTF) in a day, ' +
            'week, month, quarter, year or custom range.',
        ),
        querystring: JobsQuerySchema,
        response: { 200: JobSummarySchema, ...ERROR_RESPONSES },
      },
    },
    async (request) =>
      asCertificateUser(db, request.apiCaller, async (trx, scope) =>
        jobSummary(await openJobsContext(trx, scope, request.query, [], clock())),
      ),
  );

  app.get(
    `${PUBLIC_API_PREFIX}/jobs.csv`,
    {
      schema: {
        ...documented(
          'getJobsCsv',
          'Jobs of a system group as CSV',
          `Every job that ended in the period, one per row, at most ${deps.exportLimits.inkExportJobs} rows ` +
            '(more is a 400: choose a shorter period).',
        ),
        querystring: JobsQuerySchema,
        response: { 200: JobsCsvSchema, ...ERROR_RESPONSES },
      },
    },
    async (request, reply) => {
      await asCertificateUser(db, request.apiCaller, async (trx, scope) => {
        const context = await openJobsContext(trx, scope, request.query, [], clock());
        const source = inkPerJobExport(context);
        if ((await source.count()) > deps.exportLimits.inkExportJobs) {
          throw new HttpError(400, `More than ${deps.exportLimits.inkExportJobs} jobs: choose a shorter period`);
        }
        const fileName = `jobs_${context.group}_${context.period.startDay}_${context.period.endDay}.csv`;
        // The rows are read through a cursor of this transaction: it stays open until the body is written.
        const body = Readable.from(csvChunks(source));
        const textReply: FastifyReply = reply;
        void textReply
          .type('text/csv; charset=utf-8')
          .header('content-disposition', `attachment; filename="${fileName}"`)
          .send(body);
        await finished(body).catch(() => undefined);
      });
      return reply;
    },
  );
}
