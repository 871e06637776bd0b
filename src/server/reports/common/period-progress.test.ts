import { describe, expect, it } from 'vitest';
import type { ReportPeriod } from '../../../shared/api-types.ts';
import { comparedUntilOf, comparisonCuts, periodCutOf } from './period-progress.ts';

/**
 * The cut of a period in progress, from docs/kpi-glossary.md "Change and trend": the selected period is read up to now,
 * the previous one up to the same local time of its same day, each system on its own site's clock. The expected
 * instants are written out by hand in UTC.
 */

const BERLIN = 'Europe/Berlin';
const NEWARK = 'America/New_York';
const day = (startDay: string): ReportPeriod => ({
  timeframe: 'day',
  startDay,
  endDay: startDay,
  startHour: 0,
  endHour: 23,
});
const at = (iso: string) => new Date(iso);
const ms = (iso: string) => Date.parse(iso);

describe('comparisonCuts', () => {
  it('reads today up to now and the previous same day up to the same local time (Saturday 11:29 in Berlin)', () => {
    const cuts = comparisonCuts(day('2026-11-28'), day('2026-11-21'), at('2026-11-28T10:29:00Z'));
    expect(cuts.current(BERLIN)).toBe(ms('2026-11-28T10:29:00Z'));
    expect(cuts.previous(BERLIN)).toBe(ms('2026-11-21T10:29:00Z'));
  });

  it('cuts each time zone on its own clock: 05:29 in Newark is its own same local time a week before', () => {
    const cuts = comparisonCuts(day('2026-11-28'), day('2026-11-21'), at('2026-11-28T10:29:00Z'));
    expect(cuts.current(NEWARK)).toBe(ms('2026-11-28T10:29:00Z'));
    expect(cuts.previous(NEWARK)).toBe(ms('2026-11-21T10:29:00Z'));
    // On the day Newark's clocks went back (1 November 2026), 05:29 EST a week later is 05:29 EDT a week before.
    const afterChange = comparisonCuts(day('2026-11-07'), day('2026-10-31'), at('2026-11-07T10:29:00Z'));
    expect(afterChange.previous(NEWARK)).toBe(ms('2026-10-31T09:29:00Z'));
  });

  it('keeps the seconds of now', () => {
    const cuts = comparisonCuts(day('2026-11-28'), day('2026-11-21'), at('2026-11-28T10:29:41.250Z'));
    expect(cuts.previous(BERLIN)).toBe(ms('2026-11-21T10:29:41.250Z'));
  });

  it('on the autumn DST day cuts at the same clock time: 11:29 CET against 11:29 CEST a week before', () => {
    const cuts = comparisonCuts(day('2026-10-25'), day('2026-10-18'), at('2026-10-25T10:29:00Z'));
    expect(cuts.current(BERLIN)).toBe(ms('2026-10-25T10:29:00Z'));
    expect(cuts.previous(BERLIN)).toBe(ms('2026-10-18T09:29:00Z'));
  });

  it('a week after the spring change, 02:29 (a time 29 March does not have) is cut an hour later on the clock', () => {
    // 5 April 02:29 CEST is 2 h 29 min after its midnight; 29 March has no 02:29, its clock reads 03:29 at 01:29 UTC,
    // 2 h 29 min after its midnight too.
    const cuts = comparisonCuts(day('2026-04-05'), day('2026-03-29'), at('2026-04-05T00:29:00Z'));
    expect(cuts.previous(BERLIN)).toBe(ms('2026-03-29T01:29:00Z'));
  });

  it('reads a week in progress up to the same weekday and time of the previous week', () => {
    const week: ReportPeriod = {
      timeframe: 'week',
      startDay: '2026-11-23',
      endDay: '2026-11-29',
      startHour: 0,
      endHour: 23,
    };
    const previous = { ...week, startDay: '2026-11-16', endDay: '2026-11-22' };
    const cuts = comparisonCuts(week, previous, at('2026-11-28T10:29:00Z'));
    expect(cuts.current(BERLIN)).toBe(ms('2026-11-28T10:29:00Z'));
    expect(cuts.previous(BERLIN)).toBe(ms('2026-11-21T10:29:00Z'));
  });

  it('reads a finished period and its previous one whole', () => {
    const cuts = comparisonCuts(day('2026-11-27'), day('2026-11-20'), at('2026-11-28T10:29:00Z'));
    expect(cuts.current(BERLIN)).toBeNull();
    expect(cuts.previous(BERLIN)).toBeNull();
  });

  it('reads nothing of a period that has not begun at a site, nor of its previous one', () => {
    // 00:30 on Sunday in Berlin is still Saturday evening in Newark.
    const cuts = comparisonCuts(day('2026-11-29'), day('2026-11-22'), at('2026-11-28T23:30:00Z'));
    expect(cuts.current(NEWARK)).toBe(ms('2026-11-29T05:00:00Z'));
    expect(cuts.previous(NEWARK)).toBe(ms('2026-11-22T05:00:00Z'));
    expect(cuts.previous(BERLIN)).toBe(ms('2026-11-21T23:30:00Z'));
  });

  it('reads a shorter previous month whole when the selected one is further on (31 March against February)', () => {
    const march: ReportPeriod = {
      timeframe: 'month',
      startDay: '2026-03-01',
      endDay: '2026-03-31',
      startHour: 0,
      endHour: 23,
    };
    const february = { ...march, startDay: '2026-02-01', endDay: '2026-02-28' };
    const cuts = comparisonCuts(march, february, at('2026-03-31T08:00:00Z'));
    expect(cuts.previous(BERLIN)).toBeNull();
    // On 14 March, February is read up to its 14th day at the same time.
    expect(comparisonCuts(march, february, at('2026-03-14T08:00:00Z')).previous(BERLIN)).toBe(
      ms('2026-02-14T08:00:00Z'),
    );
  });
});

describe('periodCutOf', () => {
  it('splits the day at the cut: rollups before its hour, raw rows from the hour start to the cut', () => {
    expect(periodCutOf(day('2026-11-28'), BERLIN, ms('2026-11-28T10:29:00Z'))).toEqual({
      day: '2026-11-28',
      from: ms('2026-11-27T23:00:00Z'),
      hourStart: ms('2026-11-28T10:00:00Z'),
      until: ms('2026-11-28T10:29:00Z'),
      localHour: 11,
    });
  });

  it('starts the raw part at the hour itself when the cut has a fraction of a second', () => {
    expect(periodCutOf(day('2026-11-28'), BERLIN, ms('2026-11-28T10:29:41.250Z'))).toMatchObject({
      hourStart: ms('2026-11-28T10:00:00Z'),
    });
  });

  it('puts a cut in the second 02:00 hour of the autumn DST day at that hour', () => {
    expect(periodCutOf(day('2026-10-25'), BERLIN, ms('2026-10-25T01:29:00Z'))).toMatchObject({
      hourStart: ms('2026-10-25T01:00:00Z'),
      localHour: 2,
    });
  });

  it('starts a custom range with hours at its first hour', () => {
    const custom: ReportPeriod = {
      timeframe: 'custom',
      startDay: '2026-11-28',
      endDay: '2026-11-30',
      startHour: 6,
      endHour: 18,
    };
    expect(periodCutOf(custom, BERLIN, ms('2026-11-28T05:10:00Z'))).toMatchObject({
      from: ms('2026-11-28T05:00:00Z'),
      hourStart: ms('2026-11-28T05:00:00Z'),
    });
  });

  it('reads whole a period the cut does not fall in, nothing of one it precedes', () => {
    expect(periodCutOf(day('2026-11-27'), BERLIN, ms('2026-11-28T10:29:00Z'))).toBeNull();
    expect(periodCutOf(day('2026-11-27'), BERLIN, null)).toBeNull();
    expect(periodCutOf(day('2026-11-29'), BERLIN, ms('2026-11-28T23:00:00Z'))).toMatchObject({
      hourStart: ms('2026-11-28T23:00:00Z'),
      until: ms('2026-11-28T23:00:00Z'),
    });
  });
});

describe('comparedUntilOf', () => {
  it("gives the sites' local time, null for it when their clocks differ, null once the period is over", () => {
    const now = at('2026-11-28T10:29:00Z');
    expect(comparedUntilOf(day('2026-11-28'), now, [BERLIN])).toEqual({ localTime: '2026-11-28T11:29' });
    expect(comparedUntilOf(day('2026-11-28'), now, [BERLIN, NEWARK])).toEqual({ localTime: null });
    expect(comparedUntilOf(day('2026-11-27'), now, [BERLIN, NEWARK])).toBeNull();
    // At 03:00 UTC Berlin's Friday is over (read whole) and Newark's is at 22:00: no single time.
    expect(comparedUntilOf(day('2026-11-27'), at('2026-11-28T03:00:00Z'), [BERLIN, NEWARK])).toEqual({
      localTime: null,
    });
    expect(comparedUntilOf(day('2026-11-27'), at('2026-11-28T03:00:00Z'), [NEWARK])).toEqual({
      localTime: '2026-11-27T22:00',
    });
  });
});
