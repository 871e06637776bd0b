import { describe, expect, it } from 'vitest';
import { currentShift, earlierOccurrences, intervalsOf, type SiteShift } from './shift-calendar.ts';

/**
 * The current shift on a site's clock, worked out by hand (Berlin: CET = UTC+1, CEST = UTC+2; summer time starts
 * Sunday 29 March 2026 02:00 → 03:00 and ends Sunday 25 October 2026 03:00 → 02:00).
 */
const BERLIN = 'Europe/Berlin';
const MON_SAT = [1, 2, 3, 4, 5, 6];
const SHIFTS: SiteShift[] = [
  { id: 'early', name: 'Early', startMinute: 6 * 60, endMinute: 14 * 60, weekdays: MON_SAT },
  { id: 'late', name: 'Late', startMinute: 14 * 60, endMinute: 22 * 60, weekdays: [1, 2, 3, 4, 5] },
  { id: 'night', name: 'Night', startMinute: 22 * 60, endMinute: 6 * 60, weekdays: MON_SAT },
];
const at = (iso: string) => Date.parse(iso);
const shiftAt = (iso: string) => {
  const found = currentShift(SHIFTS, BERLIN, at(iso));
  return found === null
    ? null
    : {
        id: found.occurrence.shift.id,
        running: found.running,
        startDay: found.occurrence.startDay,
        start: new Date(found.occurrence.start).toISOString(),
        end: new Date(found.occurrence.end).toISOString(),
      };
};

describe('current shift', () => {
  it('finds the night shift on both sides of midnight, started the evening before', () => {
    // Tuesday 31 March 23:30 CEST = 21:30Z: the night shift that started at 22:00 (20:00Z).
    expect(shiftAt('2026-03-31T21:30:00Z')).toEqual({
      id: 'night',
      running: true,
      startDay: '2026-03-31',
      start: '2026-03-31T20:00:00.000Z',
      end: '2026-04-01T04:00:00.000Z',
    });
    // Wednesday 1 April 01:00 CEST: still Tuesday's night shift.
    expect(shiftAt('2026-03-31T23:00:00Z')).toMatchObject({ id: 'night', startDay: '2026-03-31', running: true });
    // 05:59:59 is the night's last second, 06:00 the early shift's first.
    expect(shiftAt('2026-04-01T03:59:59Z')).toMatchObject({ id: 'night', running: true });
    expect(shiftAt('2026-04-01T04:00:00Z')).toMatchObject({ id: 'early', startDay: '2026-04-01', running: true });
  });

  it('takes the last ended shift when none runs (Saturday has no late shift, Sunday no shift)', () => {
    // Saturday 4 April 15:00 CEST: the early shift ended at 14:00, no late shift on Saturdays.
    expect(shiftAt('2026-04-04T13:00:00Z')).toEqual({
      id: 'early',
      running: false,
      startDay: '2026-04-04',
      start: '2026-04-04T04:00:00.000Z',
      end: '2026-04-04T12:00:00.000Z',
    });
    // Sunday 5 April 01:00: Saturday's night shift runs into Sunday.
    expect(shiftAt('2026-04-04T23:00:00Z')).toMatchObject({ id: 'night', startDay: '2026-04-04', running: true });
    // Sunday 12:00: Saturday's night shift, ended 06:00, is the last one.
    expect(shiftAt('2026-04-05T10:00:00Z')).toMatchObject({ id: 'night', startDay: '2026-04-04', running: false });
  });

  it('gives the night shift into the spring DST change 7 hours and into the autumn change 9 hours', () => {
    // Saturday 28 March 22:00 CET (21:00Z) to Sunday 29 March 06:00 CEST (04:00Z); at 03:30 CEST (01:30Z) it runs.
    const spring = shiftAt('2026-03-29T01:30:00Z');
    expect(spring).toEqual({
      id: 'night',
      running: true,
      startDay: '2026-03-28',
      start: '2026-03-28T21:00:00.000Z',
      end: '2026-03-29T04:00:00.000Z',
    });
    // Saturday 24 October 22:00 CEST (20:00Z) to Sunday 25 October 06:00 CET (05:00Z).
    const autumn = shiftAt('2026-10-25T00:30:00Z');
    expect(autumn).toMatchObject({ start: '2026-10-24T20:00:00.000Z', end: '2026-10-25T05:00:00.000Z' });
    // The 20-minute intervals are of elapsed time: 21 and 27.
    const lengthOf = (found: ReturnType<typeof shiftAt>) =>
      intervalsOf({ start: Date.parse(found?.start ?? ''), end: Date.parse(found?.end ?? '') }).length;
    expect(lengthOf(spring)).toBe(21);
    expect(lengthOf(autumn)).toBe(27);
  });

  it('has no shift for a site without shifts, and lists the same shift on its earlier worked days', () => {
    expect(currentShift([], BERLIN, at('2026-03-31T08:00:00Z'))).toBeNull();
    const found = currentShift(SHIFTS, BERLIN, at('2026-03-30T08:00:00Z'));
    if (found === null) throw new Error('a shift expected');
    // Monday 30 March's early shift: before it Saturday 28 (Sunday is not worked), Friday 27, ...
    const earlier = earlierOccurrences(found.occurrence, BERLIN).map((occurrence) => occurrence.startDay);
    expect(earlier.slice(0, 3)).toEqual(['2026-03-28', '2026-03-27', '2026-03-26']);
    expect(earlier).toHaveLength(12);
  });
});
