import { sql, type RawBuilder } from 'kysely';
import {
  inPeriod,
  instantOf,
  localTimeColumns,
  readerWithSystems,
  selection,
  type ExportContext,
  type ExportSource,
  systemNumbered,
  valuesOfSorted,
} from './export-source.ts';

/**
 * The errors-and-maintenance download of Jobs Analysis and of the system page (spec reports §7): one row per error or
 * maintenance event that STARTED in the period, each system on its own site's clock (its times Excel date-times with
 * their UTC offsets beside them).
 */
export function errorsAndMaintenanceExport(context: ExportContext): ExportSource {
  const { period } = context;
  const { sel, ...bounds } = selection(context, period);
  const eventsOf = (select: RawBuilder<unknown>) =>
    sql`WITH sel AS (${sel}) SELECT ${select} FROM events e JOIN sel ON sel.id = e.system_id
      WHERE e.tenant_id = ${context.tenantId} AND ${inPeriod('e.started_at', bounds)}`;
  return {
    sheetName: 'Errors and maintenance',
    columns: [
      { header: 'Type', repeated: true, width: 12 },
      { header: 'System', repeated: true, width: 14 },
      { header: 'Site', repeated: true, width: 18 },
      { header: 'Model', repeated: true, width: 18 },
      { header: 'Code', repeated: true, width: 10 },
      { header: 'Message', repeated: true, width: 40 },
      ...localTimeColumns('Start'),
      ...localTimeColumns('End'),
      { header: 'Duration (s)', width: 12 },
    ],
    count: async () => {
      if (context.systems.length === 0) return 0;
      const { rows } = await eventsOf(sql`count(*)::int AS n`).execute(context.db);
      return Number((rows[0] as { n: number } | undefined)?.n ?? 0);
    },
    batches: (batchRows) =>
      readerWithSystems(
        context.db,
        sel,
        valuesOfSorted(
          sql`${eventsOf(
            sql`e.started_at, e.system_id, e.id, e.kind, sel.n AS system, e.code, e.message, e.ended_at,
              e.duration_seconds`,
          )} ORDER BY e.started_at, e.system_id, e.id`,
          ['started_at', 'system_id', 'id'],
          [
            ...['kind', 'system', 'code', 'message'].map((column) => sql.ref(`r.${column}`)),
            instantOf('started_at'),
            instantOf('ended_at'),
            sql`r.duration_seconds`,
          ],
        ),
        ([kind, system, code, message, started, ended, durationSeconds], systems, times) => {
          const { serialNumber, site, model, timeZone } = systemNumbered(systems, system);
          return [
            kind === 'error' ? 'Error' : 'Maintenance',
            serialNumber,
            site,
            model,
            String(code),
            String(message),
            ...times.cells(Number(started) * 1000, timeZone),
            ...(ended === null ? [null, null] : times.cells(Number(ended) * 1000, timeZone)),
            durationSeconds === null ? null : Number(durationSeconds),
          ];
        },
        batchRows,
      ),
  };
}
