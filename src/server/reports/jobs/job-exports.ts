import { sql, type RawBuilder } from 'kysely';
import type { ReportPeriod } from '../../../shared/api-types.ts';
import { PRINT_MODE_NAMES } from '../../../shared/contract/jobs.contract.ts';
import { INK_COLOURS, SIZE_CATEGORIES } from '../../ingest/measures.ts';
import { cursorReader, inPeriod, LOCAL_TIME_FORMAT, selection, type ExportSource } from '../exports/export-source.ts';
import { DTF_PER_JOB_DATA_START } from './job-summary.ts';
import type { JobsContext } from './jobs-context.ts';

/**
 * The ink download of Jobs Analysis (spec reports §4, §5, §7): ink consumption per job, for the jobs that ENDED in the
 * period, each system on its own site's clock. (Its errors-and-maintenance download is reports/exports/events-export.ts.)
 */

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

/** Ink consumption per job: one row per job that ended in the period, ink in ml (µl ÷ 1000). */
export function inkPerJobExport(context: JobsContext): ExportSource {
  const period = exportedPeriod(context);
  const { sel, ...bounds } = selection(context, period);
  const jobsOf = (select: RawBuilder<unknown>, tail: RawBuilder<unknown>) =>
    sql`WITH sel AS (${sel}) SELECT ${select} FROM jobs j JOIN sel ON sel.id = j.system_id
      WHERE j.tenant_id = ${context.tenantId} AND ${inPeriod('j.ended_at', bounds)} ${tail}`;
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
    // From the job_day rollup: it counts the same jobs (each once, in its size, on the local day of its end on its
    // site's clock), where counting the rows of `jobs` took 1.4 s for a year of 140,000 jobs on PGlite.
    count: async () => {
      if (context.systems.length === 0 || period.startDay > period.endDay) return 0;
      const jobs = sql.raw(SIZE_CATEGORIES.map((size) => `d.jobs_${size.key}`).join(' + '));
      const { rows } = await sql<{ n: string | null }>`SELECT sum(${jobs}) AS n FROM job_day d
        WHERE d.tenant_id = ${context.tenantId}
          AND d.system_id = ANY(${context.systems.map((system) => system.id)}::text[])
          AND d.local_day BETWEEN ${period.startDay}::date AND ${period.endDay}::date`.execute(context.db);
      return Number(rows[0]?.n ?? 0);
    },
    batches: (batchRows) => {
      const inks = INK_COLOURS.map((colour) => `j.ink_${colour}_ul / 1000.0 AS ink_${colour}`).join(', ');
      const rows = jobsOf(
        // Only what the file shows: a column read for nothing costs its parsing on every row (a timestamp, a Date).
        sql`sel.serial_number, sel.site, sel.model, j.image_name, j.size_category,
          j.print_mode, j.impressions, j.media_length_mm, ${sql.raw(inks)},
          to_char(j.started_at AT TIME ZONE sel.time_zone, ${sql.raw(LOCAL_TIME_FORMAT)}) AS started,
          to_char(j.ended_at AT TIME ZONE sel.time_zone, ${sql.raw(LOCAL_TIME_FORMAT)}) AS ended`,
        sql`ORDER BY j.ended_at, j.system_id, j.id`,
      );
      return cursorReader(
        context.db,
        rows,
        (row) => [
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
        batchRows,
      );
    },
  };
}
