/**
 * Messages between the main thread (pglite-pool.ts) and the PGlite worker (pglite.worker.ts).
 * Everything crosses the thread boundary by structured clone, so Dates, arrays and plain objects survive as they are.
 */

/** What the main thread passes as workerData. */
export interface PgliteWorkerData {
  /** Folder of the PostgreSQL cluster; null means an in-memory database. */
  dataDir: string | null;
  /** In memory only: a data folder tarball (PGlite's dumpDataDir) to start from instead of creating a new cluster. */
  template: string | null;
}

export type PgliteRequest =
  | { id: number; type: 'query'; text: string; values: readonly unknown[] }
  | { id: number; type: 'dump'; file: string }
  | { id: number; type: 'close' };

/** The part of pg's QueryResult that Kysely and the portal read. */
export interface PgliteQueryResult {
  rows: Record<string, unknown>[];
  rowCount: number;
  command: string;
  fields: { name: string; dataTypeID: number }[];
}

/** The fields of pg's DatabaseError worth keeping (code is the SQLSTATE, e.g. '23505'). */
export interface PgliteErrorData {
  message: string;
  code?: string;
  detail?: string;
  hint?: string;
  position?: string;
  severity?: string;
  schema?: string;
  table?: string;
  column?: string;
  constraint?: string;
  where?: string;
  routine?: string;
}

export type PgliteResponse =
  { id: number; ok: true; result: PgliteQueryResult | null } | { id: number; ok: false; error: PgliteErrorData };

export const PG_ERROR_FIELDS = [
  'code',
  'detail',
  'hint',
  'position',
  'severity',
  'schema',
  'table',
  'column',
  'constraint',
  'where',
  'routine',
] as const;
