import type { FastifyInstance } from 'fastify';
import type { Kysely } from 'kysely';
import type { Database } from '../db/schema.ts';
import { HttpError } from '../http-errors.ts';
import { ingestTelemetry, type IngestResult } from '../ingest/ingest-telemetry.ts';
import { tenantOfIngestToken } from '../ingest/ingest-tokens.ts';
import { errorResponses, noQuerySchema } from './schemas.ts';

/** Most records one call may carry; gateways send larger backlogs in several calls. */
export const MAX_INGEST_RECORDS = 5000;

/**
 * Body of POST /api/ingest/telemetry. Records are only required to be objects here: each one is validated against
 * the telemetry record schema (src/server/ingest/telemetry.schema.ts) on its own, so one bad record is reported by
 * index instead of failing the whole batch.
 */
const ingestBodySchema = {
  type: 'object',
  additionalProperties: false,
  required: ['records'],
  properties: { records: { type: 'array', maxItems: MAX_INGEST_RECORDS, items: { type: 'object' } } },
} as const;

/** Response: how many records were stored, skipped as already known, and which were rejected and why. */
const ingestResultSchema = {
  type: 'object',
  additionalProperties: false,
  required: ['accepted', 'duplicates', 'rejected'],
  properties: {
    accepted: { type: 'integer' },
    duplicates: { type: 'integer' },
    rejected: {
      type: 'array',
      items: {
        type: 'object',
        additionalProperties: false,
        required: ['index', 'reason'],
        properties: { index: { type: 'integer' }, reason: { type: 'string' } },
      },
    },
  },
} as const;

/**
 * POST /api/ingest/telemetry: printer telemetry from gateways. Authenticated by a per-tenant ingest token
 * (`Authorization: Bearer fpi_…`, see ingest-tokens.ts), never by a user's access token, so it is registered
 * outside the user-authenticated scope.
 */
export async function registerIngestRoutes(
  app: FastifyInstance,
  deps: { db: Kysely<Database>; futureToleranceMs: number },
): Promise<void> {
  const { db, futureToleranceMs } = deps;
  // The token's tenant per request, kept off FastifyRequest so no other route's request type carries it.
  const tenantOf = new WeakMap<object, string>();
  app.post<{ Body: { records: unknown[] } }>(
    '/api/ingest/telemetry',
    {
      // 5,000 records of a few hundred bytes each exceed Fastify's default 1 MiB.
      bodyLimit: 16 * 1024 * 1024,
      schema: {
        querystring: noQuerySchema,
        body: ingestBodySchema,
        response: { 200: ingestResultSchema, ...errorResponses },
      },
      // Authenticate before the body is parsed and validated: an unauthenticated caller learns nothing about the schema.
      onRequest: async (request) => {
        const match = /^Bearer (\S+)$/.exec(request.headers.authorization ?? '');
        const tenantId = match?.[1] === undefined ? null : await tenantOfIngestToken(db, match[1]);
        if (tenantId === null) throw new HttpError(401, 'A valid ingest token is required');
        tenantOf.set(request, tenantId);
      },
    },
    async (request): Promise<IngestResult> => {
      const tenantId = tenantOf.get(request);
      if (tenantId === undefined) throw new HttpError(401, 'A valid ingest token is required');
      return ingestTelemetry(db, tenantId, request.body.records, { futureToleranceMs });
    },
  );
}
