import { assign, emit, setup, type SnapshotFrom } from 'xstate';
import type { SystemGroup } from '../shared/system-group.ts';
import { DAY_END, DAY_START, isClockHour, type ClockHour } from '../shared/timeframes/clock-hours.ts';
import {
  CUSTOM_RANGE_MESSAGES,
  checkCustomRange,
  jobDataTooltip,
  type CustomRange,
  type CustomRangeCheck,
  type CustomRangeDraft,
} from '../shared/timeframes/custom-range-rules.ts';
import { isDateAvailable, type DateBounds, type IsoDate } from '../shared/timeframes/timeframe-dates.ts';

export interface CustomRangeInput {
  /** First and last available dates of the group; days outside are disabled. */
  bounds: DateBounds;
  group: SystemGroup;
  /** The hour picker is shown (not on Jobs, where hours are always 0 and 23). */
  withHours: boolean;
  /** The range applied before, to edit; absent: both dates empty, 12:00 AM to 11:00 PM. */
  initial?: CustomRange;
}

export interface CustomRangeContext extends CustomRangeDraft {
  bounds: DateBounds;
  group: SystemGroup;
  withHours: boolean;
}

export type CustomRangeEvent =
  | { type: 'from.change'; date: IsoDate | null }
  | { type: 'to.change'; date: IsoDate | null }
  | { type: 'fromTime.change'; time: ClockHour }
  | { type: 'toTime.change'; time: ClockHour }
  | { type: 'range.submit' };

/** Submit applied the range; the filter bar sends it on as `custom.apply`. */
export type CustomRangeEmitted = { type: 'range.submitted'; range: CustomRange };

function checkOf(context: CustomRangeContext): CustomRangeCheck {
  return checkCustomRange(context);
}

function hoursLocked(context: CustomRangeContext): boolean {
  return !context.withHours || checkOf(context).fullDaysOnly;
}

/**
 * Custom range picker (spec reports §2, §5). Every change lands in `checking`, which settles in the state that says
 * what the picker shows: `incomplete` (a date is empty), `tooLong` (over 365 days: error), `sameDayTimes` (same day,
 * From time after To time: warning) or `ready`. Submit is handled only in `ready`.
 */
export const customRangeMachine = setup({
  types: {
    context: {} as CustomRangeContext,
    input: {} as CustomRangeInput,
    events: {} as CustomRangeEvent,
    emitted: {} as CustomRangeEmitted,
  },
  guards: {
    isOutsideAvailableRange: ({ context }, date: IsoDate | null) =>
      date !== null && !isDateAvailable(date, context.bounds),
    /** The end cannot precede the start. */
    isEndBeforeStart: ({ context }, date: IsoDate | null) =>
      date !== null && context.from !== null && date < context.from,
    areHoursLocked: ({ context }) => hoursLocked(context),
    isInvalidTime: (_, time: ClockHour) => !isClockHour(time),
    isIncomplete: ({ context }) => context.from === null || context.to === null,
    isTooLong: ({ context }) => checkOf(context).error !== null,
    isSameDayTimeConflict: ({ context }) => checkOf(context).warning === CUSTOM_RANGE_MESSAGES.fromTimeAfterToTime,
  },
  actions: {
    /** A start after the end is pulled to the end. */
    setFrom: assign(({ context }, date: IsoDate | null) => ({
      from: date !== null && context.to !== null && date > context.to ? context.to : date,
    })),
    setTo: assign((_, date: IsoDate | null) => ({ to: date })),
    setFromTime: assign((_, time: ClockHour) => ({ fromTime: time })),
    setToTime: assign((_, time: ClockHour) => ({ toTime: time })),
    /** Over 182 days (or without an hour picker) hours reset to 12:00 AM to 11:00 PM. */
    resetLockedHours: assign(({ context }) => (hoursLocked(context) ? { fromTime: DAY_START, toTime: DAY_END } : {})),
    submitRange: emit(({ context }) => ({
      type: 'range.submitted' as const,
      range: {
        startDate: context.from ?? '',
        endDate: context.to ?? '',
        startTime: context.fromTime,
        endTime: context.toTime,
      },
    })),
  },
}).createMachine({
  id: 'customRange',
  context: ({ input }) => ({
    bounds: input.bounds,
    group: input.group,
    withHours: input.withHours,
    from: input.initial?.startDate ?? null,
    to: input.initial?.endDate ?? null,
    fromTime: input.initial?.startTime ?? DAY_START,
    toTime: input.initial?.endTime ?? DAY_END,
  }),
  initial: 'checking',
  // Guarded branches without a target drop the event: disabled days and locked hours cannot be chosen.
  on: {
    'from.change': [
      { guard: { type: 'isOutsideAvailableRange', params: ({ event }) => event.date } },
      { target: '.checking', actions: { type: 'setFrom', params: ({ event }) => event.date } },
    ],
    'to.change': [
      { guard: { type: 'isOutsideAvailableRange', params: ({ event }) => event.date } },
      { guard: { type: 'isEndBeforeStart', params: ({ event }) => event.date } },
      { target: '.checking', actions: { type: 'setTo', params: ({ event }) => event.date } },
    ],
    'fromTime.change': [
      { guard: 'areHoursLocked' },
      { guard: { type: 'isInvalidTime', params: ({ event }) => event.time } },
      { target: '.checking', actions: { type: 'setFromTime', params: ({ event }) => event.time } },
    ],
    'toTime.change': [
      { guard: 'areHoursLocked' },
      { guard: { type: 'isInvalidTime', params: ({ event }) => event.time } },
      { target: '.checking', actions: { type: 'setToTime', params: ({ event }) => event.time } },
    ],
  },
  states: {
    checking: {
      entry: 'resetLockedHours',
      always: [
        { guard: 'isIncomplete', target: 'incomplete' },
        { guard: 'isTooLong', target: 'tooLong' },
        { guard: 'isSameDayTimeConflict', target: 'sameDayTimes' },
        { target: 'ready' },
      ],
    },
    incomplete: {},
    tooLong: {},
    sameDayTimes: {},
    ready: {
      on: { 'range.submit': { actions: 'submitRange' } },
    },
  },
});

export type CustomRangeSnapshot = SnapshotFrom<typeof customRangeMachine>;

/** What the picker renders from a snapshot. */
export interface CustomRangeView extends CustomRangeCheck {
  /** Hour pickers are shown and can be changed. */
  hoursEditable: boolean;
  /** A calendar day cannot be chosen (outside the available dates). */
  isDateDisabled: (date: IsoDate) => boolean;
  /** Tooltip of a calendar day (DTF per-job data before 2024-01-31), or null. */
  tooltipOf: (date: IsoDate) => string | null;
}

export function customRangeView(snapshot: CustomRangeSnapshot): CustomRangeView {
  const { context } = snapshot;
  const check = checkOf(context);
  return {
    ...check,
    canSubmit: snapshot.matches('ready'),
    hoursEditable: !hoursLocked(context),
    isDateDisabled: (date) => !isDateAvailable(date, context.bounds),
    tooltipOf: (date) => jobDataTooltip(context.group, date),
  };
}
