import type { FastifyRequest } from 'fastify';
import type { SystemPeriodQuery } from '../../../shared/contract/system-page.contract.ts';
import { localTimeToInstant } from '../../../shared/time/local-time.ts';
import { HttpError } from '../../http-errors.ts';
import type { UserScope } from '../../users/current-user.ts';
import { openReportContext, type ReportContext } from '../common/report-context.ts';
import { tenantAnswer } from '../common/shared-answers.ts';
import type { SelectedSystem } from '../common/measure-rows.ts';

/** What every system page call needs: the report context of one system, the system itself and the user's scope. */
export interface SystemPageContext extends ReportContext {
  system: SelectedSystem;
  scope: UserScope;
}

/** The 404 of a serial that no system of the group in the user's scope has (another tenant's looks alike). */
export const NOT_IN_SCOPE = 'Cannot find a system with this serial number in your scope';

/** The period query of one system: a day or a week (the route schema allows exactly one). */
type SystemQuery = Pick<SystemPeriodQuery, 'day' | 'week' | 'systemGroup'> & { system: string };

/**
 * Runs `build` in the request's tenant transaction on the context of the query's system, group and period for the
 * user's scope at `now` (the server clock), or the answer shared for the same call (shared-answers.ts); 404 when no
 * system of the group in scope has the serial number.
 */
export function withSystemPage<T>(
  request: FastifyRequest<{ Querystring: SystemQuery }>,
  now: Date,
  build: (context: SystemPageContext) => Promise<T>,
): Promise<T> {
  const { systemGroup, system: serialNumber, day, week } = request.query;
  const query = day === undefined ? { week } : { day };
  return tenantAnswer(request, async (trx, { scope, language }) => {
    const context = await openReportContext(trx, {
      scope,
      group: systemGroup,
      serialNumbers: [serialNumber],
      query,
      now,
      language,
    });
    const system = context.systems[0];
    if (system === undefined) throw new HttpError(404, NOT_IN_SCOPE);
    return build({ ...context, system, scope });
  });
}

/** The answers' header: the group, the serial number and the period. */
export function systemHeader(context: SystemPageContext) {
  return { systemGroup: context.group, systemSerialGk: context.system.serialNumber, period: context.period };
}

/** The period's UTC bounds on the system's clock: `[start, end)` in epoch ms (a DST day is 23 or 25 hours). */
export function periodInstants(context: SystemPageContext, period = context.period): { start: number; end: number } {
  return {
    start: localTimeToInstant(period.startDay, period.startHour * 60, context.system.timeZone),
    end: localTimeToInstant(period.endDay, (period.endHour + 1) * 60, context.system.timeZone),
  };
}
