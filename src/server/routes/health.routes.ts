import type { FastifyInstance } from 'fastify';
import { sql, type Kysely } from 'kysely';
import type { ReadReplica } from '../db/read-replica.ts';
import type { Database } from '../db/schema.ts';
import { HttpError } from '../http-errors.ts';
import { historyStatus } from '../simulator/backfill.ts';
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import {
  HealthResponseSchema,
  type HealthResponse,
  type ReplicaStatus,
} from '../../shared/contract/health.contract.ts';
import { ERROR_RESPONSES, NoQuery } from '../../shared/contract/primitives.ts';

/** What the last lag probe saw; reports read from the replica only while it is `inUse`. */
function replicaStatus(replica: ReadReplica): ReplicaStatus {
  const lag = replica.lag();
  return lag === null
    ? { inUse: false, answering: false }
    : { inUse: replica.usable(), answering: true, lagBytes: lag.bytes, lagMs: Math.round(lag.ms) };
}

/**
 * GET /api/health (no auth): answers only when the database does (HealthResponseSchema). It asks through `healthDb`
 * when given (PostgreSQL: a connection of its own, database.ts), so a node whose pool is busy still answers its load
 * balancer's checks.
 */
export async function registerHealthRoutes(
  app: FastifyInstance,
  deps: { db: Kysely<Database>; healthDb?: Kysely<Database>; version: string; replica?: ReadReplica | null },
): Promise<void> {
  const { version } = deps;
  const db = deps.healthDb ?? deps.db;
  const replica = deps.replica ?? null;
  app
    .withTypeProvider<TypeBoxTypeProvider>()
    .get(
      '/api/health',
      { schema: { querystring: NoQuery, response: { 200: HealthResponseSchema, ...ERROR_RESPONSES } } },
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
        return {
          status: 'ok',
          database,
          version,
          ...(history === null ? {} : { history }),
          ...(replica === null ? {} : { replica: replicaStatus(replica) }),
        };
      },
    );
}
