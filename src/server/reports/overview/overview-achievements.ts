import { sql } from 'kysely';
import type { AchievementsResponse } from '../../../shared/api-types.ts';
import {
  goalCompletion,
  production,
  weekCompleted,
  weekOf,
  weekRecord,
  WEEK_SEGMENTS,
  yearCompleted,
  YEAR_SEGMENTS,
  type DailyTotal,
} from '../../../shared/kpi/index.ts';
import { goalForecast, type GoalForecast } from '../../../shared/kpi/goal-forecast.ts';
import { addDays, localTimeToInstant, parseDay } from '../../../shared/time/local-time.ts';
import { referenceZone, type ReportContext } from '../common/report-context.ts';
import { productionUnit } from '../common/kpi-comparisons.ts';
import { loadMeasures, type MeasureRow } from '../common/measure-rows.ts';
import type { SystemGroup } from '../../../shared/system-group.ts';

/** The goal of `type` that holds on `periodStart`: the latest one set for that period or an earlier one. */
async function goalOn(context: ReportContext, type: 'weekly' | 'yearly', periodStart: string): Promise<number | null> {
  const row = await context.db
    .selectFrom('goals')
    .where('tenant_id', '=', context.tenantId)
    .where('system_group', '=', context.group)
    .where('goal_type', '=', type)
    .where(sql<boolean>`period_start <= ${periodStart}::date`)
    .orderBy('period_start', 'desc')
    .select('goal_value')
    .limit(1)
    .executeTakeFirst();
  return row?.goal_value ?? null;
}

/** Production of the group per local day, from measure rows grouped by day (in day order). */
export function dailyTotals(rows: readonly MeasureRow[], group: SystemGroup): DailyTotal[] {
  return rows.map((row) => ({ day: row.day ?? '', value: production(row.measures, group) }));
}

/** Production per local day from the first to the last day, both included (whole days, system_day). */
async function dailyProduction(context: ReportContext, startDay: string, endDay: string): Promise<DailyTotal[]> {
  const rows = await loadMeasures(
    context.db,
    context.tenantId,
    context.systems,
    { timeframe: 'custom', startDay, endDay, startHour: 0, endHour: 23 },
    { day: true },
  );
  return dailyTotals(rows, context.group);
}

/**
 * What the goals of a period ending on `day` measure: the Monday-to-Sunday week containing it and its calendar year, and
 * the days whose production they read (the year, widened to the whole week when the week crosses the year's end).
 */
export function goalPeriodsOf(day: string): {
  week: { start: string; end: string };
  year: number;
  days: { from: string; to: string };
} {
  const week = weekOf(day);
  const year = parseDay(day).year;
  const yearStart = `${year}-01-01`;
  const yearEnd = `${year}-12-31`;
  return {
    week,
    year,
    days: { from: week.start < yearStart ? week.start : yearStart, to: week.end > yearEnd ? week.end : yearEnd },
  };
}

/**
 * The forecast of the days `start` … `end` on the reference site's clock (docs/kpi-glossary.md "Goal forecast"); null
 * unless the call's time falls inside them. The length is the zone's own (a week with a DST change has 167 or 169 hours).
 */
function forecastOf(
  context: ReportContext,
  start: string,
  end: string,
  completed: number,
  goal: number | null,
): GoalForecast | null {
  const zone = referenceZone(context);
  const from = localTimeToInstant(start, 0, zone);
  const to = localTimeToInstant(addDays(end, 1), 0, zone);
  return goalForecast({ completed, goal, elapsedMs: context.now.getTime() - from, periodMs: to - from });
}

/**
 * POST /api/overview-report/achievements: the weekly goal of the Monday-to-Sunday week containing the period's last day
 * (the whole week, even across a year end), the yearly goal of its calendar year and the year's week record; while the
 * week or year is in progress, its end-of-period forecast.
 */
export async function achievements(context: ReportContext): Promise<AchievementsResponse> {
  const { week, year, days } = goalPeriodsOf(context.period.endDay);
  return achievementsOf(context, await dailyProduction(context, days.from, days.to), {
    weekly: await goalOn(context, 'weekly', week.start),
    yearly: await goalOn(context, 'yearly', `${year}-01-01`),
  });
}

/**
 * The achievements of the period from the production per day of `goalPeriodsOf(period.endDay).days` and the goals in
 * force on the week's Monday and the year's first day (the weekly e-mail's too).
 */
export function achievementsOf(
  context: ReportContext,
  daily: DailyTotal[],
  goals: { weekly: number | null; yearly: number | null },
): AchievementsResponse {
  const day = context.period.endDay;
  const { week, year } = goalPeriodsOf(day);
  const yearStart = `${year}-01-01`;
  const yearEnd = `${year}-12-31`;
  const { weekly: weeklyGoal, yearly: yearlyGoal } = goals;
  const weekly = goalCompletion(weekCompleted(daily, day), weeklyGoal ?? 0, WEEK_SEGMENTS);
  const yearly = goalCompletion(yearCompleted(daily, year), yearlyGoal ?? 0, YEAR_SEGMENTS);
  return {
    systemGroup: context.group,
    units: productionUnit(context.group),
    weekStart: week.start,
    year,
    weeklyGoal,
    weeklyCompleted: weekly.completed,
    weeklyPercentage: weekly.fraction,
    weeklySegments: weekly.completedSegments,
    yearlyGoal,
    yearlyCompleted: yearly.completed,
    yearlyPercentage: yearly.fraction,
    yearlySegments: yearly.completedSegments,
    weekRecord: weekRecord(daily, year),
    weeklyForecast: forecastOf(context, week.start, week.end, weekly.completed, weeklyGoal),
    yearlyForecast: forecastOf(context, yearStart, yearEnd, yearly.completed, yearlyGoal),
  };
}
