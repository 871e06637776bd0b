import { sql, type Kysely } from 'kysely';
import type {
  AchievementsResponse,
  ImpressionsAvailabilityGraphsResponse,
  OverviewCardsReport,
} from '../../shared/api-types.ts';
import { SYSTEM_GROUPS, type SystemGroup } from '../../shared/system-group.ts';
import { addDays } from '../../shared/time/local-time.ts';
import type { Database } from '../db/schema.ts';
import { openReportContext } from '../reports/common/report-context.ts';
import { achievements } from '../reports/overview/overview-achievements.ts';
import { overviewCards } from '../reports/overview/overview-cards.ts';
import { impressionsAvailabilityGraphs } from '../reports/overview/overview-charts.ts';
import { scopedSystems, type UserScope } from '../users/current-user.ts';

/**
 * The numbers of a weekly report e-mail, from the Overview's own builders (the same cards, goals and daily chart the
 * Overview shows for that week), per system group the report's systems belong to.
 */

export interface WeeklyGroupReport {
  group: SystemGroup;
  cards: OverviewCardsReport;
  goals: AchievementsResponse;
  daily: ImpressionsAvailabilityGraphsResponse['productionChart'];
  /**
   * The first day the portal holds data of the group's systems when that is after the previous week began (a new
   * fleet, or the demo's short history): the previous week is then only partly there and its changes overstate the
   * week. Null when the previous week is whole.
   */
  previousWeekDataFrom: string | null;
}

/** The entry's own narrowing of the user's scope (spec shell §3); empty lists: the user's whole scope. */
export interface EntryScope {
  customerIds: readonly string[];
  siteIds: readonly string[];
  systemIds: readonly string[];
}

/** The serial numbers per group the report covers: the user's scope, narrowed by the entry's selection if any. */
export async function reportSystems(
  db: Kysely<Database>,
  scope: UserScope,
  entry: EntryScope,
): Promise<Map<SystemGroup, string[]>> {
  const narrowed = entry.customerIds.length + entry.siteIds.length + entry.systemIds.length > 0;
  const rows = await scopedSystems(db, scope)
    .$if(narrowed, (qb) =>
      qb.where((eb) =>
        eb.or([
          ...(entry.customerIds.length > 0 ? [eb('systems.customer_id', 'in', [...entry.customerIds])] : []),
          ...(entry.siteIds.length > 0 ? [eb('systems.site_id', 'in', [...entry.siteIds])] : []),
          ...(entry.systemIds.length > 0 ? [eb('systems.id', 'in', [...entry.systemIds])] : []),
        ]),
      ),
    )
    .select(['systems.system_group', 'systems.serial_number'])
    .orderBy('systems.serial_number')
    .execute();
  const byGroup = new Map<SystemGroup, string[]>();
  for (const group of SYSTEM_GROUPS) {
    const serials = rows.filter((row) => row.system_group === group).map((row) => row.serial_number);
    if (serials.length > 0) byGroup.set(group, serials);
  }
  return byGroup;
}

/** The first local day with rolled-up data of these systems, or null when there is none. */
async function firstDataDay(
  db: Kysely<Database>,
  tenantId: string,
  serialNumbers: readonly string[],
): Promise<string | null> {
  const row = await db
    .selectFrom('system_day')
    .innerJoin('systems', (join) =>
      join.onRef('systems.id', '=', 'system_day.system_id').onRef('systems.tenant_id', '=', 'system_day.tenant_id'),
    )
    .where('system_day.tenant_id', '=', tenantId)
    .where('systems.serial_number', 'in', [...serialNumbers])
    .select(sql<string | null>`min(system_day.local_day)::text`.as('first_day'))
    .executeTakeFirst();
  return row?.first_day ?? null;
}

/**
 * One group's numbers for the week starting on `weekStart` (a Monday) against the week before, and its goals, for the
 * group's `serialNumbers` in `scope`, its texts in `language` (en-US when absent): they depend on nothing else, so
 * recipients whose groups hold the same systems share them (report-sender.ts).
 */
export async function weeklyGroupReport(
  db: Kysely<Database>,
  scope: UserScope,
  group: SystemGroup,
  serialNumbers: readonly string[],
  weekStart: string,
  now: Date,
  language?: string,
): Promise<WeeklyGroupReport> {
  const request = { scope, group, serialNumbers, query: { week: weekStart }, now, ...(language ? { language } : {}) };
  const context = await openReportContext(db, request);
  return {
    group,
    cards: await overviewCards(context),
    goals: await achievements(context),
    daily: (await impressionsAvailabilityGraphs(context)).productionChart,
    previousWeekDataFrom: partialFrom(await firstDataDay(db, scope.tenantId, serialNumbers), addDays(weekStart, -7)),
  };
}

/** The week starting on `weekStart` (a Monday) against the week before, and its goals, for each group. */
export async function weeklyReport(
  db: Kysely<Database>,
  scope: UserScope,
  entry: EntryScope,
  weekStart: string,
  now: Date,
  language?: string,
): Promise<WeeklyGroupReport[]> {
  const reports: WeeklyGroupReport[] = [];
  for (const [group, serialNumbers] of await reportSystems(db, scope, entry)) {
    reports.push(await weeklyGroupReport(db, scope, group, serialNumbers, weekStart, now, language));
  }
  return reports;
}

/** `firstDay` when the data starts inside (or after the start of) the previous week, else null. */
export function partialFrom(firstDay: string | null, previousWeekStart: string): string | null {
  return firstDay !== null && firstDay > previousWeekStart ? firstDay : null;
}
