import { EventEmitter } from 'node:events';

/** What a committed ingest batch touched: the tenant and the ids of the systems it stored records for. */
export interface IngestNotice {
  tenantId: string;
  systemIds: string[];
}

/**
 * The in-process signal of committed ingest batches, one per database handle (so two portal apps in one test process,
 * each on its own pool, stay as apart as two processes). ingestTelemetry emits after its transaction commits; the
 * live hub (live-hub.ts) forwards it: to this process's dashboards on PGlite, through PostgreSQL NOTIFY to every
 * process on PostgreSQL.
 */
const emitters = new WeakMap<object, EventEmitter>();

export function ingestNoticesOf(db: object): EventEmitter<{ committed: [IngestNotice] }> {
  let emitter = emitters.get(db);
  if (emitter === undefined) {
    emitter = new EventEmitter();
    // Every live hub and test on this handle listens: no leak warning for a handful of listeners.
    emitter.setMaxListeners(0);
    emitters.set(db, emitter);
  }
  return emitter as EventEmitter<{ committed: [IngestNotice] }>;
}
