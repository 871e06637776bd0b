import { describe, expect, it } from 'vitest';
import { latestSlot, reportedWeek, type SendPlan } from './send-slots.ts';

/**
 * When a weekly report is due (issue #27): on its weekdays (Monday 0 … Sunday 6) at 06:00 on its user's clock. Expected
 * instants are written in UTC from the zone's offsets: Berlin is UTC+1 until the night of Sunday 29 March 2026 and UTC+2
 * after it; New York is UTC−5 until Sunday 8 March 2026 and UTC−4 after it.
 */

const tuesdaysInBerlin: SendPlan = { weekdays: [1], startDay: '2026-01-01', endDay: null, timeZone: 'Europe/Berlin' };
const at = (iso: string) => new Date(iso);

describe('latestSlot', () => {
  it('is 06:00 local on the weekday: 05:00 UTC in winter, 04:00 UTC once Berlin has moved to summer time', () => {
    expect(latestSlot(tuesdaysInBerlin, at('2026-03-24T12:00:00Z'))).toEqual(at('2026-03-24T05:00:00Z'));
    expect(latestSlot(tuesdaysInBerlin, at('2026-03-31T12:00:00Z'))).toEqual(at('2026-03-31T04:00:00Z'));
  });

  it('is not due before 06:00 local on the day: the week before is the latest slot until then', () => {
    expect(latestSlot(tuesdaysInBerlin, at('2026-03-31T03:59:59Z'))).toEqual(at('2026-03-24T05:00:00Z'));
    expect(latestSlot(tuesdaysInBerlin, at('2026-03-31T04:00:00Z'))).toEqual(at('2026-03-31T04:00:00Z'));
  });

  it('sends on the DST day itself at 06:00 of the new time (Sunday 29 March 2026 in Berlin)', () => {
    const sundays = { ...tuesdaysInBerlin, weekdays: [6] };
    expect(latestSlot(sundays, at('2026-03-29T03:30:00Z'))).toEqual(at('2026-03-22T05:00:00Z'));
    expect(latestSlot(sundays, at('2026-03-29T04:00:00Z'))).toEqual(at('2026-03-29T04:00:00Z'));
  });

  it("reads the weekday on the user's clock, not the server's (New York after its own DST change)", () => {
    const newYork = { ...tuesdaysInBerlin, timeZone: 'America/New_York' };
    // 03:00 UTC on Wednesday 11 March is still Tuesday evening in New York: Tuesday's 06:00 EDT = 10:00 UTC.
    expect(latestSlot(newYork, at('2026-03-11T03:00:00Z'))).toEqual(at('2026-03-10T10:00:00Z'));
    // Before the change 06:00 EST is 11:00 UTC: a minute earlier the latest slot is still the Tuesday before.
    expect(latestSlot(newYork, at('2026-03-03T10:59:00Z'))).toEqual(at('2026-02-24T11:00:00Z'));
    expect(latestSlot(newYork, at('2026-03-03T11:00:00Z'))).toEqual(at('2026-03-03T11:00:00Z'));
  });

  it('after missed weeks is only the latest slot: one catch-up, the older ones never', () => {
    // Down from Monday 2 March to Thursday 26 March: the Tuesdays 3, 10, 17 and 24 March passed unsent.
    expect(latestSlot(tuesdaysInBerlin, at('2026-03-26T09:00:00Z'))).toEqual(at('2026-03-24T05:00:00Z'));
  });

  it('picks the latest of several weekdays', () => {
    const monWedFri = { ...tuesdaysInBerlin, weekdays: [0, 2, 4] };
    expect(latestSlot(monWedFri, at('2026-03-26T09:00:00Z'))).toEqual(at('2026-03-25T05:00:00Z'));
  });

  it('has no slot before the start day, and none after the end day beyond the last one in range', () => {
    const starting = { ...tuesdaysInBerlin, startDay: '2026-03-25' };
    expect(latestSlot(starting, at('2026-03-30T09:00:00Z'))).toBeNull();
    const ending = { ...tuesdaysInBerlin, endDay: '2026-03-20' };
    expect(latestSlot(ending, at('2026-04-30T09:00:00Z'))).toEqual(at('2026-03-17T05:00:00Z'));
    expect(latestSlot({ ...tuesdaysInBerlin, weekdays: [] }, at('2026-03-30T09:00:00Z'))).toBeNull();
  });
});

describe('reportedWeek', () => {
  it('is the last whole Monday-to-Sunday week before the send day', () => {
    expect(reportedWeek('2026-03-31')).toEqual({ start: '2026-03-23', end: '2026-03-29' });
    expect(reportedWeek('2026-03-30')).toEqual({ start: '2026-03-23', end: '2026-03-29' });
    expect(reportedWeek('2026-01-06')).toEqual({ start: '2025-12-29', end: '2026-01-04' });
  });
});
