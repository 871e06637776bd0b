import type { GoalState, GoalsResponse } from '../../../shared/api-types.ts';

/**
 * Goals answers for stories and page tests: Wednesday 25 March 2026 at noon, DTG in impressions and DTF in metres
 * (the DTF weekly goal is 1,000 yd = 914.4 m).
 */
export function fixtureGoal(overrides: Partial<GoalState> = {}): GoalState {
  return {
    goalType: 'weekly',
    goalPeriod: 0,
    periodStart: '2026-03-23',
    periodEnd: '2026-03-29',
    goalValue: 12_000,
    lastUpdate: { dateModified: '2026-03-23T08:15:00.000Z', authorFirstName: 'Gina', authorLastName: 'Goals' },
    completed: 4_500,
    passed: 2,
    forecast: { projected: 12_600, willMeet: true },
    ...overrides,
  };
}

export function fixtureGoals(overrides: Partial<GoalsResponse> = {}): GoalsResponse {
  return {
    today: '2026-03-25',
    canSetGoals: true,
    groups: [
      {
        systemGroup: 'DTG',
        units: 'imp',
        goals: [
          fixtureGoal(),
          fixtureGoal({
            goalType: 'yearly',
            goalPeriod: 1,
            periodStart: '2026-01-01',
            periodEnd: '2026-12-31',
            goalValue: 600_000,
            completed: 98_000,
            forecast: { projected: 428_383, willMeet: false },
          }),
        ],
      },
      {
        systemGroup: 'DTF',
        units: 'm',
        goals: [
          fixtureGoal({ goalValue: 914.4, completed: 365.76, forecast: { projected: 1024.128, willMeet: true } }),
          fixtureGoal({
            goalType: 'yearly',
            goalPeriod: 1,
            periodStart: '2026-01-01',
            periodEnd: '2026-12-31',
            goalValue: null,
            lastUpdate: null,
            completed: 5_000,
            forecast: { projected: 21_856, willMeet: null },
          }),
        ],
      },
    ],
    ...overrides,
  };
}
