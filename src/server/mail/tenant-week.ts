import { sql, type Kysely } from 'kysely';
import { emptyMeasures, production, sumMeasures, type DailyTotal, type KpiMeasures } from '../../shared/kpi/index.ts';
import type { SystemGroup } from '../../shared/system-group.ts';
import { addDays, localTimeToInstant, type LocalDay } from '../../shared/time/local-time.ts';
import type { Database } from '../db/schema.ts';
import {
  MEASURE_COLUMN_NAMES,
  rollupMeasures,
  SELECTED_SYSTEM_COLUMNS,
  selectedSystemOf,
  type SelectedSystem,
} from '../reports/common/measure-rows.ts';
import { comparisonCuts } from '../reports/common/period-progress.ts';
import type { ReportContext } from '../reports/common/report-context.ts';
import { previousPeriodOf, reportPeriodOf } from '../reports/common/report-period.ts';
import { achievementsOf, dailyTotals, goalPeriodsOf } from '../reports/overview/overview-achievements.ts';
import { overviewCardsOf } from '../reports/overview/overview-cards.ts';
import { chartPoint } from '../reports/overview/overview-charts.ts';
import { textsOf } from '../i18n/server-texts.ts';
import { partialFrom, type WeeklyGroupReport } from './weekly-report.ts';

/**
 * A tenant's numbers for one reported week, read set-based once per pass of the e-mail sender (issue #27): per system
 * and local day, the measures of the week and the week before, the production of the goals' year, the tenant's goals
 * and the first day each system has data. Every recipient's group report is then summed from them in memory
 * (`groupReportOf`) by the Overview builders' own functions (`overviewCardsOf`, `achievementsOf`, `chartPoint`) instead
 * of their statements per report: the same numbers (tenant-week.test.ts compares them with weekly-report.ts's), because
 * they are the same sums of the same `system_day` rows, and they are read only for a week that is over on every site's
 * clock (no period in progress, nothing cut).
 */
export interface TenantWeek {
  tenantId: string;
  weekStart: LocalDay;
  now: Date;
  /** The tenant's systems by serial number. */
  systems: Map<string, SelectedSystem>;
  /** Measures per system id and local day, the previous week's and the week's days. */
  days: Map<string, Map<LocalDay, KpiMeasures>>;
  /** Impressions and media length per system id and local day, over the goals' year (and the week, if it crosses it). */
  production: Map<string, Map<LocalDay, { impressions: number; mediaLengthMm: number }>>;
  /** The tenant's goals, latest period first. */
  goals: { group: string; type: string; periodStart: LocalDay; value: number }[];
  /** The first local day with data per system id. */
  firstDays: Map<string, LocalDay>;
}

/** The days the goals of the week starting on `weekStart` read, and their year (overview-achievements.ts's). */
const goalDaysOf = (weekStart: LocalDay) => goalPeriodsOf(addDays(weekStart, 6));

function nested<T>(map: Map<string, Map<LocalDay, T>>, id: string): Map<LocalDay, T> {
  let inner = map.get(id);
  if (inner === undefined) map.set(id, (inner = new Map()));
  return inner;
}

/**
 * The tenant's numbers of the week starting on `weekStart` (a Monday), or null while that week is not over at `now`
 * on some site's clock (the Overview builders then read it, cut as a period in progress). `db` must read as the tenant.
 */
export async function readTenantWeek(
  db: Kysely<Database>,
  tenantId: string,
  weekStart: LocalDay,
  now: Date,
): Promise<TenantWeek | null> {
  const rows = await db
    .selectFrom('systems')
    .innerJoin('sites', (join) =>
      join.onRef('sites.tenant_id', '=', 'systems.tenant_id').onRef('sites.id', '=', 'systems.site_id'),
    )
    .where('systems.tenant_id', '=', tenantId)
    .select([
      ...SELECTED_SYSTEM_COLUMNS,
      'systems.system_group',
      sql<string | null>`(SELECT min(d.local_day)::text FROM system_day d
        WHERE d.tenant_id = systems.tenant_id AND d.system_id = systems.id)`.as('first_day'),
    ])
    .orderBy('systems.serial_number')
    .execute();
  const nextMonday = addDays(weekStart, 7);
  const zones = new Set(rows.map((row) => row.time_zone));
  if ([...zones].some((zone) => now.getTime() < localTimeToInstant(nextMonday, 0, zone))) return null;

  const perSiteGroup = new Map<string, number>();
  const siteGroup = (row: (typeof rows)[number]) => `${row.site_id}|${row.system_group}`;
  for (const row of rows) perSiteGroup.set(siteGroup(row), (perSiteGroup.get(siteGroup(row)) ?? 0) + 1);
  const systems = new Map(
    rows.map((row) => [
      row.serial_number,
      selectedSystemOf(row, row.system_group, perSiteGroup.get(siteGroup(row)) ?? 0),
    ]),
  );
  const firstDays = new Map(rows.flatMap((row) => (row.first_day === null ? [] : [[row.id, row.first_day]])));

  const columns = MEASURE_COLUMN_NAMES.map((column) => sql.ref(`system_day.${column}`));
  const dayRows = await sql<Record<string, unknown> & { system_id: string; day: string }>`
    SELECT system_id, to_char(local_day, 'YYYY-MM-DD') AS day, ${sql.join(columns)} FROM system_day
    WHERE tenant_id = ${tenantId} AND local_day BETWEEN ${addDays(weekStart, -7)}::date AND ${addDays(weekStart, 6)}::date`.execute(
    db,
  );
  const days = new Map<string, Map<LocalDay, KpiMeasures>>();
  for (const row of dayRows.rows) nested(days, row.system_id).set(row.day, rollupMeasures(row));

  const { days: goalDays } = goalDaysOf(weekStart);
  const productionRows = await db
    .selectFrom('system_day')
    .where('tenant_id', '=', tenantId)
    .where(sql<boolean>`local_day BETWEEN ${goalDays.from}::date AND ${goalDays.to}::date`)
    .select(['system_id', sql<string>`to_char(local_day, 'YYYY-MM-DD')`.as('day'), 'impressions', 'media_length_mm'])
    .execute();
  const productionByDay = new Map<string, Map<LocalDay, { impressions: number; mediaLengthMm: number }>>();
  for (const row of productionRows) {
    nested(productionByDay, row.system_id).set(row.day, {
      impressions: Number(row.impressions),
      mediaLengthMm: Number(row.media_length_mm),
    });
  }

  const goals = await db
    .selectFrom('goals')
    .where('tenant_id', '=', tenantId)
    .select([
      'system_group as group',
      'goal_type as type',
      sql<string>`to_char(period_start, 'YYYY-MM-DD')`.as('periodStart'),
      'goal_value as value',
    ])
    .orderBy('period_start', 'desc')
    .execute();
  return {
    tenantId,
    weekStart,
    now,
    systems,
    days,
    production: productionByDay,
    goals: goals.map((goal) => ({ ...goal, value: Number(goal.value) })),
    firstDays,
  };
}

/** The goal of `type` that holds on `periodStart`: the latest one set for that period or an earlier one. */
function goalOn(week: TenantWeek, group: SystemGroup, type: 'weekly' | 'yearly', periodStart: LocalDay) {
  return (
    week.goals.find((goal) => goal.group === group && goal.type === type && goal.periodStart <= periodStart)?.value ??
    null
  );
}

/** The measures of `systems` summed per day of the 7 days from `start` (days without rows: none). */
function dailyMeasures(week: TenantWeek, systems: readonly SelectedSystem[], start: LocalDay): KpiMeasures[] {
  return Array.from({ length: 7 }, (_, offset) => {
    const day = addDays(start, offset);
    return sumMeasures(systems.flatMap((system) => week.days.get(system.id)?.get(day) ?? []));
  });
}

/** Production of `systems` per day of the goals' year, in day order (overview-achievements.ts's `dailyTotals`). */
function dailyProduction(week: TenantWeek, systems: readonly SelectedSystem[], group: SystemGroup): DailyTotal[] {
  const sums = new Map<LocalDay, KpiMeasures>();
  for (const system of systems) {
    for (const [day, value] of week.production.get(system.id) ?? []) {
      const sum = sums.get(day) ?? emptyMeasures();
      sum.impressions += value.impressions;
      sum.mediaLengthMm += value.mediaLengthMm;
      sums.set(day, sum);
    }
  }
  const rows = [...sums]
    .sort(([a], [b]) => (a < b ? -1 : 1))
    .map(([day, measures]) => ({ systemId: null, day, hour: null, measures }));
  return dailyTotals(rows, group);
}

/**
 * One group's report for the `serialNumbers` (in serial-number order, as weekly-report.ts's `reportSystems` answers
 * them), worded in `language`: what weekly-report.ts's `weeklyGroupReport` builds with the Overview's builders.
 */
export function groupReportOf(
  week: TenantWeek,
  db: Kysely<Database>,
  group: SystemGroup,
  serialNumbers: readonly string[],
  language?: string,
): WeeklyGroupReport {
  const systems = serialNumbers.flatMap((serial) => {
    const system = week.systems.get(serial);
    return system?.group === group ? [system] : [];
  });
  const period = reportPeriodOf({ week: week.weekStart });
  const previousPeriod = previousPeriodOf(period);
  const context: ReportContext = {
    db,
    tenantId: week.tenantId,
    group,
    systems,
    period,
    previousPeriod,
    cuts: comparisonCuts(period, previousPeriod, week.now),
    now: week.now,
    texts: textsOf(language),
  };
  const current = dailyMeasures(week, systems, period.startDay);
  const previous = dailyMeasures(week, systems, previousPeriod.startDay);
  const firstDays = systems.flatMap((system) => week.firstDays.get(system.id) ?? []).sort();
  return {
    group,
    cards: overviewCardsOf(context, { current: sumMeasures(current), previous: sumMeasures(previous) }),
    goals: achievementsOf(context, dailyProduction(week, systems, group), {
      weekly: goalOn(week, group, 'weekly', week.weekStart),
      yearly: goalOn(week, group, 'yearly', `${goalDaysOf(week.weekStart).year}-01-01`),
    }),
    // A week that is over: no future days.
    daily: current.map((measures, offset) =>
      chartPoint(
        { day: addDays(period.startDay, offset), hour: null },
        'day',
        { current: measures, previous: previous[offset] ?? emptyMeasures() },
        (m) => production(m, group),
        false,
      ),
    ),
    previousWeekDataFrom: partialFrom(firstDays[0] ?? null, previousPeriod.startDay),
  };
}
