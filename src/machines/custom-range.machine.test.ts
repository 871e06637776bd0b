import { createTestModel } from '@xstate/graph';
import { describe, expect, it } from 'vitest';
import { createActor } from 'xstate';
import { toHourOfDay, type ClockHour } from '../shared/timeframes/clock-hours.ts';
import { CUSTOM_RANGE_MESSAGES, type CustomRange } from '../shared/timeframes/custom-range-rules.ts';
import { daysBetween } from '../shared/timeframes/timeframe-dates.ts';
import {
  customRangeMachine,
  customRangeView,
  type CustomRangeEvent,
  type CustomRangeInput,
  type CustomRangeSnapshot,
} from './custom-range.machine.ts';

const bounds = { first: '2023-06-01', last: '2026-03-05' };
const hoursInput: CustomRangeInput = { bounds, group: 'DTG', withHours: true };
const jobsInput: CustomRangeInput = { bounds, group: 'DTF', withHours: false };

const AM12: ClockHour = { hour: 12, period: 'AM' };
const PM11: ClockHour = { hour: 11, period: 'PM' };
const PM5: ClockHour = { hour: 5, period: 'PM' };
const AM3: ClockHour = { hour: 3, period: 'AM' };

// Days chosen to hit each rule: same day, 100 days (hours allowed), 200 days (full days only), 400 days (too long),
// plus a day outside the available dates and clearing a date.
const D0 = '2024-06-01';
const D100 = '2024-09-09';
const D200 = '2024-12-18';
const D400 = '2025-07-06';
const OUTSIDE = '2023-05-31';
const dates = [D0, D100, D200, D400, OUTSIDE, null];

const allEvents: CustomRangeEvent[] = [
  ...dates.map((date) => ({ type: 'from.change' as const, date })),
  ...dates.map((date) => ({ type: 'to.change' as const, date })),
  { type: 'fromTime.change', time: PM5 },
  { type: 'fromTime.change', time: AM12 },
  { type: 'toTime.change', time: AM3 },
  { type: 'toTime.change', time: PM11 },
  { type: 'range.submit' },
];

// Simple paths grow factorially with the states reached: this set reaches 10 states (130 paths).
const fewEvents: CustomRangeEvent[] = [
  { type: 'from.change', date: D0 },
  { type: 'to.change', date: D0 },
  { type: 'to.change', date: D200 },
  { type: 'fromTime.change', time: PM5 },
  { type: 'range.submit' },
];

function assertInvariants(snapshot: CustomRangeSnapshot, withHours: boolean): void {
  const { from, to, fromTime, toTime } = snapshot.context;
  const view = customRangeView(snapshot);
  const days = from !== null && to !== null ? daysBetween(from, to) : null;
  const sameDayConflict = days === 0 && toHourOfDay(fromTime) > toHourOfDay(toTime);
  const expectedSubmit = days !== null && days <= 365 && !sameDayConflict;

  // Submit enabled ⇔ both dates set, no error and no same-day time warning.
  expect(view.canSubmit).toBe(expectedSubmit);
  expect(snapshot.can({ type: 'range.submit' })).toBe(expectedSubmit);
  expect(view.error).toBe(days !== null && days > 365 ? CUSTOM_RANGE_MESSAGES.tooLong : null);
  if (days !== null && days > 182 && days <= 365) expect(view.warning).toBe(CUSTOM_RANGE_MESSAGES.hoursIgnored);
  if (sameDayConflict) expect(view.warning).toBe(CUSTOM_RANGE_MESSAGES.fromTimeAfterToTime);
  if (days === null || (days <= 182 && !sameDayConflict) || days > 365) expect(view.warning).toBeNull();
  // The end never precedes the start; chosen dates are always available ones.
  if (days !== null) expect(days).toBeGreaterThanOrEqual(0);
  for (const date of [from, to]) if (date !== null) expect(view.isDateDisabled(date)).toBe(false);
  // Over 182 days, or without an hour picker, hours are 12:00 AM to 11:00 PM and locked.
  if ((days !== null && days > 182) || !withHours) {
    expect([fromTime, toTime]).toEqual([AM12, PM11]);
    expect(view.hoursEditable).toBe(false);
  }
}

/** Replays a generated path on a real actor, checking the invariants after every step and the state it reaches. */
function drive(input: CustomRangeInput, path: { steps: { event: CustomRangeEvent; state: CustomRangeSnapshot }[] }) {
  const actor = createActor(customRangeMachine, { input }).start();
  const submitted: CustomRange[] = [];
  actor.on('range.submitted', (event) => submitted.push(event.range));
  assertInvariants(actor.getSnapshot(), input.withHours);
  for (const step of path.steps) {
    const couldSubmit = actor.getSnapshot().matches('ready');
    const before = submitted.length;
    actor.send(step.event);
    const snapshot = actor.getSnapshot();
    expect(snapshot.value).toEqual(step.state.value);
    expect(snapshot.context).toEqual(step.state.context);
    assertInvariants(snapshot, input.withHours);
    if (step.event.type === 'range.submit') expect(submitted.length - before).toBe(couldSubmit ? 1 : 0);
  }
  actor.stop();
}

describe('custom range machine, model-based', () => {
  it('keeps the invariants on every shortest path (with hour picker)', () => {
    const paths = createTestModel(customRangeMachine).getShortestPaths({ input: hoursInput, events: allEvents });
    expect(paths.length).toBeGreaterThan(50);
    const reached = new Set(paths.map((path) => String(path.state.value)));
    expect([...reached].sort()).toEqual(['incomplete', 'ready', 'sameDayTimes', 'tooLong']);
    for (const path of paths) drive(hoursInput, path);
  });

  it('keeps the invariants on every shortest path (Jobs: no hour picker)', () => {
    const paths = createTestModel(customRangeMachine).getShortestPaths({ input: jobsInput, events: allEvents });
    expect(paths.length).toBeGreaterThan(10);
    expect(paths.some((path) => path.state.matches('sameDayTimes'))).toBe(false);
    for (const path of paths) drive(jobsInput, path);
  });

  it('keeps the invariants on every simple path of a smaller event set', () => {
    const paths = createTestModel(customRangeMachine).getSimplePaths({ input: hoursInput, events: fewEvents });
    expect(paths.length).toBeGreaterThan(20);
    for (const path of paths) drive(hoursInput, path);
  });
});

function start(input: CustomRangeInput = hoursInput) {
  const actor = createActor(customRangeMachine, { input }).start();
  const submitted: CustomRange[] = [];
  actor.on('range.submitted', (event) => submitted.push(event.range));
  return { actor, submitted, view: () => customRangeView(actor.getSnapshot()) };
}

describe('custom range machine, spec reports §5', () => {
  it('disables Submit while either date is empty', () => {
    const { actor, view } = start();
    expect(view().canSubmit).toBe(false);
    actor.send({ type: 'from.change', date: D0 });
    expect(view().canSubmit).toBe(false);
    actor.send({ type: 'to.change', date: D100 });
    expect(view().canSubmit).toBe(true);
    actor.send({ type: 'to.change', date: null });
    expect(view().canSubmit).toBe(false);
  });

  it('does not let the end precede the start', () => {
    const { actor } = start();
    actor.send({ type: 'from.change', date: D100 });
    actor.send({ type: 'to.change', date: D0 });
    expect(actor.getSnapshot().context.to).toBeNull();
  });

  it('pulls a start after the end to the end', () => {
    const { actor } = start();
    actor.send({ type: 'to.change', date: D100 });
    actor.send({ type: 'from.change', date: D200 });
    expect(actor.getSnapshot().context.from).toBe(D100);
  });

  it("errors over 365 days with 'Date range of more than 12 months is not supported'", () => {
    const { actor, view } = start();
    actor.send({ type: 'from.change', date: D0 });
    actor.send({ type: 'to.change', date: D400 });
    expect(view().error).toBe('Date range of more than 12 months is not supported');
    expect(view().canSubmit).toBe(false);
    actor.send({ type: 'to.change', date: '2025-06-01' }); // exactly 365 days
    expect(view().error).toBeNull();
  });

  it('warns over 182 days that hours are not supported and resets them to 12:00 AM to 11:00 PM', () => {
    const { actor, view } = start();
    actor.send({ type: 'from.change', date: D0 });
    actor.send({ type: 'to.change', date: D100 });
    actor.send({ type: 'fromTime.change', time: PM5 });
    actor.send({ type: 'toTime.change', time: AM3 });
    expect(actor.getSnapshot().context.fromTime).toEqual(PM5);
    actor.send({ type: 'to.change', date: D200 });
    expect(view().warning).toBe(
      'Date range of more than 6 months does not support hour range selection. Full days will be considered',
    );
    expect(view().canSubmit).toBe(true);
    expect(actor.getSnapshot().context).toMatchObject({ fromTime: AM12, toTime: PM11 });
    actor.send({ type: 'fromTime.change', time: PM5 });
    expect(actor.getSnapshot().context.fromTime).toEqual(AM12);
  });

  it('warns and disables Submit when From time is after To time on the same day', () => {
    const { actor, view } = start();
    actor.send({ type: 'from.change', date: D0 });
    actor.send({ type: 'to.change', date: D0 });
    actor.send({ type: 'fromTime.change', time: PM5 });
    actor.send({ type: 'toTime.change', time: AM3 });
    expect(view().warning).toBe('"From" time value should not be greater than "To" time value if dates are same');
    expect(view().canSubmit).toBe(false);
    actor.send({ type: 'toTime.change', time: PM11 });
    expect(view().warning).toBeNull();
    expect(view().canSubmit).toBe(true);
  });

  it('disables and ignores dates outside the available range', () => {
    const { actor, view } = start();
    expect(view().isDateDisabled(OUTSIDE)).toBe(true);
    expect(view().isDateDisabled('2026-03-06')).toBe(true);
    expect(view().isDateDisabled(bounds.first)).toBe(false);
    actor.send({ type: 'from.change', date: OUTSIDE });
    expect(actor.getSnapshot().context.from).toBeNull();
  });

  it("shows 'The data available starting from January 31, 2024' on DTF days before 2024-01-31", () => {
    expect(start(jobsInput).view().tooltipOf('2024-01-30')).toBe('The data available starting from January 31, 2024');
    expect(start(jobsInput).view().tooltipOf('2024-01-31')).toBeNull();
    expect(start(hoursInput).view().tooltipOf('2024-01-30')).toBeNull();
  });

  it('keeps hours at 0 and 23 without an hour picker (Jobs)', () => {
    const { actor, submitted } = start({
      ...jobsInput,
      initial: { startDate: D0, endDate: D100, startTime: PM5, endTime: AM3 },
    });
    expect(actor.getSnapshot().context).toMatchObject({ fromTime: AM12, toTime: PM11 });
    actor.send({ type: 'toTime.change', time: AM3 });
    actor.send({ type: 'range.submit' });
    expect(submitted).toEqual([{ startDate: D0, endDate: D100, startTime: AM12, endTime: PM11 }]);
  });

  it('emits the chosen range on Submit', () => {
    const { actor, submitted } = start();
    actor.send({ type: 'from.change', date: D0 });
    actor.send({ type: 'to.change', date: D100 });
    actor.send({ type: 'fromTime.change', time: AM3 });
    actor.send({ type: 'toTime.change', time: PM5 });
    actor.send({ type: 'range.submit' });
    expect(submitted).toEqual([{ startDate: D0, endDate: D100, startTime: AM3, endTime: PM5 }]);
  });
});
