import type { FastifyRequest } from 'fastify';
import type { Kysely } from 'kysely';
import type { OverviewPeriods, OverviewQuery, ReportPeriod } from '../../shared/api-types.ts';
import type { SystemGroup } from '../../shared/system-group.ts';
import type { Database } from '../db/schema.ts';
import { localTimeToInstant } from '../../shared/time/local-time.ts';
import { loadCurrentUser, type UserScope } from '../users/current-user.ts';
import type { MeasuresPair } from './overview-kpis.ts';
import { totalOf } from './overview-kpis.ts';
import {
  loadMeasures,
  selectedSystems,
  type MeasureGrouping,
  type MeasureRow,
  type SelectedSystem,
} from './overview-measures.ts';
import { previousPeriodOf, reportPeriodOf, type PeriodQuery } from './overview-period.ts';

/** What every Overview call needs: who asks, which systems, which period and the one before. */
export interface OverviewContext {
  db: Kysely<Database>;
  tenantId: string;
  group: SystemGroup;
  systems: SelectedSystem[];
  period: ReportPeriod;
  previousPeriod: ReportPeriod;
  /** The time of the call: buckets after it are future ones. */
  now: Date;
}

export interface OverviewRequest {
  scope: UserScope;
  group: SystemGroup;
  /** Selected serial numbers; empty = every system of the group in scope. */
  serialNumbers: readonly string[];
  query: PeriodQuery;
  now: Date;
}

export async function openOverview(db: Kysely<Database>, request: OverviewRequest): Promise<OverviewContext> {
  const period = reportPeriodOf(request.query);
  return {
    db,
    tenantId: request.scope.tenantId,
    group: request.group,
    systems: await selectedSystems(db, request.scope, request.group, request.serialNumbers),
    period,
    previousPeriod: previousPeriodOf(period),
    now: request.now,
  };
}

/** The zone chart buckets and running periods are read in: the first selected system's site (UTC when none). */
export function referenceZone(context: Pick<OverviewContext, 'systems'>): string {
  return context.systems[0]?.timeZone ?? 'UTC';
}

/**
 * Whether `now` falls inside the period (both hours included), i.e. the period holds the last update and is still
 * running: the cards then read 'Current …' instead of 'Average …' (spec reports §4).
 */
export function isLastUpdatePeriod(period: ReportPeriod, timeZone: string, now: Date): boolean {
  const start = localTimeToInstant(period.startDay, period.startHour * 60, timeZone);
  const end = localTimeToInstant(period.endDay, (period.endHour + 1) * 60, timeZone);
  return start <= now.getTime() && now.getTime() < end;
}

/** The header of every Overview answer. */
export function periodsOf(context: OverviewContext): OverviewPeriods {
  return { systemGroup: context.group, period: context.period, previousPeriod: context.previousPeriod };
}

/** Measure rows of the period (or of `period`), grouped as asked. */
export function loadRows(
  context: OverviewContext,
  grouping: MeasureGrouping = {},
  period: ReportPeriod = context.period,
): Promise<MeasureRow[]> {
  return loadMeasures(context.db, context.tenantId, context.systems, period, grouping);
}

/** Measure rows of the period and of the previous period, grouped alike. */
export async function loadRowPair(
  context: OverviewContext,
  grouping: MeasureGrouping = {},
): Promise<{ current: MeasureRow[]; previous: MeasureRow[] }> {
  return {
    current: await loadRows(context, grouping),
    previous: await loadRows(context, grouping, context.previousPeriod),
  };
}

/** Total measures of the period and of the previous period. */
export async function loadTotals(context: OverviewContext): Promise<MeasuresPair> {
  const rows = await loadRowPair(context);
  return { current: totalOf(rows.current), previous: totalOf(rows.previous) };
}

/**
 * Runs `build` in the request's tenant transaction on the Overview context of the query's group and period for the
 * user's scope and `serialNumbers` (empty = every system of the group in scope).
 */
export function withOverviewContext<T>(
  request: FastifyRequest<{ Querystring: OverviewQuery }>,
  serialNumbers: readonly string[],
  build: (context: OverviewContext, scope: UserScope) => Promise<T>,
): Promise<T> {
  const { systemGroup, ...query } = request.query;
  return request.tenantDb(async (trx) => {
    const { scope } = await loadCurrentUser(trx, request.portalUser);
    const context = await openOverview(trx, { scope, group: systemGroup, serialNumbers, query, now: new Date() });
    return build(context, scope);
  });
}
