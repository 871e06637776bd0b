import { sql, type RawBuilder } from 'kysely';
import type { ReportPeriod } from '../../../shared/api-types.ts';
import { PRINT_MODE_NAMES } from '../../../shared/contract/jobs.contract.ts';
import { addDays, localTimeToInstant } from '../../../shared/time/local-time.ts';
import { INK_COLOURS } from '../../ingest/measures.ts';
import { DTF_PER_JOB_DATA_START } from './job-summary.ts';
import type { JobsContext } from './jobs-context.ts';
import type { ExportColumn } from './xlsx-stream.ts';

/**
 * The rows of the two Jobs downloads (spec reports §4, §5, §7): ink consumption per job (jobs that ENDED in the period,
 * each system on its own site's clock) and the error and maintenance events that STARTED in it. Rows are read in
 * keyset batches, so an export of any size holds one batch at a time.
 */

/** A cell of an exported row. */
type Cell = string | number | null;

/** One download: its columns, how many rows the period has, and a reader of its rows in batches. */
export interface ExportSource {
  sheetName: string;
  columns: readonly ExportColumn[];
  count(): Promise<number>;
  /** A reader that returns the next `batchRows` rows on each call, then an empty batch. */
  batches(batchRows: number): () => Promise<Cell[][]>;
}

const LOCAL_TIME_FORMAT = `'YYYY-MM-DD HH24:MI:SS'`;
const INK_HEADERS: Record<(typeof INK_COLOURS)[number], string> = {
  cyan: 'Cyan (ml)',
  magenta: 'Magenta (ml)',
  yellow: 'Yellow (ml)',
  black: 'Black (ml)',
  white: 'White (ml)',
  fof: 'FOF (ml)',
  softener: 'Softener (ml)',
};

/** DTF printers have per-job data from 2024-01-31 on (spec reports §5): an earlier start is moved there. */
function exportedPeriod(context: JobsContext): ReportPeriod {
  const { period } = context;
  if (context.group !== 'DTF' || period.startDay >= DTF_PER_JOB_DATA_START) return period;
  return { ...period, startDay: DTF_PER_JOB_DATA_START };
}

/** The selected systems with their site, model and zone, and the constant UTC range that contains the period. */
function selection(context: JobsContext, period: ReportPeriod): { sel: RawBuilder<unknown>; start: Date; end: Date } {
  const zones = context.systems.map((system) => system.timeZone);
  const starts = zones.map((zone) => localTimeToInstant(period.startDay, 0, zone));
  const ends = zones.map((zone) => localTimeToInstant(addDays(period.endDay, 1), 0, zone));
  const sel = sql`SELECT s.id, s.time_zone, sy.serial_number, si.name AS site, m.name AS model
    FROM unnest(${context.systems.map((system) => system.id)}::text[],
      ${context.systems.map((system) => system.timeZone)}::text[]) AS s(id, time_zone)
    JOIN systems sy ON sy.tenant_id = ${context.tenantId} AND sy.id = s.id
    JOIN sites si ON si.tenant_id = sy.tenant_id AND si.id = sy.site_id
    JOIN models m ON m.tenant_id = sy.tenant_id AND m.id = sy.model_id`;
  return { sel, start: new Date(Math.min(...starts)), end: new Date(Math.max(...ends)) };
}

/** `column` inside the period on the clock of the row's system. */
function inPeriod(column: string, period: ReportPeriod, bounds: { start: Date; end: Date }): RawBuilder<unknown> {
  const c = sql.raw(column);
  return sql`${c} >= ${bounds.start} AND ${c} < ${bounds.end}
    AND ${c} >= (${period.startDay}::date::timestamp AT TIME ZONE sel.time_zone)
    AND ${c} < (${addDays(period.endDay, 1)}::date::timestamp AT TIME ZONE sel.time_zone)`;
}

type KeyedRow = { cells: Cell[]; at: Date; system_id: string; id: string };

/** Reads `page(after)` until it returns fewer rows than asked, continuing after the last row's (time, system, id). */
function keysetReader(
  page: (after: { at: Date; systemId: string; id: string } | null, limit: number) => Promise<KeyedRow[]>,
  batchRows: number,
): () => Promise<Cell[][]> {
  let after: { at: Date; systemId: string; id: string } | null = null;
  let done = false;
  return async () => {
    if (done) return [];
    const rows = await page(after, batchRows);
    const last = rows.at(-1);
    if (rows.length < batchRows || last === undefined) done = true;
    else after = { at: last.at, systemId: last.system_id, id: last.id };
    return rows.map((row) => row.cells);
  };
}

const afterKey = (alias: string, after: { at: Date; systemId: string; id: string } | null, time: string) =>
  after === null
    ? sql`TRUE`
    : sql`(${sql.raw(`${alias}.${time}`)}, ${sql.raw(`${alias}.system_id`)}, ${sql.raw(`${alias}.id`)}) > (${after.at}, ${after.systemId}, ${after.id})`;

/** Ink consumption per job: one row per job that ended in the period, ink in ml (µl ÷ 1000). */
export function inkPerJobExport(context: JobsContext): ExportSource {
  const period = exportedPeriod(context);
  const { sel, ...bounds } = selection(context, period);
  const jobsOf = (select: RawBuilder<unknown>, tail: RawBuilder<unknown>) =>
    sql`WITH sel AS (${sel}) SELECT ${select} FROM jobs j JOIN sel ON sel.id = j.system_id
      WHERE j.tenant_id = ${context.tenantId} AND ${inPeriod('j.ended_at', period, bounds)} ${tail}`;
  return {
    sheetName: 'Ink consumption per job',
    columns: [
      { header: 'Start time', width: 20 },
      { header: 'End time', width: 20 },
      { header: 'System', width: 14 },
      { header: 'Site', width: 18 },
      { header: 'Model', width: 18 },
      { header: 'Image', width: 24 },
      { header: 'Size', width: 8 },
      { header: 'Print mode', width: 12 },
      { header: 'Impressions', width: 12 },
      { header: 'Media length (m)', width: 16 },
      ...INK_COLOURS.map((colour) => ({ header: INK_HEADERS[colour], width: 12 })),
    ],
    count: async () => {
      if (context.systems.length === 0 || period.startDay > period.endDay) return 0;
      const { rows } = await jobsOf(sql`count(*)::int AS n`, sql``).execute(context.db);
      return Number((rows[0] as { n: number } | undefined)?.n ?? 0);
    },
    batches: (batchRows) =>
      keysetReader(async (after, limit) => {
        const inks = INK_COLOURS.map((colour) => `j.ink_${colour}_ul / 1000.0 AS ink_${colour}`).join(', ');
        const { rows } = await jobsOf(
          sql`j.id, j.system_id, j.ended_at AS at, sel.serial_number, sel.site, sel.model, j.image_name, j.size_category,
            j.print_mode, j.impressions, j.media_length_mm, ${sql.raw(inks)},
            to_char(j.started_at AT TIME ZONE sel.time_zone, ${sql.raw(LOCAL_TIME_FORMAT)}) AS started,
            to_char(j.ended_at AT TIME ZONE sel.time_zone, ${sql.raw(LOCAL_TIME_FORMAT)}) AS ended`,
          sql`AND ${afterKey('j', after, 'ended_at')} ORDER BY j.ended_at, j.system_id, j.id LIMIT ${limit}`,
        ).execute(context.db);
        return (rows as Record<string, unknown>[]).map((row) => ({
          at: row['at'] as Date,
          system_id: String(row['system_id']),
          id: String(row['id']),
          cells: [
            String(row['started']),
            String(row['ended']),
            String(row['serial_number']),
            String(row['site']),
            String(row['model']),
            (row['image_name'] as string | null) ?? '',
            String(row['size_category']),
            row['print_mode'] === null ? '' : (PRINT_MODE_NAMES[Number(row['print_mode'])] ?? ''),
            Number(row['impressions']),
            Number(row['media_length_mm']) / 1000,
            ...INK_COLOURS.map((colour) => Number(row[`ink_${colour}`])),
          ],
        }));
      }, batchRows),
  };
}

/** Errors and maintenance: one row per event that started in the period. */
export function errorsAndMaintenanceExport(context: JobsContext): ExportSource {
  const { period } = context;
  const { sel, ...bounds } = selection(context, period);
  const eventsOf = (select: RawBuilder<unknown>, tail: RawBuilder<unknown>) =>
    sql`WITH sel AS (${sel}) SELECT ${select} FROM events e JOIN sel ON sel.id = e.system_id
      WHERE e.tenant_id = ${context.tenantId} AND ${inPeriod('e.started_at', period, bounds)} ${tail}`;
  return {
    sheetName: 'Errors and maintenance',
    columns: [
      { header: 'Type', width: 12 },
      { header: 'System', width: 14 },
      { header: 'Site', width: 18 },
      { header: 'Model', width: 18 },
      { header: 'Code', width: 10 },
      { header: 'Message', width: 40 },
      { header: 'Start time', width: 20 },
      { header: 'End time', width: 20 },
      { header: 'Duration (s)', width: 12 },
    ],
    count: async () => {
      if (context.systems.length === 0) return 0;
      const { rows } = await eventsOf(sql`count(*)::int AS n`, sql``).execute(context.db);
      return Number((rows[0] as { n: number } | undefined)?.n ?? 0);
    },
    batches: (batchRows) =>
      keysetReader(async (after, limit) => {
        const { rows } = await eventsOf(
          sql`e.id, e.system_id, e.started_at AS at, e.kind, sel.serial_number, sel.site, sel.model, e.code, e.message,
            e.duration_seconds,
            to_char(e.started_at AT TIME ZONE sel.time_zone, ${sql.raw(LOCAL_TIME_FORMAT)}) AS started,
            to_char(e.ended_at AT TIME ZONE sel.time_zone, ${sql.raw(LOCAL_TIME_FORMAT)}) AS ended`,
          sql`AND ${afterKey('e', after, 'started_at')} ORDER BY e.started_at, e.system_id, e.id LIMIT ${limit}`,
        ).execute(context.db);
        return (rows as Record<string, unknown>[]).map((row) => ({
          at: row['at'] as Date,
          system_id: String(row['system_id']),
          id: String(row['id']),
          cells: [
            row['kind'] === 'error' ? 'Error' : 'Maintenance',
            String(row['serial_number']),
            String(row['site']),
            String(row['model']),
            String(row['code']),
            String(row['message']),
            String(row['started']),
            (row['ended'] as string | null) ?? '',
            row['duration_seconds'] === null ? null : Number(row['duration_seconds']),
          ],
        }));
      }, batchRows),
  };
}
