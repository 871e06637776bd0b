import { describe, expect, it } from 'vitest';
import { changeDescription, previousPeriodOf, reportPeriodOf } from './report-period.ts';

/**
 * The description under a card's change, from spec reports §2 Overview ("A custom period of 8 or more days compares
 * 'From last year', otherwise 'From last week'") and the glossary's "Change and trend".
 */
describe('changeDescription', () => {
  it.each([
    ['day=2026-03-27', 'From previous same day'],
    ['week=2026-03-27', 'From previous week'],
    ['custom=2026-03-27/2026-03-27', 'From last week'],
    ['custom=2026-03-27T06:00/2026-03-30T18:00', 'From last week'],
    ['custom=2026-03-23/2026-03-29', 'From last week'],
    ['custom=2026-03-23/2026-03-30', 'From last year'],
    ['custom=2026-03-23T22:00/2026-03-30T01:00', 'From last year'],
    ['custom=2025-12-01/2026-03-30', 'From last year'],
  ])('%s reads %s', (query, description) => {
    const [key = '', value = ''] = query.split('=');
    expect(changeDescription(reportPeriodOf({ [key]: value }), null)).toBe(description);
  });

  it('says how far both periods are read while the period is in progress (glossary "Change and trend")', () => {
    const today = reportPeriodOf({ day: '2026-11-28' });
    expect(changeDescription(today, { localTime: '2026-11-28T11:29' })).toBe('From previous same day, both to 11:29');
    const week = reportPeriodOf({ week: '2026-11-28' });
    expect(changeDescription(week, { localTime: '2026-11-28T11:29' })).toBe('From previous week, both to Sat 11:29');
    expect(changeDescription(today, { localTime: null })).toBe("From previous same day, both to each site's time");
  });
});

describe('previousPeriodOf', () => {
  it('compares a day with the previous same day: the same weekday one week before (spec reports §2 legend)', () => {
    expect(previousPeriodOf(reportPeriodOf({ day: '2026-11-28' }))).toMatchObject({
      startDay: '2026-11-21',
      endDay: '2026-11-21',
    });
  });

  it('keeps the previous week and the same number of days before a custom range', () => {
    expect(previousPeriodOf(reportPeriodOf({ week: '2026-11-28' }))).toMatchObject({
      startDay: '2026-11-16',
      endDay: '2026-11-22',
    });
    expect(previousPeriodOf(reportPeriodOf({ custom: '2026-11-26T06:00/2026-11-28T18:00' }))).toEqual({
      timeframe: 'custom',
      startDay: '2026-11-23',
      endDay: '2026-11-25',
      startHour: 6,
      endHour: 18,
    });
  });
});
