import { sql } from 'kysely';
import type { ReportPeriod } from '../../../shared/api-types.ts';
import type { SystemGroup } from '../../../shared/system-group.ts';
import { PRINT_MODE_NAMES } from '../../../shared/contract/jobs.contract.ts';
import { INK_COLOURS, SIZE_CATEGORIES } from '../../ingest/measures.ts';
import {
  inPeriod,
  instantOf,
  localTimeColumns,
  readerWithSystems,
  selection,
  type ExportSource,
  systemNumbered,
  valuesOfSorted,
} from '../exports/export-source.ts';
import { rollupRows, selection as selectedJobSystems } from './job-measures.ts';
import { DTF_PER_JOB_DATA_START } from './job-summary.ts';
import type { JobsContext } from './jobs-context.ts';

/**
 * The ink download of Jobs Analysis (spec reports §4, §5, §7): ink consumption per job, for the jobs that ENDED in the
 * period, each system on its own site's clock (its times Excel date-times with their UTC offsets beside them). (Its
 * errors-and-maintenance download is reports/exports/events-export.ts.)
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

/**
 * DTF prints on film: its jobs have a print mode and a film length. DTG and Apollo print on garments and have neither, so
 * their files leave those columns out (issue #25: a blank Print mode and a Media length of 0 in every row).
 */
function printsOnFilm(group: SystemGroup): boolean {
  return group === 'DTF';
}

/** Ink consumption per job: one row per job that ended in the period, ink in ml (µl ÷ 1000). */
export function inkPerJobExport(context: JobsContext): ExportSource {
  const period = exportedPeriod(context);
  const { sel, ...bounds } = selection(context, period);
  const film = printsOnFilm(context.group);
  return {
    sheetName: 'Ink consumption per job',
    columns: [
      ...localTimeColumns('Start'),
      ...localTimeColumns('End'),
      { header: 'System', repeated: true, width: 14 },
      { header: 'Site', repeated: true, width: 18 },
      { header: 'Model', repeated: true, width: 18 },
      { header: 'Image', width: 24 },
      { header: 'Size', repeated: true, width: 8 },
      ...(film ? [{ header: 'Print mode', repeated: true, width: 12 }] : []),
      { header: 'Impressions', width: 12 },
      ...(film ? [{ header: 'Media length (m)', width: 16 }] : []),
      ...INK_COLOURS.map((colour) => ({ header: INK_HEADERS[colour], width: 12 })),
    ],
    // From the job rollups: they count the same jobs (each once, in its size, on the local day of its end on its
    // site's clock), where counting the rows of `jobs` took 1.4 s for a year of 140,000 jobs on PGlite; whole months
    // from job_month, where a year of job_day rows took 230 ms for 659 printers on PostgreSQL (docs/benchmarks.md).
    count: async () => {
      if (context.systems.length === 0 || period.startDay > period.endDay) return 0;
      const jobs = sql.raw(SIZE_CATEGORIES.map((size) => `d.jobs_${size.key}`).join(' + '));
      const { rows } = await sql<{ n: string | null }>`WITH sel AS (${selectedJobSystems(context)})
        SELECT sum(${jobs}) AS n FROM (${rollupRows('job', context, period, null, true)}) d`.execute(context.db);
      return Number(rows[0]?.n ?? 0);
    },
    batches: (batchRows) => {
      const inks = INK_COLOURS.map((colour) => `ink_${colour}_ul`);
      const sorted = sql`WITH sel AS (${sel})
        SELECT j.ended_at, j.system_id, j.id, j.started_at, sel.n AS system, j.image_name, j.size_category,
          j.print_mode, j.impressions, j.media_length_mm, ${sql.join(inks.map((ink) => sql.ref(`j.${ink}`)))}
        FROM jobs j JOIN sel ON sel.id = j.system_id
        WHERE j.tenant_id = ${context.tenantId} AND ${inPeriod('j.ended_at', bounds)}
        ORDER BY j.ended_at, j.system_id, j.id`;
      // Only what the file shows; ink in µl and lengths in mm, divided below (a numeric division in SQL sends every
      // value with sixteen decimals).
      const rows = valuesOfSorted(
        sorted,
        ['ended_at', 'system_id', 'id'],
        [
          instantOf('started_at'),
          instantOf('ended_at'),
          ...['system', 'image_name', 'size_category', 'print_mode', 'impressions', 'media_length_mm', ...inks].map(
            (column) => sql.ref(`r.${column}`),
          ),
        ],
      );
      return readerWithSystems(
        context.db,
        sel,
        rows,
        ([started, ended, system, image, size, printMode, impressions, mediaMm, ...inkUl], systems, times) => {
          const { serialNumber, site, model, timeZone } = systemNumbered(systems, system);
          return [
            ...times.cells(Number(started) * 1000, timeZone),
            ...times.cells(Number(ended) * 1000, timeZone),
            serialNumber,
            site,
            model,
            typeof image === 'string' ? image : '',
            String(size),
            ...(film ? [printMode === null ? '' : (PRINT_MODE_NAMES[Number(printMode)] ?? '')] : []),
            Number(impressions),
            ...(film ? [Number(mediaMm) / 1000] : []),
            ...inkUl.map((ul) => Number(ul) / 1000),
          ];
        },
        batchRows,
      );
    },
  };
}
