import { describe, expect, it } from 'vitest';
import { changeDescription, reportPeriodOf } from './overview-period.ts';

/**
 * The description under a card's change, from spec reports §2 Overview ("A custom period of 8 or more days compares
 * 'From last year', otherwise 'From last week'") and the glossary's "Change and trend".
 */
describe('changeDescription', () => {
  it.each([
    ['day=2026-03-27', 'From previous day'],
    ['week=2026-03-27', 'From previous week'],
    ['custom=2026-03-27/2026-03-27', 'From last week'],
    ['custom=2026-03-27T06:00/2026-03-30T18:00', 'From last week'],
    ['custom=2026-03-23/2026-03-29', 'From last week'],
    ['custom=2026-03-23/2026-03-30', 'From last year'],
    ['custom=2026-03-23T22:00/2026-03-30T01:00', 'From last year'],
    ['custom=2025-12-01/2026-03-30', 'From last year'],
  ])('%s reads %s', (query, description) => {
    const [key = '', value = ''] = query.split('=');
    expect(changeDescription(reportPeriodOf({ [key]: value }))).toBe(description);
  });
});
