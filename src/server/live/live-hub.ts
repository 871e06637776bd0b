import type { Kysely } from 'kysely';
import { sql } from 'kysely';
import pg from 'pg';
import type { Database } from '../db/schema.ts';
import { ingestNoticesOf, type IngestNotice } from './ingest-notices.ts';

/** The PostgreSQL channel of committed ingest batches. */
export const INGEST_CHANNEL = 'portal_ingest';
/** NOTIFY payloads must stay below 8,000 bytes: system ids are sent in chunks of this many. */
const IDS_PER_NOTIFY = 100;

type Listener = (notice: IngestNotice) => void;

/**
 * Fans committed ingest batches out to the open live streams of this process (docs/architecture.md "TV dashboard and
 * live push"). Subscribers name a tenant and a system; a notice reaches only the subscribers of its own tenant and
 * systems.
 *
 * - **in-process** (PGlite, one process by design: its data folder is locked): the database handle's ingest notices.
 * - **postgres**: each process turns its own notices into `NOTIFY portal_ingest` and LISTENs on a dedicated
 *   connection, so a batch ingested by any process reaches the dashboards of every process (itself included, once).
 */
export interface LiveHub {
  readonly mode: 'in-process' | 'postgres';
  subscribe(tenantId: string, systemId: string, listener: Listener): () => void;
  /** Hears every notice, of every tenant (the shared report answers drop the tenant's: shared-answers.ts). */
  subscribeAll(listener: Listener): () => void;
  /** Open subscriptions (tests, health). */
  subscriberCount(): number;
  /** Resolves when the hub receives notices (the LISTEN is in place). */
  ready(): Promise<void>;
  close(): Promise<void>;
}

class Subscribers {
  private readonly byKey = new Map<string, Set<Listener>>();
  private readonly everyNotice = new Set<Listener>();
  private count = 0;

  addForEveryNotice(listener: Listener): () => void {
    const wrapped: Listener = (notice) => listener(notice);
    this.everyNotice.add(wrapped);
    return () => this.everyNotice.delete(wrapped);
  }

  add(tenantId: string, systemId: string, listener: Listener): () => void {
    const key = `${tenantId}\u0000${systemId}`;
    const set = this.byKey.get(key) ?? new Set<Listener>();
    this.byKey.set(key, set);
    const wrapped: Listener = (notice) => listener(notice);
    set.add(wrapped);
    this.count += 1;
    return () => {
      if (!set.delete(wrapped)) return;
      this.count -= 1;
      if (set.size === 0) this.byKey.delete(key);
    };
  }

  deliver(notice: IngestNotice): void {
    const systemsListeners = notice.systemIds.map((id) => this.byKey.get(`${notice.tenantId}\u0000${id}`) ?? []);
    for (const listeners of [this.everyNotice, ...systemsListeners]) {
      for (const listener of listeners) {
        try {
          listener(notice);
        } catch {
          // A failing stream must not stop the others (nor the ingest that emitted the notice).
        }
      }
    }
  }

  size(): number {
    return this.count;
  }
}

function parseNotice(payload: string | undefined): IngestNotice | null {
  try {
    const value = JSON.parse(payload ?? '') as { t?: unknown; s?: unknown };
    if (typeof value.t !== 'string' || !Array.isArray(value.s)) return null;
    return { tenantId: value.t, systemIds: value.s.filter((id): id is string => typeof id === 'string') };
  } catch {
    return null;
  }
}

/** The hub of a PGlite portal: notices of this process only. */
export function createInProcessHub(db: Kysely<Database>): LiveHub {
  const subscribers = new Subscribers();
  const onNotice = (notice: IngestNotice) => subscribers.deliver(notice);
  ingestNoticesOf(db).on('committed', onNotice);
  return {
    mode: 'in-process',
    subscribe: (tenantId, systemId, listener) => subscribers.add(tenantId, systemId, listener),
    subscribeAll: (listener) => subscribers.addForEveryNotice(listener),
    subscriberCount: () => subscribers.size(),
    ready: async () => undefined,
    close: async () => {
      ingestNoticesOf(db).off('committed', onNotice);
    },
  };
}

/**
 * The hub of a portal on PostgreSQL: NOTIFY for this process's notices (after their commit), LISTEN on its own
 * connection for every process's, reconnecting with back-off when that connection drops.
 */
export function createPostgresHub(
  db: Kysely<Database>,
  connectionString: string,
  log: (message: string, error?: unknown) => void = () => undefined,
): LiveHub {
  const subscribers = new Subscribers();
  let client: pg.Client | null = null;
  let closed = false;
  let retryMs = 250;
  let markReady: () => void = () => undefined;
  const readyPromise = new Promise<void>((resolve) => (markReady = resolve));

  const connect = async (): Promise<void> => {
    if (closed) return;
    const next = new pg.Client({ connectionString });
    next.on('notification', (message) => {
      if (message.channel !== INGEST_CHANNEL) return;
      const notice = parseNotice(message.payload);
      if (notice !== null) subscribers.deliver(notice);
    });
    const reconnect = () => {
      if (client !== next || closed) return;
      client = null;
      next.end().catch(() => undefined);
      const wait = retryMs;
      retryMs = Math.min(retryMs * 2, 10_000);
      setTimeout(() => void connect(), wait).unref();
    };
    next.on('error', (error) => {
      log('live push: the LISTEN connection failed; reconnecting', error);
      reconnect();
    });
    next.on('end', reconnect);
    client = next;
    try {
      await next.connect();
      await next.query(`LISTEN ${INGEST_CHANNEL}`);
      retryMs = 250;
      markReady();
    } catch (error) {
      log('live push: could not LISTEN; retrying', error);
      reconnect();
    }
  };

  const onNotice = (notice: IngestNotice) => {
    const notices = [];
    for (let start = 0; start < notice.systemIds.length; start += IDS_PER_NOTIFY) {
      notices.push(JSON.stringify({ t: notice.tenantId, s: notice.systemIds.slice(start, start + IDS_PER_NOTIFY) }));
    }
    void (async () => {
      for (const payload of notices) await sql`SELECT pg_notify(${INGEST_CHANNEL}, ${payload})`.execute(db);
    })().catch((error: unknown) => log('live push: NOTIFY failed', error));
  };
  ingestNoticesOf(db).on('committed', onNotice);
  void connect();

  return {
    mode: 'postgres',
    subscribe: (tenantId, systemId, listener) => subscribers.add(tenantId, systemId, listener),
    subscribeAll: (listener) => subscribers.addForEveryNotice(listener),
    subscriberCount: () => subscribers.size(),
    ready: () => readyPromise,
    close: async () => {
      closed = true;
      ingestNoticesOf(db).off('committed', onNotice);
      const current = client;
      client = null;
      await current?.end().catch(() => undefined);
    },
  };
}

/** The hub for a database: LISTEN/NOTIFY on PostgreSQL, in-process on PGlite. */
export function createLiveHub(
  database: { db: Kysely<Database>; kind: 'pglite' | 'postgres'; connectionString?: string },
  log?: (message: string, error?: unknown) => void,
): LiveHub {
  if (database.kind === 'postgres' && database.connectionString !== undefined) {
    return createPostgresHub(database.db, database.connectionString, log);
  }
  return createInProcessHub(database.db);
}
