import type { SystemGroup } from '../system-group.ts';
import type { LengthUnits } from './length-units.ts';

/**
 * Goal units (spec shell §3 "Goal", §9: imp, ft, yd, m). A goal is entered as a whole number in the user's unit and
 * stored canonically, in the group's production unit: impressions for DTG and Apollo, metres for DTF. A yard or foot
 * value is converted to metres before it is stored (never stored as if it were metres) and back when it is shown.
 */
export const GOAL_UNITS = ['imp', 'm', 'yd', 'ft'] as const;
export type GoalUnit = (typeof GOAL_UNITS)[number];

/** The unit a group's goals are stored and sent in. */
export type CanonicalGoalUnit = 'imp' | 'm';

/** Exact by definition: 1 yd = 0.9144 m, 1 ft = 0.3048 m. */
const METRES_PER_UNIT: Readonly<Record<Exclude<GoalUnit, 'imp'>, number>> = { m: 1, yd: 0.9144, ft: 0.3048 };

/** Stored values keep 4 decimals (0.1 mm): enough for any whole yard or foot, free of floating-point tails. */
const STORED_DECIMALS = 4;

function rounded(value: number): number {
  const scale = 10 ** STORED_DECIMALS;
  return Math.round(value * scale) / scale;
}

export function canonicalGoalUnit(group: SystemGroup): CanonicalGoalUnit {
  return group === 'DTF' ? 'm' : 'imp';
}

/** The unit a user sets and reads a group's goals in: their length setting for DTF, impressions otherwise. */
export function userGoalUnit(group: SystemGroup, lengthUnits: LengthUnits): GoalUnit {
  if (group !== 'DTF') return 'imp';
  return lengthUnits === 'Yard' ? 'yd' : 'm';
}

/** Whether a goal of `group` may be given in `unit` (lengths for DTF, impressions for the others). */
export function isGoalUnitOf(group: SystemGroup, unit: GoalUnit): boolean {
  return canonicalGoalUnit(group) === 'imp' ? unit === 'imp' : unit !== 'imp';
}

/** A value in `unit` as stored: metres for a length (1,000 yd → 914.4 m), impressions unchanged. */
export function toCanonicalGoal(value: number, unit: GoalUnit): number {
  return unit === 'imp' ? value : rounded(value * METRES_PER_UNIT[unit]);
}

/** A stored value (metres or impressions) in `unit`: 914.4 m → 1,000 yd. */
export function fromCanonicalGoal(value: number, unit: GoalUnit): number {
  return unit === 'imp' ? value : rounded(value / METRES_PER_UNIT[unit]);
}
