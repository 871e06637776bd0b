import { t } from '../../../i18n/i18n.ts';
import { GOAL_MAX } from '../../../shared/contract/goals.contract.ts';
import type { GoalState } from '../../../shared/api-types.ts';
import type { LengthUnits } from '../../../shared/units/length-units.ts';
import { fromCanonicalGoal, userGoalUnit, type GoalUnit } from '../../../shared/units/goal-units.ts';
import type { SystemGroup } from '../../../shared/system-group.ts';

/**
 * The error of a set-new-goal entry (spec shell §5: validation.mustBePositiveInteger, validation.mustBeMaxEigthNumbers);
 * null when it may be sent (an empty entry has no error but cannot be sent).
 */
export function goalInputError(text: string): string | null {
  const trimmed = text.trim();
  if (trimmed === '') return null;
  if (!/^\d+$/.test(trimmed) || Number(trimmed) < 1) return t('validation.mustBePositiveInteger');
  if (Number(trimmed) > GOAL_MAX) return t('validation.mustBeMaxEigthNumbers');
  return null;
}

const wholeNumber = new Intl.NumberFormat('en-US', { maximumFractionDigits: 0 });

/** An amount with its unit as the cards show it: '12,345 yd'. */
export function formatGoalAmount(value: number, unit: GoalUnit): string {
  return `${wholeNumber.format(value)} ${unit}`;
}

/** 'March 05, 2024' (the header's date style, spec shell §2). */
export function formatUpdateDate(iso: string): string {
  return new Date(iso).toLocaleDateString('en-US', { month: 'long', day: '2-digit', year: 'numeric' });
}

/** A goal of the answer (stored units) in the user's unit. */
export interface ShownGoal {
  goal: GoalState;
  unit: GoalUnit;
  goalValue: number | null;
  completed: number;
  projected: number | null;
}

export function shownGoal(goal: GoalState, group: SystemGroup, lengthUnits: LengthUnits): ShownGoal {
  const unit = userGoalUnit(group, lengthUnits);
  return {
    goal,
    unit,
    goalValue: goal.goalValue === null ? null : fromCanonicalGoal(goal.goalValue, unit),
    completed: fromCanonicalGoal(goal.completed, unit),
    projected: goal.forecast === null ? null : fromCanonicalGoal(goal.forecast.projected, unit),
  };
}
