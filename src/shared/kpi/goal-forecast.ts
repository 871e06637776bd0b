/**
 * Goal forecast (docs/kpi-glossary.md "Goal forecast"): the production a period in progress ends with if it keeps the
 * run rate it has had so far, `projected = completed × period length / elapsed time`, and whether that meets the goal.
 */
export interface GoalForecast {
  /** Production at the period's end at the run rate so far, in the goal's unit. */
  projected: number;
  /** `projected ≥ goal`; null when no goal is set. */
  willMeet: boolean | null;
}

export interface ForecastInput {
  /** Production of the period so far. */
  completed: number;
  /** The period's goal; null or 0 or less: not set. */
  goal: number | null;
  /** Milliseconds of the period passed so far. */
  elapsedMs: number;
  /** The period's whole length in milliseconds. */
  periodMs: number;
}

/**
 * The forecast of a period in progress; null when the period has not begun (nothing elapsed, no rate) or is over
 * (nothing left to forecast: its production is final).
 */
export function goalForecast({ completed, goal, elapsedMs, periodMs }: ForecastInput): GoalForecast | null {
  if (elapsedMs <= 0 || elapsedMs >= periodMs) return null;
  const projected = (completed * periodMs) / elapsedMs;
  const willMeet = goal === null || goal <= 0 ? null : projected >= goal;
  return { projected, willMeet };
}
