import { Worker } from 'node:worker_threads';
import type {
  PgliteErrorData,
  PgliteQueryResult,
  PgliteRequest,
  PgliteResponse,
  PgliteWorkerData,
} from './pglite-protocol.ts';

/** An error raised by PostgreSQL inside the worker, with pg's DatabaseError fields (code = SQLSTATE). */
export class PgliteDatabaseError extends Error {
  override name = 'PgliteDatabaseError';
  code: string | undefined;
  detail: string | undefined;
  constraint: string | undefined;

  constructor(data: PgliteErrorData) {
    super(data.message);
    Object.assign(this, data);
    this.code = data.code;
    this.detail = data.detail;
    this.constraint = data.constraint;
  }
}

/** Result of one statement, typed by row. */
export type PgliteResult<R> = Omit<PgliteQueryResult, 'rows'> & { rows: R[] };

/** The client handed out by {@link PglitePool.connect}: the part of pg's PoolClient that Kysely uses (no cursors). */
export interface PgliteClient {
  query<R = Record<string, unknown>>(sql: string, parameters?: ReadonlyArray<unknown>): Promise<PgliteResult<R>>;
  /** `destroy` is accepted for pg compatibility; the single connection is always kept. */
  release(destroy?: boolean): void;
}

/**
 * A pg-Pool look-alike over the PGlite worker, for Kysely's PostgresDialect.
 * PGlite has one connection, so the pool lends one client at a time and queues the rest:
 * a transaction (BEGIN … COMMIT on one client) never interleaves with another caller's statements.
 */
export class PglitePool {
  readonly options = { max: 1 };
  readonly #worker: Worker;
  readonly #pending = new Map<
    number,
    { resolve: (value: PgliteQueryResult | null) => void; reject: (error: Error) => void }
  >();
  readonly #waiting: ((client: PgliteClient) => void)[] = [];
  #nextId = 1;
  #lent = false;
  #failure: Error | null = null;
  #ended: Promise<void> | null = null;

  /** `template`: with no data folder, start from this dumped data folder (see dumpDataDir) instead of a new cluster. */
  constructor(dataDir: string | null, template: string | null = null) {
    const workerData: PgliteWorkerData = { dataDir, template };
    this.#worker = new Worker(new URL('./pglite.worker.ts', import.meta.url), { workerData });
    this.#worker.on('message', (response: PgliteResponse) => this.#settle(response));
    this.#worker.on('error', (error) => this.#fail(error));
    this.#worker.on('exit', (code) => this.#fail(new Error(`The PGlite worker stopped (exit code ${code})`)));
  }

  /** Resolves once PostgreSQL has started (creating a new data folder takes several seconds). */
  async ready(): Promise<void> {
    await this.#send({ type: 'query', text: 'select 1', values: [] });
  }

  connect(): Promise<PgliteClient> {
    if (this.#ended !== null) return Promise.reject(new Error('The PGlite pool has been closed'));
    return new Promise((resolve) => {
      if (this.#lent) {
        this.#waiting.push(resolve);
      } else {
        this.#lent = true;
        resolve(this.#createClient());
      }
    });
  }

  /** Runs one statement on a client of its own (pg's Pool.query). */
  async query<R = Record<string, unknown>>(
    sql: string,
    parameters: ReadonlyArray<unknown> = [],
  ): Promise<PgliteResult<R>> {
    const client = await this.connect();
    try {
      return await client.query<R>(sql, parameters);
    } finally {
      client.release();
    }
  }

  /** Writes the whole data folder as an uncompressed tarball to `file` (a template for new in-memory databases). */
  async dumpDataDir(file: string): Promise<void> {
    await this.#send({ type: 'dump', file });
  }

  /** Shuts PostgreSQL down cleanly (a checkpoint, then the worker exits). */
  end(): Promise<void> {
    this.#ended ??= (async () => {
      try {
        if (this.#failure === null) await this.#send({ type: 'close' });
      } finally {
        await this.#worker.terminate();
      }
    })();
    return this.#ended;
  }

  #createClient(): PgliteClient {
    let released = false;
    const client: PgliteClient = {
      query: async <R>(sql: string, parameters: ReadonlyArray<unknown> = []) => {
        if (released) throw new Error('The PGlite client was used after release()');
        return (await this.#send({ type: 'query', text: sql, values: parameters })) as PgliteResult<R>;
      },
      release: () => {
        if (released) return;
        released = true;
        const next = this.#waiting.shift();
        if (next === undefined) this.#lent = false;
        else next(this.#createClient());
      },
    };
    return client;
  }

  #send(request: DistributiveOmit<PgliteRequest, 'id'>): Promise<PgliteQueryResult | null> {
    if (this.#failure !== null) return Promise.reject(this.#failure);
    const id = this.#nextId++;
    return new Promise<PgliteQueryResult | null>((resolve, reject) => {
      this.#pending.set(id, { resolve, reject });
      this.#worker.postMessage({ ...request, id });
    });
  }

  #settle(response: PgliteResponse): void {
    const pending = this.#pending.get(response.id);
    if (pending === undefined) return;
    this.#pending.delete(response.id);
    if (response.ok) pending.resolve(response.result);
    else pending.reject(new PgliteDatabaseError(response.error));
  }

  #fail(error: Error): void {
    if (this.#failure !== null) return;
    this.#failure = error;
    for (const pending of this.#pending.values()) pending.reject(error);
    this.#pending.clear();
  }
}

type DistributiveOmit<T, K extends PropertyKey> = T extends unknown ? Omit<T, K> : never;
