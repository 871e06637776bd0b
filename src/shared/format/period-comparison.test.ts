import { describe, expect, it } from 'vitest';
import { registerArea, t } from '../../i18n/i18n.ts';
import texts from '../../i18n/locales/en-US/comparison.json' with { type: 'json' };
import type { ComparedUntil, ReportPeriod } from '../api-types.ts';
import {
  comparedUntilPoint,
  comparedUntilWords,
  comparisonOf,
  previousPeriodKind,
  previousPeriodWords,
} from './period-comparison.ts';

registerArea('comparison', texts);

type Period = Pick<ReportPeriod, 'timeframe' | 'startDay' | 'endDay'>;

/** What a period is compared with, in en-US words. */
const basisOf = (period: Period) => previousPeriodWords(previousPeriodKind(period), t);

/** How far both are read, in en-US words; null when both are whole. */
function untilOf(period: Period, until: ComparedUntil): string | null {
  const point = comparedUntilPoint(period, until);
  return point === null ? null : comparedUntilWords(point, t, 'en-US');
}

describe('period comparison', () => {
  it('compares a custom period of 8 days or more with last year, 7 or fewer with last week', () => {
    expect(basisOf({ timeframe: 'custom', startDay: '2026-11-01', endDay: '2026-11-07' })).toBe('From last week');
    expect(basisOf({ timeframe: 'custom', startDay: '2026-11-01', endDay: '2026-11-08' })).toBe('From last year');
  });

  it('counts both ends of a custom period, across a month end', () => {
    expect(comparisonOf({ timeframe: 'custom', startDay: '2026-02-25', endDay: '2026-03-04' }, null)).toEqual({
      compared: 'period',
      basis: 'lastYear',
    });
    expect(comparisonOf({ timeframe: 'custom', startDay: '2026-11-01', endDay: '2026-11-01' }, null)).toEqual({
      compared: 'period',
      basis: 'lastWeek',
    });
  });

  it("names a month's, quarter's or year's previous period as its cards do (issue #25: not 'From last year')", () => {
    const month = { timeframe: 'month', startDay: '2026-11-01', endDay: '2026-11-30' } as const;
    expect(comparisonOf(month, null)).toEqual({ compared: 'period', basis: 'month' });
    expect(basisOf(month)).toBe('From previous month');
    expect(basisOf({ timeframe: 'quarter', startDay: '2026-10-01', endDay: '2026-12-31' })).toBe(
      'From previous quarter',
    );
    expect(basisOf({ timeframe: 'year', startDay: '2026-01-01', endDay: '2026-12-31' })).toBe('From previous year');
    expect(basisOf({ timeframe: 'day', startDay: '2026-11-28', endDay: '2026-11-28' })).toBe('From previous same day');
  });

  it('compares a day with the previous same day and a week with the previous week', () => {
    expect(comparisonOf({ timeframe: 'day', startDay: '2026-11-21', endDay: '2026-11-21' }, null)).toEqual({
      compared: 'day',
    });
    expect(comparisonOf({ timeframe: 'week', startDay: '2026-11-16', endDay: '2026-11-22' }, null)).toEqual({
      compared: 'week',
    });
  });
});

describe('a period in progress (glossary "Change and trend": both read up to the same local time)', () => {
  const day = { timeframe: 'day', startDay: '2026-11-28', endDay: '2026-11-28' } as const;
  const week = { timeframe: 'week', startDay: '2026-11-23', endDay: '2026-11-29' } as const;
  const month = { timeframe: 'month', startDay: '2026-11-01', endDay: '2026-11-30' } as const;

  it('says the time of a day, the weekday and time of a week, the day of the period and time of a longer one', () => {
    expect(untilOf(day, { localTime: '2026-11-28T11:29' })).toBe('to 11:29');
    expect(untilOf(week, { localTime: '2026-11-28T11:29' })).toBe('to Sat 11:29');
    expect(untilOf(month, { localTime: '2026-11-28T11:29' })).toBe('to day 28, 11:29');
  });

  it('gives the same point as parts a browser words in its language: time, ISO weekday, day of the period', () => {
    expect(comparedUntilPoint(day, { localTime: '2026-11-28T11:29' })).toEqual({ kind: 'time', time: '11:29' });
    expect(comparedUntilPoint(week, { localTime: '2026-11-28T11:29' })).toEqual({
      kind: 'weekday',
      weekday: 6,
      time: '11:29',
    });
    expect(comparedUntilPoint(month, { localTime: '2026-11-28T11:29' })).toEqual({
      kind: 'day',
      day: 28,
      time: '11:29',
    });
    expect(comparedUntilPoint(day, { localTime: null })).toEqual({ kind: 'eachSite' });
    expect(comparedUntilPoint(day, null)).toBeNull();
  });

  it("says each site's time when the sites' clocks differ, nothing for a period that is over", () => {
    expect(untilOf(day, { localTime: null })).toBe("to each site's time");
    expect(untilOf(day, null)).toBeNull();
  });

  it('puts it in the legend', () => {
    expect(comparisonOf(day, { localTime: '2026-11-28T11:29' })).toEqual({
      compared: 'day',
      until: { kind: 'time', time: '11:29' },
    });
  });
});
