import { sql, type Kysely } from 'kysely';
import { ROLE, hasRole } from '../../shared/auth/roles.ts';
import {
  GOAL_PERIOD,
  GOAL_TYPES,
  type GoalSave,
  type GoalState,
  type GoalType,
  type GoalsQuery,
  type GoalsResponse,
} from '../../shared/contract/goals.contract.ts';
import { goalForecast } from '../../shared/kpi/goal-forecast.ts';
import { production } from '../../shared/kpi/production.ts';
import type { SystemGroup } from '../../shared/system-group.ts';
import {
  canonicalGoalUnit,
  isGoalUnitOf,
  toCanonicalGoal,
  userGoalUnit,
  type GoalUnit,
} from '../../shared/units/goal-units.ts';
import type { Database } from '../db/schema.ts';
import { HttpError } from '../http-errors.ts';
import { totalOf } from '../reports/common/kpi-comparisons.ts';
import { loadMeasures, selectedSystems } from '../reports/common/measure-rows.ts';
import { comparisonCuts } from '../reports/common/period-progress.ts';
import type { CurrentUser } from '../users/current-user.ts';
import { readUserSettings, userSystemGroups } from '../users/user-settings.ts';
import { goalPeriodAt, userToday, type GoalPeriod } from './goal-periods.ts';

/** Who may set goals (spec shell §6: GoalsSetter sets goals; Admin manages everything of the tenant). */
export function canSetGoals(roles: readonly string[]): boolean {
  return hasRole(roles, ROLE.GoalsSetter) || hasRole(roles, ROLE.Admin);
}

/** The client's clock as epoch ms; a text the pattern lets through but the calendar does not (month 13) is a 400. */
function clientTime(time: string, field: string): number {
  const ms = Date.parse(time);
  const year = Number.isNaN(ms) ? NaN : new Date(ms).getUTCFullYear();
  if (!(year >= 2000 && year <= 2099)) {
    throw new HttpError(400, `${field}/time must be a real instant from 2000 to 2099`);
  }
  return ms;
}

/** The goal holding for a period of `group`: the latest set for its start or an earlier one, with its author. */
async function goalHolding(db: Kysely<Database>, tenantId: string, group: SystemGroup, period: GoalPeriod) {
  return db
    .selectFrom('goals')
    .leftJoin('users', (join) =>
      join.onRef('users.tenant_id', '=', 'goals.tenant_id').onRef('users.id', '=', 'goals.modified_by'),
    )
    .where('goals.tenant_id', '=', tenantId)
    .where('goals.system_group', '=', group)
    .where('goals.goal_type', '=', period.goalType)
    .where(sql<boolean>`goals.period_start <= ${period.start}::date`)
    .orderBy('goals.period_start', 'desc')
    .select(['goals.goal_value', 'goals.modified_at', 'users.first_name', 'users.last_name'])
    .limit(1)
    .executeTakeFirst();
}

/** Production of `group` in the user's scope from the period's start up to `timeMs`: jobs counted where they end. */
async function productionSoFar(
  db: Kysely<Database>,
  user: CurrentUser,
  group: SystemGroup,
  period: GoalPeriod,
  timeMs: number,
): Promise<number> {
  const systems = await selectedSystems(db, user.scope, group, []);
  const reportPeriod = {
    timeframe: period.goalType === 'weekly' ? ('week' as const) : ('year' as const),
    startDay: period.start,
    endDay: period.end,
    startHour: 0,
    endHour: 23,
  };
  const until = comparisonCuts(reportPeriod, reportPeriod, new Date(timeMs)).current;
  const rows = await loadMeasures(db, user.scope.tenantId, systems, reportPeriod, {}, until);
  return production(totalOf(rows), group);
}

async function goalState(
  db: Kysely<Database>,
  user: CurrentUser,
  group: SystemGroup,
  goalType: GoalType,
  query: GoalsQuery,
  timeMs: number,
): Promise<GoalState> {
  const period = goalPeriodAt(goalType, timeMs, query.timezoneOffset);
  const [goal, completed] = await Promise.all([
    goalHolding(db, user.scope.tenantId, group, period),
    productionSoFar(db, user, group, period, timeMs),
  ]);
  const goalValue = goal?.goal_value ?? null;
  return {
    goalType,
    goalPeriod: GOAL_PERIOD[goalType],
    periodStart: period.start,
    periodEnd: period.end,
    goalValue,
    lastUpdate:
      goal === undefined
        ? null
        : {
            dateModified: new Date(goal.modified_at).toISOString(),
            authorFirstName: goal.first_name ?? '',
            authorLastName: goal.last_name ?? '',
          },
    completed,
    passed: period.passed,
    forecast: goalForecast({ completed, goal: goalValue, elapsedMs: period.elapsedMs, periodMs: period.lengthMs }),
  };
}

/** GET /api/data/goals: the current weekly and yearly goal of each of the user's groups, on the user's clock. */
export async function readGoals(
  db: Kysely<Database>,
  user: CurrentUser,
  roles: readonly string[],
  query: GoalsQuery,
): Promise<GoalsResponse> {
  const timeMs = clientTime(query.time, 'querystring');
  const groups = await userSystemGroups(db, user.scope);
  const answer: GoalsResponse['groups'] = [];
  for (const group of groups) {
    const goals: GoalState[] = [];
    for (const goalType of GOAL_TYPES) goals.push(await goalState(db, user, group, goalType, query, timeMs));
    answer.push({ systemGroup: group, units: canonicalGoalUnit(group), goals });
  }
  return { today: userToday(timeMs, query.timezoneOffset), canSetGoals: canSetGoals(roles), groups: answer };
}

/**
 * POST /api/data/goals: sets the goal of the user's current week or year for a group, from that period on. The value
 * is converted from the unit it was entered in (default: the user's) to the group's stored unit.
 */
export async function saveGoal(
  db: Kysely<Database>,
  user: CurrentUser,
  roles: readonly string[],
  body: GoalSave,
): Promise<GoalsResponse> {
  const timeMs = clientTime(body.time, 'body');
  const groups = await userSystemGroups(db, user.scope);
  if (!groups.includes(body.systemGroup)) {
    throw new HttpError(400, `body/systemGroup must be one of your system groups (${groups.join(', ') || 'none'})`);
  }
  const unit: GoalUnit = body.units ?? userGoalUnit(body.systemGroup, (await readUserSettings(db, user)).lengthUnits);
  if (!isGoalUnitOf(body.systemGroup, unit)) {
    const allowed = canonicalGoalUnit(body.systemGroup) === 'imp' ? 'imp' : 'm, yd or ft';
    throw new HttpError(400, `body/units must be ${allowed} for ${body.systemGroup} goals`);
  }
  const goalType: GoalType = body.goalPeriod === GOAL_PERIOD.weekly ? 'weekly' : 'yearly';
  const period = goalPeriodAt(goalType, timeMs, body.timezoneOffset);
  const values = {
    goal_value: toCanonicalGoal(body.goalValue, unit),
    modified_at: new Date(),
    modified_by: user.row.id,
  };
  await db
    .insertInto('goals')
    .values({
      tenant_id: user.scope.tenantId,
      system_group: body.systemGroup,
      goal_type: goalType,
      period_start: period.start,
      ...values,
    })
    .onConflict((conflict) =>
      conflict.columns(['tenant_id', 'system_group', 'goal_type', 'period_start']).doUpdateSet(values),
    )
    .execute();
  return readGoals(db, user, roles, { time: body.time, timezoneOffset: body.timezoneOffset });
}
