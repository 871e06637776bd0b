/**
 * `COPY (…) TO STDOUT` of a captured statement, for the XLSX benchmark's baseline: the database's own fastest way out
 * of the same rows. The portal's statements use bind parameters, which COPY does not take, so they are written into
 * the text as literals; node-postgres has no COPY reader of its own, so a small query object counts the CopyData
 * messages (one per row in text format) as they arrive and keeps none of them.
 */
import pg, { escapeLiteral } from 'pg';

/** One statement as Kysely compiled it (its log event's query). */
export interface CapturedStatement {
  sql: string;
  parameters: readonly unknown[];
}

/** A bind parameter as an SQL literal (the statements cast where the type matters, e.g. `::text[]`). */
export function sqlLiteral(value: unknown): string {
  if (value === null || value === undefined) return 'NULL';
  if (typeof value === 'number' || typeof value === 'bigint') return String(value);
  if (typeof value === 'boolean') return value ? 'TRUE' : 'FALSE';
  if (value instanceof Date) return escapeLiteral(value.toISOString());
  if (Array.isArray(value)) {
    const items = value.map((item) =>
      item === null ? 'NULL' : `"${String(item).replaceAll('\\', '\\\\').replaceAll('"', '\\"')}"`,
    );
    return escapeLiteral(`{${items.join(',')}}`);
  }
  return escapeLiteral(String(value));
}

/** The statement with each `$n` replaced by its parameter as a literal. */
export function inlineParameters(statement: CapturedStatement): string {
  return statement.sql.replace(/\$(\d+)/g, (_, index: string) => {
    const position = Number(index) - 1;
    if (position >= statement.parameters.length) throw new Error(`No parameter $${index} in ${statement.sql}`);
    return sqlLiteral(statement.parameters[position]);
  });
}

const DECLARE_CURSOR = /^\s*DECLARE\s+"?[\w]+"?\s+NO SCROLL CURSOR FOR\s+/i;

/**
 * The statement an export read its rows with (the `DECLARE … CURSOR FOR <select>` of export-source.ts' cursorReader),
 * as the SELECT alone with its parameters written in.
 */
export function exportSelect(statements: readonly CapturedStatement[]): string {
  const declare = statements.find((statement) => DECLARE_CURSOR.test(statement.sql));
  if (declare === undefined) throw new Error('No captured statement declares the export cursor');
  return inlineParameters(declare).replace(DECLARE_CURSOR, '');
}

interface CopyDataMessage {
  chunk: Buffer;
}

/** A node-postgres query object that runs a `COPY … TO STDOUT` and counts what it sends. */
class CopyOutCount {
  rows = 0;
  bytes = 0;
  private error: Error | null = null;
  private resolve: (value: { rows: number; bytes: number }) => void = () => undefined;
  private reject: (error: Error) => void = () => undefined;
  readonly done = new Promise<{ rows: number; bytes: number }>((resolve, reject) => {
    this.resolve = resolve;
    this.reject = reject;
  });

  private readonly text: string;

  constructor(text: string) {
    this.text = text;
  }

  submit(connection: { query(text: string): void }): void {
    connection.query(this.text);
  }

  handleCopyData(message: CopyDataMessage): void {
    this.rows += 1;
    this.bytes += message.chunk.length;
  }

  handleCommandComplete(): void {}

  handleError(error: Error): void {
    this.error = error;
  }

  handleReadyForQuery(): void {
    if (this.error === null) this.resolve({ rows: this.rows, bytes: this.bytes });
    else this.reject(this.error);
  }
}

/**
 * Runs `COPY (select) TO STDOUT` on PostgreSQL in a transaction that first runs `setup` (the tenant role and setting,
 * as the export's own transaction has them), and returns the rows and bytes and the milliseconds the COPY took.
 */
export async function copyOutOnPostgres(
  databaseUrl: string,
  setup: readonly string[],
  select: string,
): Promise<{ rows: number; bytes: number; ms: number }> {
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  try {
    await client.query('BEGIN');
    for (const statement of setup) await client.query(statement);
    const started = performance.now();
    const copy = new CopyOutCount(`COPY (${select}) TO STDOUT`);
    void client.query(copy as unknown as pg.QueryConfig);
    const counted = await copy.done;
    const ms = performance.now() - started;
    await client.query('COMMIT');
    return { ...counted, ms };
  } finally {
    await client.end();
  }
}
