import type { PanelT } from '../../src/runtime/panel-sdk.ts';
import type { AnswerOf } from '../../src/shared/api-types.ts';
import { abbreviateNumber } from '../../src/shared/format/abbreviate-number.ts';
import type { GoalForecast } from '../../src/shared/kpi/goal-forecast.ts';
import { WEEK_SEGMENTS, YEAR_SEGMENTS } from '../../src/shared/kpi/goals.ts';
import { THRESHOLD_TEXT_COLOURS, thresholdColour, type ThresholdColour } from '../../src/shared/kpi/trend.ts';
import type { ToUserUnits } from '../../src/shared/units/length-units.ts';
import type { GoalsOptions } from './options.ts';

/** A goal the panel can show: the week's (7 segments, one per day) or the year's (12 segments, one per month). */
export type GoalPeriod = GoalsOptions['goals'][number];

/** One goal as the panel shows it. */
export interface GoalProgress {
  period: GoalPeriod;
  /** Null: no goal set. */
  goal: number | null;
  completed: number;
  /** completed / goal as a fraction (shown × 100). */
  percentage: number;
  filledSegments: number;
  segments: number;
  /** The end-of-period forecast (docs/kpi-glossary.md "Goal forecast"); null unless the period is in progress. */
  forecast: GoalForecast | null;
}

/** What the goals panel draws (from an AchievementsResponse). */
export interface GoalsData {
  units: string;
  goals: GoalProgress[];
  weekRecord: number;
}

export const GOAL_SEGMENTS: Record<GoalPeriod, number> = { weekly: WEEK_SEGMENTS, yearly: YEAR_SEGMENTS };

/** Segment colours: the §9 thresholds (0–50 % red, over 50–75 % yellow, above 75 % green); grey when empty. */
export const SEGMENT_COLOURS: Record<ThresholdColour | 'empty', string> = {
  red: '#FF404F',
  yellow: '#FFAB2B',
  green: '#1BB934',
  empty: '#E4E9F0',
};

/** Colour of the filled segments for a completion fraction. */
export function progressColour(percentage: number): string {
  return SEGMENT_COLOURS[thresholdColour(percentage) ?? 'red'];
}

/** A completion fraction as a whole percentage (spec reports §5: goal percentages × 100): 0.857 → '86%'; '--' without a goal. */
export function formatGoalPercentage(progress: Pick<GoalProgress, 'goal' | 'percentage'>): string {
  return progress.goal === null ? '--' : `${Math.round(progress.percentage * 100)}%`;
}

/** Colour of the percentage: the text tone of the completion's threshold colour; none without a goal. */
export function percentageColour(progress: Pick<GoalProgress, 'goal' | 'percentage'>): string | undefined {
  return progress.goal === null ? undefined : THRESHOLD_TEXT_COLOURS[thresholdColour(progress.percentage) ?? 'red'];
}

/** An amount of production with its units, abbreviated: '12.3k imp'; a goal not set reads 'Not set'. */
export function formatAmount(value: number | null, units: string, t: PanelT): string {
  return value === null ? t('panels.goals.notSet') : `${abbreviateNumber(value)} ${units}`;
}

/**
 * The goals in the user's units: goal, completed and record (goals are stored in the group's production unit, metres
 * for DTF). Percentages and segments are ratios and stay as they are.
 */
export function goalsInUnits(data: GoalsData, toUserUnits: ToUserUnits): GoalsData {
  const inUnits = <Value extends number | null>(value: Value) => toUserUnits({ value, units: data.units }).value;
  return {
    units: toUserUnits({ value: null, units: data.units }).units,
    goals: data.goals.map((progress) => ({
      ...progress,
      goal: inUnits(progress.goal),
      completed: inUnits(progress.completed),
      forecast:
        progress.forecast === null ? null : { ...progress.forecast, projected: inUnits(progress.forecast.projected) },
    })),
    weekRecord: inUnits(data.weekRecord),
  };
}

/** The answer a goals panel shows. */
export type GoalsAnswer = AnswerOf<'Achievements'>;

/** The goals of an achievements answer (weeklyGoal, weeklyCompleted, …) in the order of the options. */
export function selectGoals(answer: GoalsAnswer, options: GoalsOptions): GoalsData {
  const goals = options.goals.map((period): GoalProgress => ({
    period,
    goal: answer[`${period}Goal`],
    completed: answer[`${period}Completed`],
    percentage: answer[`${period}Percentage`],
    filledSegments: Math.min(Math.max(answer[`${period}Segments`], 0), GOAL_SEGMENTS[period]),
    segments: GOAL_SEGMENTS[period],
    forecast: answer[`${period}Forecast`],
  }));
  return { units: answer.units, goals, weekRecord: answer.weekRecord };
}
