import { sql, type Kysely, type RawBuilder } from 'kysely';
import type { ReportPeriod } from '../../../shared/api-types.ts';
import { addDays, localTimeToInstant } from '../../../shared/time/local-time.ts';
import type { Database } from '../../db/schema.ts';
import type { SelectedSystem } from '../common/measure-rows.ts';
import { LocalTimeCells } from './local-time-cells.ts';
import type { Cell, ExportColumn, RowBatch } from './xlsx-stream.ts';

const NO_ROWS: RowBatch = [];

/**
 * What the spreadsheet downloads share (Jobs Analysis' and the system page's): a source of rows per download read in
 * batches of a server-side cursor, so an export of any size holds a few batches at a time, and the selected systems' period on each
 * system's own clock.
 */

/** What a download reads: the tenant transaction, the selected systems and the period. */
export interface ExportContext {
  db: Kysely<Database>;
  tenantId: string;
  systems: readonly SelectedSystem[];
  period: ReportPeriod;
}

/** One download: its columns, how many rows the period has, and a reader of its rows in batches. */
export interface ExportSource {
  sheetName: string;
  columns: readonly ExportColumn[];
  count(): Promise<number>;
  /** A reader that returns the next `batchRows` rows on each call, then an empty batch. */
  batches(batchRows: number): () => Promise<RowBatch>;
}

/**
 * The selected systems, numbered (`n`, 1 onwards) with their site, model and zone, and the constant UTC range that
 * contains the period.
 */
export function selection(
  context: ExportContext,
  period: ReportPeriod,
): { sel: RawBuilder<unknown>; start: Date; end: Date } {
  const zones = context.systems.map((system) => system.timeZone);
  const starts = zones.map((zone) => localTimeToInstant(period.startDay, 0, zone));
  const ends = zones.map((zone) => localTimeToInstant(addDays(period.endDay, 1), 0, zone));
  const instants = (values: number[]) => values.map((value) => new Date(value).toISOString());
  // Each system's period on its own site's clock, computed here once: compared per row, `day::timestamp AT TIME ZONE`
  // cost a zone conversion per row (a year of events: 264 ms on PGlite) and kept the per-system index unused.
  const sel = sql`SELECT s.id, s.n, s.time_zone, s.period_start, s.period_end, sy.serial_number, si.name AS site,
      m.name AS model
    FROM unnest(${context.systems.map((system) => system.id)}::text[], ${zones}::text[],
      ${instants(starts)}::timestamptz[], ${instants(ends)}::timestamptz[])
      WITH ORDINALITY AS s(id, time_zone, period_start, period_end, n)
    JOIN systems sy ON sy.tenant_id = ${context.tenantId} AND sy.id = s.id
    JOIN sites si ON si.tenant_id = sy.tenant_id AND si.id = sy.site_id
    JOIN models m ON m.tenant_id = sy.tenant_id AND m.id = sy.model_id`;
  return { sel, start: new Date(Math.min(...starts)), end: new Date(Math.max(...ends)) };
}

/**
 * `column` inside the period on the clock of the row's system (`sel`'s period bounds); the bounds of all systems
 * together narrow a scan by the time index as well.
 */
export function inPeriod(column: string, bounds: { start: Date; end: Date }): RawBuilder<unknown> {
  const c = sql.raw(column);
  return sql`${c} >= ${bounds.start} AND ${c} < ${bounds.end} AND ${c} >= sel.period_start AND ${c} < sel.period_end`;
}

/** The cursor every export reads through: one export at a time holds its transaction. */
const EXPORT_CURSOR = 'export_rows';

/**
 * One export row as a single value: the row's values, in the order `toCells` reads them, as one JSON array in a
 * text column named `values`. One field a row instead of one a column: the PGlite worker's protocol parser copies
 * every field into a buffer of its own (a 200,000-job download spent 1.8 s of its 7 s there, 17 fields a row), and
 * PostgreSQL's client parses fewer, longer fields faster too; JSON keeps nulls and numbers as they are.
 */
export function rowValues(values: readonly RawBuilder<unknown>[]): RawBuilder<unknown> {
  return sql`json_build_array(${sql.join(values)})::text AS ${sql.id(ROW_VALUES)}`;
}

const ROW_VALUES = 'values';

/**
 * `SELECT <rowValues(values)> FROM (<sorted>) r ORDER BY r.<order…>`: `sorted` selects the raw columns the values
 * need (as `r.<name>`) and sorts them by `order`; each row's values are built above that sort, as the cursor fetches
 * its batch. PostgreSQL evaluates a select list below the Sort of the same query, so a flat statement formatted every
 * row of the period (and sorted the wider result through temporary files) before its first row came: the first FETCH
 * of the 200,000-job download took 937 ms on PostgreSQL, 261 ms this way. (The subquery has its own ORDER BY, so it is
 * not flattened; the outer ORDER BY is the order it already has, and costs no second sort.)
 */
export function valuesOfSorted(
  sorted: RawBuilder<unknown>,
  order: readonly string[],
  values: readonly RawBuilder<unknown>[],
): RawBuilder<unknown> {
  const keys = sql.join(order.map((column) => sql.ref(`r.${column}`)));
  return sql`SELECT ${rowValues(values)} FROM (${sorted}) r ORDER BY ${keys}`;
}

/** `r.<column>` (a timestamptz) as seconds since 1970: the rows' times are written on their site's clock here. */
export function instantOf(column: string): RawBuilder<unknown> {
  return sql`date_part('epoch', ${sql.ref(`r.${column}`)})`;
}

/** What a download's rows show of their system, and the clock its times are read on. */
export interface ExportSystem {
  serialNumber: string;
  site: string;
  model: string;
  timeZone: string;
}

/** The system a row's value numbers (the rows come from the join with the selection, so it is always there). */
export function systemNumbered(systems: ReadonlyMap<number, ExportSystem>, value: unknown): ExportSystem {
  const system = systems.get(Number(value));
  if (system === undefined) throw new Error(`An export row names system ${String(value)}, which is not selected`);
  return system;
}

/**
 * The two columns of a time on its site's clock, e.g. 'Start time' and 'Start UTC offset' ({@link LocalTimeCells}):
 * the offset tells the repeated hour of an autumn DST change apart.
 */
export function localTimeColumns(name: string): ExportColumn[] {
  return [
    { header: `${name} time`, width: 20, dateTime: true },
    { header: `${name} UTC offset`, repeated: true, width: 16 },
  ];
}

/** How a row's values become its cells: with the selection's systems by their number and a writer of local times. */
export type RowCells = (
  values: readonly unknown[],
  systems: ReadonlyMap<number, ExportSystem>,
  times: LocalTimeCells,
) => Cell[];

/**
 * A reader of an export's rows whose values name their system by its number in the selection (`sel.n`) and carry
 * instants (`instantOf`): the systems' texts are read once, with the first batch, instead of on every row (in the
 * sort and on the wire), and the times are written here rather than by the database (whose thread was the busier one
 * on PGlite).
 */
export function readerWithSystems(
  db: Kysely<Database>,
  sel: RawBuilder<unknown>,
  select: RawBuilder<unknown>,
  toCells: RowCells,
  batchRows: number,
): () => Promise<RowBatch> {
  let reader: (() => Promise<RowBatch>) | null = null;
  return async () => {
    if (reader === null) {
      const { rows } = await sql<{ n: string; serial_number: string; site: string; model: string; time_zone: string }>`
        WITH sel AS (${sel}) SELECT n, serial_number, site, model, time_zone FROM sel`.execute(db);
      const systems = new Map(
        rows.map((row) => [
          Number(row.n),
          { serialNumber: row.serial_number, site: row.site, model: row.model, timeZone: row.time_zone },
        ]),
      );
      const times = new LocalTimeCells();
      reader = cursorReader(db, select, (values) => toCells(values, systems, times), batchRows);
    }
    return reader();
  };
}

/**
 * Reads `select` (ordered as the file lists its rows; its one column made by `rowValues`) through a server-side cursor
 * of the export's transaction, `batchRows` rows per FETCH, each row's values made into its cells by `toCells`: the
 * statement runs, and sorts, once, and this process holds only the batches asked for. Keyset pages (`… > last key ORDER BY …
 * LIMIT n`) re-ran and re-sorted the rest of the period for every batch: 20,000 jobs took 4.9 s and 60,000 took 39 s
 * on PGlite (`npm run bench -- jobs-xlsx`, docs/benchmarks.md). The cursor is closed after the last batch, or with the
 * transaction when the reading stops early (a client that went away).
 */
export function cursorReader(
  db: Kysely<Database>,
  select: RawBuilder<unknown>,
  toCells: (values: readonly unknown[]) => Cell[],
  batchRows: number,
): () => Promise<RowBatch> {
  const cursor = sql.id(EXPORT_CURSOR);
  let state: 'new' | 'open' | 'done' = 'new';
  return async () => {
    if (state === 'done') return NO_ROWS;
    if (state === 'new') {
      await sql`DECLARE ${cursor} NO SCROLL CURSOR FOR ${select}`.execute(db);
      state = 'open';
    }
    const { rows } = await sql<
      Record<typeof ROW_VALUES, string>
    >`FETCH FORWARD ${sql.lit(batchRows)} FROM ${cursor}`.execute(db);
    if (rows.length < batchRows) {
      state = 'done';
      await sql`CLOSE ${cursor}`.execute(db);
    }
    // The rows' cells are made as the sheet takes them (RowBatch): the batch read ahead holds only the fetched texts.
    return {
      length: rows.length,
      *[Symbol.iterator]() {
        for (const row of rows) yield toCells(JSON.parse(row[ROW_VALUES]) as unknown[]);
      },
    };
  };
}
