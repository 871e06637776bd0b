import type { FastifyRequest } from 'fastify';
import type { Kysely } from 'kysely';
import type { ComparedUntil, OverviewPeriods, ReportQuery, ReportPeriod } from '../../../shared/api-types.ts';
import type { SystemGroup } from '../../../shared/system-group.ts';
import type { Database } from '../../db/schema.ts';
import { localTimeToInstant } from '../../../shared/time/local-time.ts';
import type { UserScope } from '../../users/current-user.ts';
import { textsOf, type LanguageTexts } from '../../i18n/server-texts.ts';
import { tenantAnswer } from './shared-answers.ts';
import type { MeasuresPair } from './kpi-comparisons.ts';
import { totalOf } from './kpi-comparisons.ts';
import {
  loadMeasures,
  loadMeasureSets,
  selectedSystems,
  type MeasureGrouping,
  type MeasureRow,
  type SelectedSystem,
} from './measure-rows.ts';
import { changeDescription, previousPeriodOf, reportPeriodOf, type PeriodQuery } from './report-period.ts';
import {
  comparedUntilOf,
  comparisonCuts,
  WHOLE_PERIOD,
  type ComparisonCuts,
  type ReadUntil,
} from './period-progress.ts';

/**
 * What every period report call (Overview, Systems Analysis, the System page) needs: who asks, which systems, which
 * period and the one before.
 */
export interface ReportContext {
  db: Kysely<Database>;
  tenantId: string;
  group: SystemGroup;
  systems: SelectedSystem[];
  period: ReportPeriod;
  previousPeriod: ReportPeriod;
  /** How far the period and the previous one are compared while the period is in progress (period-progress.ts). */
  cuts: ComparisonCuts;
  /** The time of the call: buckets after it are future ones. */
  now: Date;
  /** The caller's language: the texts the answers carry (a card's change description) are worded in it. */
  texts: LanguageTexts;
}

export interface ReportContextRequest {
  scope: UserScope;
  group: SystemGroup;
  /** Selected serial numbers; empty = every system of the group in scope. */
  serialNumbers: readonly string[];
  query: PeriodQuery;
  now: Date;
  /** The caller's language (`CurrentUser.language`); en-US when absent. */
  language?: string;
}

export async function openReportContext(db: Kysely<Database>, request: ReportContextRequest): Promise<ReportContext> {
  const period = reportPeriodOf(request.query);
  const previousPeriod = previousPeriodOf(period);
  return {
    db,
    tenantId: request.scope.tenantId,
    group: request.group,
    systems: await selectedSystems(db, request.scope, request.group, request.serialNumbers),
    period,
    previousPeriod,
    cuts: comparisonCuts(period, previousPeriod, request.now),
    now: request.now,
    texts: textsOf(request.language),
  };
}

/** The zone chart buckets and running periods are read in: the first selected system's site (UTC when none). */
export function referenceZone(context: Pick<ReportContext, 'systems'>): string {
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

/** How far the context's periods are compared, as the answers say it (ComparedUntilSchema). */
export function comparedUntilOfContext(context: ReportContext): ComparedUntil {
  return comparedUntilOf(context.period, context.now, [...new Set(context.systems.map((system) => system.timeZone))]);
}

/** The description under the cards' changes (changeDescription): what they compare with, and how far. */
export function changeDescriptionOf(context: ReportContext): string {
  return changeDescription(context.period, comparedUntilOfContext(context), context.texts);
}

/** The periods header of every answer built on a report context (`PeriodsAnswer`). */
export function periodsOf(context: ReportContext): OverviewPeriods {
  return {
    systemGroup: context.group,
    period: context.period,
    previousPeriod: context.previousPeriod,
    comparedUntil: comparedUntilOfContext(context),
  };
}

/** Measure rows of the period (or of `period`, read up to `until`), grouped as asked. */
export function loadRows(
  context: ReportContext,
  grouping: MeasureGrouping = {},
  period: ReportPeriod = context.period,
  until: ReadUntil = WHOLE_PERIOD,
): Promise<MeasureRow[]> {
  return loadMeasures(context.db, context.tenantId, context.systems, period, grouping, until);
}

/**
 * Measure rows of the period and of the previous period, grouped alike; while the period is in progress both up to
 * the same local time (docs/kpi-glossary.md "Change and trend").
 */
export async function loadRowPair(
  context: ReportContext,
  grouping: MeasureGrouping = {},
): Promise<{ current: MeasureRow[]; previous: MeasureRow[] }> {
  const [pair] = await loadRowPairs(context, [grouping]);
  return pair ?? { current: [], previous: [] };
}

/**
 * loadRowPair for several groupings of the same systems (loadMeasureSets): a statement per period, each reading the
 * hour holding its cut from the raw rows once; a pair of row lists per grouping, in their order.
 */
export async function loadRowPairs(
  context: ReportContext,
  groupings: readonly MeasureGrouping[],
): Promise<{ current: MeasureRow[]; previous: MeasureRow[] }[]> {
  const { db, tenantId, systems } = context;
  const current = await loadMeasureSets(db, tenantId, systems, context.period, groupings, context.cuts.current);
  const previous = await loadMeasureSets(
    db,
    tenantId,
    systems,
    context.previousPeriod,
    groupings,
    context.cuts.previous,
  );
  return groupings.map((_, index) => ({ current: current[index] ?? [], previous: previous[index] ?? [] }));
}

/** Total measures of the period and of the previous period. */
export async function loadTotals(context: ReportContext): Promise<MeasuresPair> {
  const rows = await loadRowPair(context);
  return { current: totalOf(rows.current), previous: totalOf(rows.previous) };
}

/**
 * Runs `build` in the request's tenant transaction on the report context of the query's group and period for the
 * user's scope and `serialNumbers` (empty = every system of the group in scope), at `now` (the server clock); or answers
 * with the answer shared for the same scope, language and call (shared-answers.ts).
 */
export function withReportContext<T>(
  request: FastifyRequest<{ Querystring: ReportQuery }>,
  serialNumbers: readonly string[],
  now: Date,
  build: (context: ReportContext, scope: UserScope) => Promise<T>,
): Promise<T> {
  const { systemGroup, ...query } = request.query;
  return tenantAnswer(request, async (trx, { scope, language }) => {
    const context = await openReportContext(trx, { scope, group: systemGroup, serialNumbers, query, now, language });
    return build(context, scope);
  });
}
