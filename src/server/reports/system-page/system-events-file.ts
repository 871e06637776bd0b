import type { FastifyReply, FastifyRequest } from 'fastify';
import type { ReportPeriod } from '../../../shared/api-types.ts';
import type { SystemEventsFileQuery } from '../../../shared/contract/system-page.contract.ts';
import { HttpError } from '../../http-errors.ts';
import { loadCurrentUser } from '../../users/current-user.ts';
import { errorsAndMaintenanceExport } from '../exports/events-export.ts';
import { sendExport } from '../exports/stream-export.ts';
import { selectedSystems } from '../common/measure-rows.ts';
import { reportPeriodOf } from '../common/report-period.ts';
import { NOT_IN_SCOPE } from './system-page-context.ts';

/**
 * GET /api/system-page-report/error-maintenance-file (spec reports §4, §7): the errors and maintenance events of one
 * system (or a list) that started in the day or week, streamed as XLSX; 204 when there are none, 205 above the limit.
 */

/** Characters a file name keeps; any other becomes '_' (a serial is the system's, but a header must stay one line). */
const UNSAFE_FILE_NAME = /[^A-Za-z0-9._-]/g;

/**
 * The file name without extension (spec reports §7): Events_End_Errors_Report for a list of systems, otherwise the
 * last word of the system name, '_Events_' and the day (a week's Monday).
 */
export function eventsFileName(serials: readonly string[], period: ReportPeriod): string {
  if (serials.length > 1) return 'Events_End_Errors_Report';
  const lastWord = (serials[0] ?? '').trim().split(/\s+/).at(-1) ?? '';
  return `${lastWord.replace(UNSAFE_FILE_NAME, '_')}_Events_${period.startDay}`;
}

/** Answers the download; 404 when a serial names no system of the group in the user's scope. */
export async function sendEventsFile(
  request: FastifyRequest<{ Querystring: SystemEventsFileQuery }>,
  reply: FastifyReply,
  rowLimit: number,
): Promise<void> {
  const { systemGroup, system, day, week } = request.query;
  const period = reportPeriodOf(day === undefined ? { week } : { day });
  const serials = [...new Set(system)];
  await request.tenantDb(async (db) => {
    const { scope } = await loadCurrentUser(db, request.portalUser);
    const systems = await selectedSystems(db, scope, systemGroup, serials);
    if (systems.length < serials.length) throw new HttpError(404, NOT_IN_SCOPE);
    const source = errorsAndMaintenanceExport({ db, tenantId: scope.tenantId, systems, period });
    await sendExport(reply, source, rowLimit, eventsFileName(serials, period));
  });
}
