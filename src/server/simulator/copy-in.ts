import type pg from 'pg';

/**
 * `COPY table (columns) FROM STDIN` over a node-postgres client, in PostgreSQL's text format. node-postgres has no
 * COPY writer of its own (pg-copy-streams is not a dependency), but its client accepts any query object: this one sends
 * the COPY statement, and once the server answers CopyInResponse it sends the rows written so far and every later
 * chunk as CopyData messages on the client's connection, then CopyDone on `end()`. A failed COPY (a duplicate key, a
 * bad value) rejects `end()` with the server's error; nothing of it is stored.
 */

interface CopyConnection {
  query(text: string): void;
  sendCopyFromChunk(chunk: Buffer): void;
  endCopyFrom(): void;
  stream: NodeJS.WritableStream & { writableNeedDrain?: boolean };
}

/** One COPY … FROM STDIN in progress. */
export class CopyIn {
  readonly #text: string;
  #connection: CopyConnection | null = null;
  #queued: Buffer[] = [];
  #ended = false;
  #error: Error | null = null;
  #resolve: () => void = () => undefined;
  #reject: (error: Error) => void = () => undefined;
  readonly #done = new Promise<void>((resolve, reject) => {
    this.#resolve = resolve;
    this.#reject = reject;
  });

  private constructor(text: string) {
    this.#text = text;
  }

  /** Starts `COPY table (columns) FROM STDIN` on `client` (which must not run anything else until `end()`). */
  static start(client: pg.Client, table: string, columns: readonly string[]): CopyIn {
    const quoted = columns.map((column) => `"${column}"`).join(', ');
    const copy = new CopyIn(`COPY "${table}" (${quoted}) FROM STDIN`);
    // A rejection before end() is awaited is reported by end().
    copy.#done.catch(() => undefined);
    void client.query(copy as unknown as pg.QueryConfig);
    return copy;
  }

  /** Sends rows (text-format lines, each ending in a newline); resolves when the socket can take more. */
  async write(chunk: string): Promise<void> {
    if (this.#error !== null) throw this.#error;
    const buffer = Buffer.from(chunk, 'utf8');
    const connection = this.#connection;
    if (connection === null) {
      this.#queued.push(buffer);
      return;
    }
    connection.sendCopyFromChunk(buffer);
    if (connection.stream.writableNeedDrain === true) {
      await new Promise<void>((resolve) => connection.stream.once('drain', () => resolve()));
    }
  }

  /** Ends the COPY and resolves once the server has stored every row (rejects with its error otherwise). */
  end(): Promise<void> {
    this.#ended = true;
    if (this.#connection !== null && this.#error === null) this.#connection.endCopyFrom();
    return this.#done;
  }

  // The query-object interface node-postgres calls.
  submit(connection: CopyConnection): void {
    connection.query(this.#text);
  }

  handleCopyInResponse(connection: CopyConnection): void {
    this.#connection = connection;
    for (const buffer of this.#queued) connection.sendCopyFromChunk(buffer);
    this.#queued = [];
    if (this.#ended) connection.endCopyFrom();
  }

  handleCommandComplete(): void {}

  /** node-postgres drops the query on an error (no ReadyForQuery reaches it), so the COPY fails here. */
  handleError(error: Error): void {
    this.#error = error;
    this.#reject(error);
  }

  handleReadyForQuery(): void {
    this.#resolve();
  }
}

/** A value in COPY's text format: `\N` for SQL NULL, backslash, tab, newline and carriage return escaped. */
export function copyText(value: unknown): string {
  if (value === null || value === undefined) return '\\N';
  const text =
    value instanceof Date ? value.toISOString() : typeof value === 'boolean' ? (value ? 't' : 'f') : String(value);
  return text.replace(/[\\\t\n\r]/g, (char) =>
    char === '\\' ? '\\\\' : char === '\t' ? '\\t' : char === '\n' ? '\\n' : '\\r',
  );
}

/** One row's line: its values in column order, tab-separated, ending in a newline. */
export const copyLine = (values: readonly unknown[]): string => `${values.map(copyText).join('\t')}\n`;
