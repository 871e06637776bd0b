import type { FastifyInstance } from 'fastify';
import type { Kysely } from 'kysely';
import type { Database } from '../db/schema.ts';
import { HttpError } from '../http-errors.ts';
import { ingestTelemetry } from '../ingest/ingest-telemetry.ts';
import { tenantOfIngestToken } from '../ingest/ingest-tokens.ts';
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import { IngestBodySchema, IngestResultSchema } from '../../shared/contract/health.contract.ts';
import { ERROR_RESPONSES, NoQuery } from '../../shared/contract/primitives.ts';

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
  app.withTypeProvider<TypeBoxTypeProvider>().post(
    '/api/ingest/telemetry',
    {
      // 5,000 records of a few hundred bytes each exceed Fastify's default 1 MiB.
      bodyLimit: 16 * 1024 * 1024,
      schema: {
        querystring: NoQuery,
        body: IngestBodySchema,
        response: { 200: IngestResultSchema, ...ERROR_RESPONSES },
      },
      // Authenticate before the body is parsed and validated: an unauthenticated caller learns nothing about the schema.
      onRequest: async (request) => {
        const match = /^Bearer (\S+)$/.exec(request.headers.authorization ?? '');
        const tenantId = match?.[1] === undefined ? null : await tenantOfIngestToken(db, match[1]);
        if (tenantId === null) throw new HttpError(401, 'A valid ingest token is required');
        tenantOf.set(request, tenantId);
      },
    },
    async (request) => {
      const tenantId = tenantOf.get(request);
      if (tenantId === undefined) throw new HttpError(401, 'A valid ingest token is required');
      return ingestTelemetry(db, tenantId, request.body.records, { futureToleranceMs });
    },
  );
}
