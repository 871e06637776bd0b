import { Type, type Static } from 'typebox';
import { Closed, StringEnum } from './primitives.ts';

/** Contract of the routes outside the signed-in scope: GET /api/health and POST /api/ingest/telemetry. */

/** How much of the demo fleet's history is in the database while the first start fills it in the background. */
export const FleetHistoryStatusSchema = Closed({
  /** Local days of the history whose records are all stored. */
  daysAvailable: Type.Integer(),
  /** Local days the history will have when complete. */
  daysTotal: Type.Integer(),
});
export type FleetHistoryStatus = Static<typeof FleetHistoryStatusSchema>;

/** The report replica (DATABASE_REPLICA_URL) as the last lag probe saw it; reports read from it only while `inUse`. */
export const ReplicaStatusSchema = Closed({
  /** Reports read from the replica (it answers and is at most 5 s behind); else from the primary. */
  inUse: Type.Boolean(),
  answering: Type.Boolean(),
  /** WAL bytes it has still to replay. */
  lagBytes: Type.Optional(Type.Integer({ minimum: 0 })),
  /** 0 when caught up, else how long ago the primary was where the replica is (to a second). */
  lagMs: Type.Optional(Type.Integer({ minimum: 0 })),
});
export type ReplicaStatus = Static<typeof ReplicaStatusSchema>;

/**
 * GET /api/health (no auth): answers only when the database does; `history` is absent without demo data, `replica`
 * without DATABASE_REPLICA_URL.
 */
export const HealthResponseSchema = Closed(
  {
    status: StringEnum(['ok']),
    database: StringEnum(['pglite', 'postgres']),
    version: Type.String(),
    history: Type.Optional(FleetHistoryStatusSchema),
    replica: Type.Optional(ReplicaStatusSchema),
  },
  { $id: 'Health' },
);
export type HealthResponse = Static<typeof HealthResponseSchema>;

/** Most records one ingest call may carry; gateways send larger backlogs in several calls. */
export const MAX_INGEST_RECORDS = 5000;

/**
 * Body of POST /api/ingest/telemetry. Records are only required to be objects here: each one is validated against the
 * telemetry record schema (src/server/ingest/telemetry.schema.ts) on its own, so one bad record is reported by index
 * instead of failing the whole batch.
 */
export const IngestBodySchema = Closed({
  records: Type.Array(Type.Unsafe<unknown>({ type: 'object' }), { maxItems: MAX_INGEST_RECORDS }),
});

/** What one ingest batch did. Indexes refer to positions in the batch as sent. */
export const IngestResultSchema = Closed(
  {
    /** Records of a new identity (tenant, printer, kind, id), stored now. */
    accepted: Type.Integer(),
    /**
     * Records of a stored identity that changed it: an event's end added or moved, or its type, code or message
     * changed; a changed shift or shift_target (README "Sending telemetry").
     */
    updated: Type.Integer(),
    /** Records whose identity is stored with the same content (a retry, or an earlier state arriving late): nothing changed. */
    duplicates: Type.Integer(),
    /**
     * Invalid records, none stored, and records whose identity is stored with other content that cannot change
     * (`id … already stored with other content (… differ)`); the other records of the batch are stored regardless.
     */
    rejected: Type.Array(Closed({ index: Type.Integer(), reason: Type.String() })),
  },
  { $id: 'IngestResult' },
);
export type IngestResult = Static<typeof IngestResultSchema>;
