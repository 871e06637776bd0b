import type { AnswerOf } from '../../src/shared/api-types.ts';
import { thresholdColour, type ThresholdColour } from '../../src/shared/kpi/trend.ts';

/** The answers the kind shows (names of ANSWER_SCHEMAS): a layout may bind it only to a query answering one of them. */
export const SHIFT_PERFORMANCE_ANSWERS = ['TvXmrImpressions'] as const;

export type ShiftPerformanceAnswer = AnswerOf<(typeof SHIFT_PERFORMANCE_ANSWERS)[number]>;

/** What the panel draws: the texts, already formatted in the site's time zone. */
export interface ShiftPerformanceData {
  /** Day: the shift's figures; Week and Custom: the period's shifts'. */
  scope: 'shift' | 'period';
  /** 'Early shift', 'No shift' without any; 'Week of Mar 30', 'Custom period'. */
  shiftLabel: string;
  /** 'Started 06:00' / 'Ended 14:00' with the day; the period's days and its shifts so far; or null. */
  shiftTimes: string | null;
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
export function siteTime(iso: string, timeZone: string): { clock: string; day: string } {
  const date = new Date(iso);
  const clock = new Intl.DateTimeFormat('en-GB', { timeZone, hour: '2-digit', minute: '2-digit', hourCycle: 'h23' });
  const day = new Intl.DateTimeFormat('en-US', { timeZone, weekday: 'short', month: 'short', day: 'numeric' });
  return { clock: clock.format(date), day: day.format(date) };
}

/** The Week and Custom texts: the period's days (and hours of a custom range) and how many of its shifts have started. */
function periodTexts(answer: ShiftPerformanceAnswer): { shiftLabel: string; shiftTimes: string | null } {
  const shifts = answer.xmrImpressionsResponseData.points.length;
  const counted = `${shifts} ${shifts === 1 ? 'shift' : 'shifts'}${answer.isShiftRunning ? ' so far' : ''}`;
  if (answer.periodStart === null || answer.periodEnd === null) return { shiftLabel: 'No period', shiftTimes: null };
  const from = siteTime(answer.periodStart, answer.timeZone);
  if (answer.timeframe === 'week') {
    const lastDay = siteTime(new Date(Date.parse(answer.periodEnd) - 1).toISOString(), answer.timeZone);
    const monday = new Intl.DateTimeFormat('en-US', { timeZone: answer.timeZone, month: 'short', day: 'numeric' });
    return {
      shiftLabel: `Week of ${monday.format(new Date(answer.periodStart))}`,
      shiftTimes: `${from.day} – ${lastDay.day} · ${counted}`,
    };
  }
  const to = siteTime(answer.periodEnd, answer.timeZone);
  return { shiftLabel: 'Custom period', shiftTimes: `${from.day} ${from.clock} – ${to.day} ${to.clock} · ${counted}` };
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
  if (answer.timeframe !== 'day') return { scope: 'period', ...periodTexts(answer), ...figures };
  const start = answer.currentShiftStartDate;
  const end = answer.currentShiftEndDate;
  let shiftTimes: string | null = null;
  if (start !== null && end !== null) {
    const from = siteTime(start, answer.timeZone);
    const to = siteTime(end, answer.timeZone);
    shiftTimes = answer.isShiftRunning
      ? `Started ${from.clock} · ${from.day} · until ${to.clock}`
      : `Ended ${to.clock} · ${to.day} (${from.clock}–${to.clock})`;
  }
  return {
    scope: 'shift',
    shiftLabel: answer.currentShiftType === null ? 'No shift' : `${answer.currentShiftType} shift`,
    shiftTimes,
    ...figures,
  };
}
