import type { FastifyRequest } from 'fastify';
import type { Kysely } from 'kysely';
import type { ComparedUntil, ReportPeriod } from '../../../shared/api-types.ts';
import type { JobsQuery } from '../../../shared/contract/jobs.contract.ts';
import { periodOf } from '../../../shared/kpi/periods.ts';
import { addDays } from '../../../shared/time/local-time.ts';
import type { SystemGroup } from '../../../shared/system-group.ts';
import type { Database } from '../../db/schema.ts';
import { textsOf, type LanguageTexts } from '../../i18n/server-texts.ts';
import { loadCurrentUser, type UserScope } from '../../users/current-user.ts';
import { tenantAnswer, type Asker } from '../common/shared-answers.ts';
import { selectedSystems, type SelectedSystem } from '../common/measure-rows.ts';
import { changeDescription, previousPeriodOf, reportPeriodOf } from '../common/report-period.ts';
import { comparedUntilOf, comparisonCuts, type ComparisonCuts } from '../common/period-progress.ts';

/** What every Jobs Analysis call needs: the tenant transaction, the selected systems, the period and the one before. */
export interface JobsContext {
  db: Kysely<Database>;
  tenantId: string;
  group: SystemGroup;
  systems: SelectedSystem[];
  period: ReportPeriod;
  previousPeriod: ReportPeriod;
  /** How far the period and the previous one are compared while the period is in progress (period-progress.ts). */
  cuts: ComparisonCuts;
  /** The same, as the answers say it. */
  comparedUntil: ComparedUntil;
  /** The caller's language: the header's change description is worded in it. */
  texts: LanguageTexts;
}

type CalendarTimeframe = 'month' | 'quarter' | 'year';
const CALENDAR_TIMEFRAMES: readonly CalendarTimeframe[] = ['month', 'quarter', 'year'];

function wholeDays(timeframe: ReportPeriod['timeframe'], startDay: string, endDay: string): ReportPeriod {
  return { timeframe, startDay, endDay, startHour: 0, endHour: 23 };
}

/**
 * The period of a Jobs call: a day, a Monday-to-Sunday week, the calendar month, quarter or year of the given day, or
 * a custom range of whole days (spec reports §4: on Jobs the custom hours are 0 and 23, whatever the range says).
 */
export function jobsPeriodOf(query: Omit<JobsQuery, 'systemGroupType'>): ReportPeriod {
  for (const timeframe of CALENDAR_TIMEFRAMES) {
    const day = query[timeframe];
    if (day !== undefined) {
      const calendar = periodOf(timeframe, day);
      return wholeDays(timeframe, calendar.start, calendar.end);
    }
  }
  const period = reportPeriodOf(query);
  return { ...period, startHour: 0, endHour: 23 };
}

/**
 * The previous month, quarter or year; the previous same day (a week before) or the previous week; the same number of
 * days before a custom range.
 */
export function jobsPreviousPeriodOf(period: ReportPeriod): ReportPeriod {
  const timeframe = period.timeframe;
  if (timeframe === 'month' || timeframe === 'quarter' || timeframe === 'year') {
    const before = periodOf(timeframe, addDays(period.startDay, -1));
    return wholeDays(timeframe, before.start, before.end);
  }
  return previousPeriodOf(period);
}

/** The header every Jobs answer starts with. */
export function jobsHeader(context: JobsContext) {
  return {
    systemGroup: context.group,
    period: context.period,
    previousPeriod: context.previousPeriod,
    comparedUntil: context.comparedUntil,
    statsDescription: changeDescription(context.period, context.comparedUntil, context.texts),
  };
}

/**
 * The Jobs context of `scope` for the query's group and period and `serialNumbers` (empty = every system of the group
 * in scope), at `now`, on `db` (a tenant transaction). The public data API opens it for a certificate's user.
 */
export async function openJobsContext(
  db: Kysely<Database>,
  scope: UserScope,
  query: JobsQuery,
  serialNumbers: readonly string[],
  now: Date,
  language?: string,
): Promise<JobsContext> {
  const { systemGroupType: group, ...periodQuery } = query;
  const period = jobsPeriodOf(periodQuery);
  const previousPeriod = jobsPreviousPeriodOf(period);
  const systems = await selectedSystems(db, scope, group, serialNumbers);
  return {
    db,
    tenantId: scope.tenantId,
    group,
    systems,
    period,
    previousPeriod,
    cuts: comparisonCuts(period, previousPeriod, now),
    comparedUntil: comparedUntilOf(period, now, [...new Set(systems.map((system) => system.timeZone))]),
    texts: textsOf(language),
  };
}

/**
 * Runs `build` in the request's tenant transaction for the user's scope, the query's group and period and the body's
 * serial numbers (empty = every system of the group in scope), at `now` (the server clock). With `shared` (an answer,
 * not a download written to the reply) the answer shared for the same scope, language and call may answer instead
 * (shared-answers.ts).
 */
export function withJobsContext<T>(
  request: FastifyRequest<{ Querystring: JobsQuery; Body: { systems: string[] } }>,
  now: Date,
  build: (context: JobsContext) => Promise<T>,
  options: { shared?: boolean } = {},
): Promise<T> {
  const compute = async (db: Kysely<Database>, { scope, language }: Asker) =>
    build(await openJobsContext(db, scope, request.query, request.body.systems, now, language));
  if (options.shared === true) return tenantAnswer(request, compute);
  return request.tenantDb(async (db) => compute(db, await loadCurrentUser(db, request.portalUser)));
}
