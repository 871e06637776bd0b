import { describe, expect, it } from 'vitest';
import { neighbourHints } from './neighbour-hints.ts';
import type { FilterHint } from './use-report-filters.ts';

const label = (hint: FilterHint) =>
  hint.type === 'group' ? hint.group : hint.event.type === 'timeframe.change' ? hint.event.timeframe : hint.event.type;
const every = () => true;

describe('the neighbours a report prefetches when idle (issue #30)', () => {
  it('are the previous period, the two nearest timeframes, then the other groups, in that order', () => {
    const hints = neighbourHints({ timeframe: 'week', systemGroup: 'DTG' }, ['DTG', 'DTF', 'Apollo'], every);
    expect(hints.map(label)).toEqual(['date.previous', 'day', 'month', 'DTF', 'Apollo']);
    expect(neighbourHints({ timeframe: 'year', systemGroup: 'DTF' }, ['DTF'], every).map(label)).toEqual([
      'date.previous',
      'quarter',
      'month',
    ]);
  });

  it('leave out what the report would not show (a timeframe its rules refuse) and never guess a custom range', () => {
    const overview = (hint: FilterHint) =>
      hint.type === 'group' || hint.event.type !== 'timeframe.change' || ['day', 'week'].includes(hint.event.timeframe);
    const hints = neighbourHints({ timeframe: 'day', systemGroup: 'DTG' }, ['DTG', 'DTF'], overview);
    expect(hints.map(label)).toEqual(['date.previous', 'week', 'DTF']);
    // The two nearest of those shown: quarter and year are further than month from week, day is refused.
    const jobs = (hint: FilterHint) =>
      !(hint.type === 'event' && hint.event.type === 'timeframe.change' && hint.event.timeframe === 'day');
    expect(neighbourHints({ timeframe: 'week', systemGroup: 'DTG' }, ['DTG'], jobs).map(label)).toEqual([
      'date.previous',
      'month',
      'quarter',
    ]);
    const custom = neighbourHints({ timeframe: 'custom', systemGroup: 'DTG' }, ['DTG'], every).map(label);
    expect(custom).not.toContain('custom');
    // No previous period where the report shows none (its first day).
    const first = neighbourHints(
      { timeframe: 'day', systemGroup: 'DTG' },
      ['DTG', 'DTF'],
      (hint) => label(hint) !== 'date.previous',
    );
    expect(first.map(label)).toEqual(['week', 'month', 'DTF']);
  });
});
