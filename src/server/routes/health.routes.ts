import type { FastifyInstance } from 'fastify';
import { sql, type Kysely } from 'kysely';
import type { Database } from '../db/schema.ts';
import { HttpError } from '../http-errors.ts';
import type { FleetHistoryStatus } from '../../shared/fleet-history.ts';
import { historyStatus } from '../simulator/backfill.ts';
import { errorResponses, noQuerySchema } from './schemas.ts';

/**
 * GET /api/health (no auth): answers only when the database does. `history` tells how much of the demo fleet's
 * history is in while the first start fills it in the background (absent without demo data).
 */
export interface HealthResponse {
  status: 'ok';
  database: 'pglite' | 'postgres';
  version: string;
  history?: FleetHistoryStatus;
}

const healthSchema = {
  type: 'object',
  additionalProperties: false,
  required: ['status', 'database', 'version'],
  properties: {
    status: { type: 'string', enum: ['ok'] },
    database: { type: 'string', enum: ['pglite', 'postgres'] },
    version: { type: 'string' },
    history: {
      type: 'object',
      additionalProperties: false,
      required: ['daysAvailable', 'daysTotal'],
      properties: { daysAvailable: { type: 'integer' }, daysTotal: { type: 'integer' } },
    },
  },
} as const;

export async function registerHealthRoutes(
  app: FastifyInstance,
  deps: { db: Kysely<Database>; version: string },
): Promise<void> {
  const { db, version } = deps;
  app.get(
    '/api/health',
    { schema: { querystring: noQuerySchema, response: { 200: healthSchema, ...errorResponses } } },
    async (): Promise<HealthResponse> => {
      // version() both proves the database answers and tells which one it is.
      const { rows } = await sql<{ version: string }>`SELECT version() AS version`
        .execute(db)
        .catch((error: unknown) => {
          throw new HttpError(
            503,
            `The database does not answer: ${error instanceof Error ? error.message : String(error)}`,
          );
        });
      const database = rows[0]?.version.includes('PGlite') ? 'pglite' : 'postgres';
      const history = await historyStatus(db);
      return { status: 'ok', database, version, ...(history === null ? {} : { history }) };
    },
  );
}
