import type { GoalsAnswer } from './model.ts';
import type { GoalsOptions } from './options.ts';

export const GOALS_OPTIONS: GoalsOptions = { goals: ['weekly', 'yearly'] };

/** An achievements answer (AchievementsResponse): the week at 86 % (6 of 7 segments), the year at 40 % (4 of 12). */
export const ACHIEVEMENTS: GoalsAnswer = {
  systemGroup: 'DTG',
  units: 'imp',
  weekStart: '2024-03-04',
  year: 2024,
  weeklyGoal: 50_000,
  weeklyCompleted: 42_850,
  weeklyPercentage: 0.857,
  weeklySegments: 6,
  yearlyGoal: 2_500_000,
  yearlyCompleted: 1_000_000,
  yearlyPercentage: 0.4,
  yearlySegments: 4,
  weekRecord: 61_200,
  // The week at Thursday noon (3.5 of 7 days): on pace for 85,700 of 50,000; the year short of its goal.
  weeklyForecast: { projected: 85_700, willMeet: true },
  yearlyForecast: { projected: 2_100_000, willMeet: false },
};

/** DTF in metres, with no goals set. */
export const NO_GOALS: GoalsAnswer = {
  ...ACHIEVEMENTS,
  systemGroup: 'DTF',
  units: 'm',
  weeklyGoal: null,
  weeklyCompleted: 1_240,
  weeklyPercentage: 0,
  weeklySegments: 0,
  yearlyGoal: null,
  yearlyCompleted: 9_870,
  yearlyPercentage: 0,
  yearlySegments: 0,
  weekRecord: 2_310,
  weeklyForecast: { projected: 2_480, willMeet: null },
  yearlyForecast: null,
};

/** DTF goals as stored and sent, in metres: a Yard user sees 10,936 yd for the 10,000 m week goal. */
export const DTF_ACHIEVEMENTS: GoalsAnswer = {
  ...ACHIEVEMENTS,
  systemGroup: 'DTF',
  units: 'm',
  weeklyGoal: 10_000,
  weeklyCompleted: 8_000,
  weeklyPercentage: 0.8,
  weeklySegments: 5,
  yearlyGoal: 500_000,
  yearlyCompleted: 100_000,
  yearlyPercentage: 0.2,
  yearlySegments: 2,
  weekRecord: 12_000,
  weeklyForecast: null,
  yearlyForecast: null,
};
