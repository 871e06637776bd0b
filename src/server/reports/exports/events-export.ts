import { sql, type RawBuilder } from 'kysely';
import {
  cursorReader,
  inPeriod,
  LOCAL_TIME_FORMAT,
  selection,
  type ExportContext,
  type ExportSource,
} from './export-source.ts';

/**
 * The errors-and-maintenance download of Jobs Analysis and of the system page (spec reports §7): one row per error or
 * maintenance event that STARTED in the period, each system on its own site's clock.
 */
export function errorsAndMaintenanceExport(context: ExportContext): ExportSource {
  const { period } = context;
  const { sel, ...bounds } = selection(context, period);
  const eventsOf = (select: RawBuilder<unknown>, tail: RawBuilder<unknown>) =>
    sql`WITH sel AS (${sel}) SELECT ${select} FROM events e JOIN sel ON sel.id = e.system_id
      WHERE e.tenant_id = ${context.tenantId} AND ${inPeriod('e.started_at', bounds)} ${tail}`;
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
      cursorReader(
        context.db,
        eventsOf(
          sql`e.id, e.system_id, e.kind, sel.serial_number, sel.site, sel.model, e.code, e.message, e.duration_seconds,
            to_char(e.started_at AT TIME ZONE sel.time_zone, ${sql.raw(LOCAL_TIME_FORMAT)}) AS started,
            to_char(e.ended_at AT TIME ZONE sel.time_zone, ${sql.raw(LOCAL_TIME_FORMAT)}) AS ended`,
          sql`ORDER BY e.started_at, e.system_id, e.id`,
        ),
        (row) => [
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
        batchRows,
      ),
  };
}
