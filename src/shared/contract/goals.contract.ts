import { Type, type Static } from 'typebox';
import { GOAL_UNITS } from '../units/goal-units.ts';
import { Closed, Nullable, NullableNumber, StringEnum, SystemGroupSchema } from './primitives.ts';

/** Contract of /api/data/goals (spec shell §2 Goals page, §3 "Goal", §5 goal value, §7). */

/** Most a goal may be, in the unit it is entered in (spec shell §5 'Must be lower than 10M', §9). */
export const GOAL_MAX = 10_000_000;

/** `goalPeriod` numbers: the goal type as the spec's numeric goalPeriod (spec shell §3, §7). */
export const GOAL_PERIOD = { weekly: 0, yearly: 1 } as const;
export const GOAL_TYPES = ['weekly', 'yearly'] as const;
export type GoalType = (typeof GOAL_TYPES)[number];

/** The client's clock (spec shell §7 `time`): an ISO 8601 instant with its offset, e.g. 2024-03-05T09:30:00.000Z. */
const ClientTime = () =>
  Type.String({
    maxLength: 40,
    pattern: '^\\d{4}-\\d{2}-\\d{2}T\\d{2}:\\d{2}(:\\d{2}(\\.\\d{1,3})?)?(Z|[+-]\\d{2}:\\d{2})$',
    description: 'The client’s current time, ISO 8601 with an offset (e.g. 2024-03-05T09:30:00.000Z).',
  });

/** The user's offset from UTC in hours (spec shell §7 `timezoneOffset`), e.g. 1 for Berlin in winter, -5 for New York. */
const TimezoneOffset = () =>
  Type.Number({ minimum: -12, maximum: 14, description: 'Hours east of UTC of the user’s clock (e.g. 1, -5, 5.5).' });

/** GET /api/data/goals query: which periods are current is read on the user's clock. */
export const GoalsQuerySchema = Closed({ time: ClientTime(), timezoneOffset: TimezoneOffset() });
export type GoalsQuery = Static<typeof GoalsQuerySchema>;

/** POST /api/data/goals: a new goal for the current week or year of a group, from now on. */
export const GoalSaveSchema = Closed({
  /** A positive whole number in `units`, at most 10,000,000 (spec shell §5). */
  goalValue: Type.Integer({ minimum: 1, maximum: GOAL_MAX }),
  /** 0 weekly, 1 yearly (GOAL_PERIOD). */
  goalPeriod: Type.Union([Type.Literal(GOAL_PERIOD.weekly), Type.Literal(GOAL_PERIOD.yearly)]),
  time: ClientTime(),
  timezoneOffset: TimezoneOffset(),
  systemGroup: SystemGroupSchema,
  /**
   * The unit `goalValue` is in (imp for DTG and Apollo; m, yd or ft for DTF). Default: the user's unit (their length
   * setting for DTF). Lengths are stored in metres.
   */
  units: Type.Optional(StringEnum(GOAL_UNITS)),
});
export type GoalSave = Static<typeof GoalSaveSchema>;

/** Who set a goal, and when. */
const GoalUpdateSchema = Closed({
  /** ISO 8601 instant. */
  dateModified: Type.String(),
  authorFirstName: Type.String(),
  authorLastName: Type.String(),
});

/** docs/kpi-glossary.md "Goal forecast"; null when the period is not in progress. */
export const GoalForecastSchema = Closed({
  /** Production at the period's end at the run rate so far, in the group's unit. */
  projected: Type.Number(),
  /** projected ≥ goal; null without a goal. */
  willMeet: Nullable(Type.Boolean()),
});

/** One goal of one group for the current period. Amounts are in the group's unit (`units` of the group). */
export const GoalStateSchema = Closed({
  goalType: StringEnum(GOAL_TYPES),
  goalPeriod: Type.Integer(),
  /** First and last local day of the current week (Monday–Sunday) or year. */
  periodStart: Type.String({ description: 'yyyy-MM-dd' }),
  periodEnd: Type.String({ description: 'yyyy-MM-dd' }),
  /** The goal holding for the period (the latest set for it or an earlier one); null: never set. */
  goalValue: NullableNumber(),
  /** The last change of that goal; null: never set. */
  lastUpdate: Nullable(GoalUpdateSchema),
  /** Production of the period so far: jobs counted where they end (docs/kpi-glossary.md "Weekly goal", "Yearly goal"). */
  completed: Type.Number(),
  /** Whole days (week) or months (year) of the period already over on the user's clock. */
  passed: Type.Integer(),
  forecast: Nullable(GoalForecastSchema),
});
export type GoalState = Static<typeof GoalStateSchema>;

/** The goals of one of the user's groups. */
export const GroupGoalsSchema = Closed({
  systemGroup: SystemGroupSchema,
  /** The unit amounts are sent in: impressions, or metres for DTF (the client shows the user's unit). */
  units: StringEnum(['imp', 'm']),
  goals: Type.Array(GoalStateSchema),
});

/** GET and POST /api/data/goals answer: the weekly and yearly goal of every group of the user. */
export const GoalsResponseSchema = Closed(
  {
    /** The user's local day the periods are read on. */
    today: Type.String({ description: 'yyyy-MM-dd' }),
    /** Whether this user may set goals (GoalsSetter or Admin). */
    canSetGoals: Type.Boolean(),
    groups: Type.Array(GroupGoalsSchema),
  },
  { $id: 'Goals' },
);
export type GoalsResponse = Static<typeof GoalsResponseSchema>;
