import type { PanelT } from '../../src/runtime/panel-sdk.ts';
import type { AnswerOf } from '../../src/shared/api-types.ts';
import { thresholdColour, type ThresholdColour } from '../../src/shared/kpi/trend.ts';

/** The answers the kind shows (names of ANSWER_SCHEMAS): a layout may bind it only to a query answering one of them. */
export const SHIFT_PERFORMANCE_ANSWERS = ['TvXmrImpressions'] as const;

export type ShiftPerformanceAnswer = AnswerOf<(typeof SHIFT_PERFORMANCE_ANSWERS)[number]>;

/** An instant on the site's clock: `hh:mm` (24 h) and its weekday and date ('Tue, Mar 31'). */
export interface SiteTime {
  clock: string;
  day: string;
}

/** What the headline names: the current shift (its type, or none), the week (its Monday), a custom period, or none. */
export type ShiftHeadline =
  | { kind: 'shift'; shiftType: string }
  | { kind: 'noShift' }
  | { kind: 'week'; monday: string }
  | { kind: 'custom' }
  | { kind: 'noPeriod' };

/** When: the shift's start and end (running or ended), or the period's days (and hours) with its shifts so far. */
export type ShiftTimes =
  | { kind: 'running'; from: SiteTime; to: SiteTime }
  | { kind: 'ended'; from: SiteTime; to: SiteTime }
  | { kind: 'week'; from: SiteTime; to: SiteTime; shifts: number; running: boolean }
  | { kind: 'custom'; from: SiteTime; to: SiteTime; shifts: number; running: boolean };

/** What the panel draws: the figures and times, already formatted in the site's time zone (`shiftTexts` words them). */
export interface ShiftPerformanceData {
  /** Day: the shift's figures; Week and Custom: the period's shifts'. */
  scope: 'shift' | 'period';
  headline: ShiftHeadline;
  /** Null: no shift (or period) to time. */
  times: ShiftTimes | null;
  running: boolean;
  impressions: string;
  target: string | null;
  /** '133%' or '--' without a target. */
  percentage: string;
  /** Colour band of spec reports §9 for the percentage; null without a target. */
  band: ThresholdColour | null;
  timeZone: string;
}

const wholeNumber = new Intl.NumberFormat('en-US', { maximumFractionDigits: 0 });

/** `hh:mm` (24 h) and the weekday and date of an instant on the site's clock. */
export function siteTime(iso: string, timeZone: string): SiteTime {
  const date = new Date(iso);
  const clock = new Intl.DateTimeFormat('en-GB', { timeZone, hour: '2-digit', minute: '2-digit', hourCycle: 'h23' });
  const day = new Intl.DateTimeFormat('en-US', { timeZone, weekday: 'short', month: 'short', day: 'numeric' });
  return { clock: clock.format(date), day: day.format(date) };
}

/** Week and Custom: the period's days (and hours of a custom range) and how many of its shifts have started. */
function periodTimes(answer: ShiftPerformanceAnswer): { headline: ShiftHeadline; times: ShiftTimes | null } {
  const shifts = answer.xmrImpressionsResponseData.points.length;
  const running = answer.isShiftRunning;
  if (answer.periodStart === null || answer.periodEnd === null) return { headline: { kind: 'noPeriod' }, times: null };
  const from = siteTime(answer.periodStart, answer.timeZone);
  if (answer.timeframe === 'week') {
    const to = siteTime(new Date(Date.parse(answer.periodEnd) - 1).toISOString(), answer.timeZone);
    const monday = new Intl.DateTimeFormat('en-US', { timeZone: answer.timeZone, month: 'short', day: 'numeric' });
    return {
      headline: { kind: 'week', monday: monday.format(new Date(answer.periodStart)) },
      times: { kind: 'week', from, to, shifts, running },
    };
  }
  const to = siteTime(answer.periodEnd, answer.timeZone);
  return { headline: { kind: 'custom' }, times: { kind: 'custom', from, to, shifts, running } };
}

/**
 * The headline and the times in words: 'Early shift', 'No shift', 'Week of Mar 30', 'Custom period'; 'Started 06:00 ·
 * Tue, Mar 31 · until 14:00', 'Ended 14:00 · Tue, Mar 31 (06:00–14:00)', 'Mon, Mar 30 – Sun, Apr 5 · 5 shifts so far'.
 */
export function shiftTexts(
  data: Pick<ShiftPerformanceData, 'headline' | 'times'>,
  t: PanelT,
): { shiftLabel: string; shiftTimes: string | null } {
  const { headline, times } = data;
  const shiftLabel =
    headline.kind === 'shift'
      ? t('panels.shiftPerformance.headline.shift', { shiftType: headline.shiftType })
      : headline.kind === 'week'
        ? t('panels.shiftPerformance.headline.week', { monday: headline.monday })
        : t(`panels.shiftPerformance.headline.${headline.kind}`);
  if (times === null) return { shiftLabel, shiftTimes: null };
  const clocks = { start: times.from.clock, end: times.to.clock, startDay: times.from.day, endDay: times.to.day };
  if (times.kind === 'running' || times.kind === 'ended') {
    return { shiftLabel, shiftTimes: t(`panels.shiftPerformance.times.${times.kind}`, clocks) };
  }
  const counted = t(times.running ? 'panels.shiftPerformance.shiftsSoFar' : 'panels.shiftPerformance.shifts', {
    count: times.shifts,
  });
  return { shiftLabel, shiftTimes: t(`panels.shiftPerformance.times.${times.kind}`, { ...clocks, counted }) };
}

/** The panel's texts from the answer (the runtime checked it against its schema). */
export function selectShiftPerformance(answer: ShiftPerformanceAnswer): ShiftPerformanceData {
  const figures = {
    running: answer.isShiftRunning,
    impressions: wholeNumber.format(answer.shiftImp),
    target: answer.shiftImpTarget === null ? null : wholeNumber.format(answer.shiftImpTarget),
    percentage: answer.impRatio === null ? '--' : `${Math.round(answer.impRatio * 100)}%`,
    band: answer.impRatio === null ? null : thresholdColour(answer.impRatio),
    timeZone: answer.timeZone,
  };
  if (answer.timeframe !== 'day') return { scope: 'period', ...periodTimes(answer), ...figures };
  const start = answer.currentShiftStartDate;
  const end = answer.currentShiftEndDate;
  const times: ShiftTimes | null =
    start === null || end === null
      ? null
      : {
          kind: answer.isShiftRunning ? 'running' : 'ended',
          from: siteTime(start, answer.timeZone),
          to: siteTime(end, answer.timeZone),
        };
  return {
    scope: 'shift',
    headline:
      answer.currentShiftType === null ? { kind: 'noShift' } : { kind: 'shift', shiftType: answer.currentShiftType },
    times,
    ...figures,
  };
}
