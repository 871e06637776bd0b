import { describe, expect, it } from 'vitest';
import { fleetOee, fleetShiftAvailability, oee, type OeeInputs } from './oee.ts';
import { hourStartsIn, plannedSeconds, shiftStretches, type WorkedShift } from './planned-time.ts';

/*
 * Expected values are worked out by hand from the glossary's definitions (docs/kpi-glossary.md "OEE"); the comments
 * show the arithmetic.
 */

const H = 3600;
const BERLIN = 'Europe/Berlin';
const WEEKDAYS = [1, 2, 3, 4, 5];
const EVERY_DAY = [1, 2, 3, 4, 5, 6, 7];
const shift = (startHour: number, endHour: number, weekdays = WEEKDAYS, fromDay: string | null = null) =>
  ({ startMinute: startHour * 60, endMinute: endHour * 60, weekdays, fromDay, untilDay: null }) satisfies WorkedShift;
const EARLY = shift(6, 14);
const LATE = shift(14, 22);
const NIGHT = shift(22, 6);
const day = (date: string) => ({ fromDay: date, fromHour: 0, toDay: date, toHour: 23 });

describe('planned time (the shifts a system works)', () => {
  it('counts two shifts on a Monday and five working days of a week', () => {
    expect(plannedSeconds([EARLY, LATE], day('2026-03-23'), BERLIN)).toBe(16 * H);
    // Mon 23 – Sun 29 March 2026: 5 days × 16 h; Saturday and Sunday have no shift.
    const week = { fromDay: '2026-03-23', fromHour: 0, toDay: '2026-03-29', toHour: 23 };
    expect(plannedSeconds([EARLY, LATE], week, BERLIN)).toBe(80 * H);
    expect(plannedSeconds([EARLY, LATE], day('2026-03-28'), BERLIN)).toBe(0);
  });

  it("counts a night shift's hours on the day they fall on", () => {
    // Monday: 22–24 of Monday's shift; 0–6 belongs to Sunday's, which is not worked.
    expect(plannedSeconds([NIGHT], day('2026-03-23'), BERLIN)).toBe(2 * H);
    // Saturday: 0–6 of Friday's shift.
    expect(plannedSeconds([NIGHT], day('2026-03-28'), BERLIN)).toBe(6 * H);
  });

  it('follows the wall clock over the DST changes', () => {
    const night = shift(0, 6, EVERY_DAY);
    expect(plannedSeconds([night], day('2026-03-29'), BERLIN)).toBe(5 * H); // 02:00 does not exist
    expect(plannedSeconds([night], day('2026-10-25'), BERLIN)).toBe(7 * H); // 02:00 happens twice
    // Saturday 22:00 to Sunday 06:00 across the spring change: 2 h + 5 h.
    const weekend = { fromDay: '2026-03-28', fromHour: 0, toDay: '2026-03-29', toHour: 23 };
    expect(plannedSeconds([shift(22, 6, [6])], weekend, BERLIN)).toBe(7 * H);
  });

  it("keeps to a custom range's hours and to the days the system works the shift", () => {
    // 10:00 to the end of 17:00: 10–14 early, 14–18 late.
    const hours = { fromDay: '2026-03-23', fromHour: 10, toDay: '2026-03-23', toHour: 17 };
    expect(plannedSeconds([EARLY, LATE], hours, BERLIN)).toBe(8 * H);
    // Worked from Wednesday: Wednesday, Thursday and Friday × 8 h.
    const week = { fromDay: '2026-03-23', fromHour: 0, toDay: '2026-03-29', toHour: 23 };
    expect(plannedSeconds([shift(6, 14, WEEKDAYS, '2026-03-25')], week, BERLIN)).toBe(24 * H);
    expect(plannedSeconds([{ ...EARLY, untilDay: '2026-03-24' }], week, BERLIN)).toBe(16 * H);
  });

  it("ends where the system's data ends, inside a night shift across midnight", () => {
    // Monday night shift 22:00–06:00 (Berlin, UTC+1 in March); the data ends Tuesday 03:30 local = 02:30 UTC.
    const dataEnd = Date.parse('2026-03-24T02:30:00Z');
    // Monday keeps its 22–24 (2 h); Tuesday counts 00:00–03:30 of the shift, not the 2.5 h not yet described.
    expect(plannedSeconds([NIGHT], day('2026-03-23'), BERLIN, dataEnd)).toBe(2 * H);
    expect(plannedSeconds([NIGHT], day('2026-03-24'), BERLIN, dataEnd)).toBe(3.5 * H);
    // Data that ended before the day: nothing of it is planned.
    expect(plannedSeconds([NIGHT], day('2026-03-25'), BERLIN, dataEnd)).toBe(0);
  });

  it('names the UTC hours of the planned time, both 02:00 hours on the autumn change', () => {
    const stretches = shiftStretches([shift(0, 4, EVERY_DAY)], day('2026-10-25'), BERLIN);
    // 00:00 CEST = 22:00 UTC the day before; 04:00 CET = 03:00 UTC: five hours.
    expect(hourStartsIn(stretches).map((hour) => new Date(hour).toISOString().slice(0, 16))).toEqual([
      '2026-10-24T22:00',
      '2026-10-24T23:00',
      '2026-10-25T00:00',
      '2026-10-25T01:00',
      '2026-10-25T02:00',
    ]);
  });

  it('counts a running day only up to now', () => {
    // 15:30 in Berlin (UTC+1) on Monday 23 March 2026: 8 h of the early shift and 1.5 h of the late one.
    const now = Date.parse('2026-03-23T14:30:00Z');
    expect(plannedSeconds([EARLY, LATE], day('2026-03-23'), BERLIN, now)).toBe(9.5 * H);
    expect(plannedSeconds([EARLY, LATE], day('2026-03-23'), BERLIN, Date.parse('2026-03-23T04:00:00Z'))).toBe(0);
  });
});

/** DTG-A: 16 h planned, 12 h run, 540 impressions of which 27 rejected, ideal 60 imp/h. */
const A: OeeInputs = {
  reported: true,
  plannedSeconds: 16 * H,
  runSeconds: 12 * H,
  production: 540,
  rejectedProduction: 27,
  idealRatePerHour: 60,
};
/** DTG-B: one 8 h shift run throughout, 200 good impressions, ideal 40 imp/h. */
const B: OeeInputs = {
  reported: true,
  plannedSeconds: 8 * H,
  runSeconds: 8 * H,
  production: 200,
  rejectedProduction: 0,
  idealRatePerHour: 40,
};
/** DTG-C: planned but sent nothing in the period. */
const C: OeeInputs = {
  reported: false,
  plannedSeconds: 16 * H,
  runSeconds: 0,
  production: 0,
  rejectedProduction: 0,
  idealRatePerHour: 60,
};

describe('OEE', () => {
  it('multiplies shift availability, performance and quality of one system', () => {
    const a = oee(A);
    expect(a?.availability).toBe(0.75); // 12 h / 16 h
    expect(a?.performance).toBe(0.75); // (540 / 60 = 9 h) / 12 h
    expect(a?.quality).toBe(0.95); // 513 / 540
    expect(a?.oee).toBeCloseTo(0.534375, 12); // 513 / 60 = 8.55 h of 16 h
    const b = oee(B);
    expect(b).toEqual({ availability: 1, performance: 0.625, quality: 1, oee: 0.625 }); // 5 h of 8 h
  });

  it('sums the fleet before dividing and leaves out a system that sent nothing', () => {
    const fleet = fleetOee([A, B, C]);
    expect(fleet?.availability).toBeCloseTo(0.833333333, 9); // 20 h / 24 h
    expect(fleet?.performance).toBeCloseTo(0.7, 12); // (9 h + 5 h) / 20 h
    expect(fleet?.quality).toBeCloseTo(0.967857143, 9); // (8.55 h + 5 h) / 14 h
    expect(fleet?.oee).toBeCloseTo(0.564583333, 9); // 13.55 h / 24 h
    expect(fleet?.oee).not.toBeCloseTo((0.534375 + 0.625) / 2, 3); // not the mean of the systems
    expect(oee(C)).toBeNull();
  });

  it('is null without planned time or without an ideal rate', () => {
    expect(oee({ ...A, plannedSeconds: 0, runSeconds: 0 })).toBeNull();
    expect(oee({ ...A, idealRatePerHour: null })).toBeNull();
    expect(fleetOee([A, { ...B, idealRatePerHour: 0 }])).toBeNull();
    // A system without a rate that sent nothing is left out anyway.
    expect(fleetOee([A, { ...C, idealRatePerHour: null }])?.oee).toBeCloseTo(0.534375, 12);
  });

  it('knows the shift availability without ideal rates, not without planned time', () => {
    expect(fleetShiftAvailability([A, { ...B, idealRatePerHour: null }, C])).toBeCloseTo(20 / 24, 12);
    expect(fleetShiftAvailability([{ ...A, plannedSeconds: 0, runSeconds: 0 }])).toBeNull();
    expect(fleetShiftAvailability([C])).toBeNull(); // it sent nothing
  });

  it('is 0 when the shifts passed without run time, quality 100 % without production', () => {
    const idle = { ...A, runSeconds: 0, production: 0, rejectedProduction: 0 };
    expect(oee(idle)).toEqual({ availability: 0, performance: 0, quality: 1, oee: 0 });
  });

  it('uses metres and metres per hour for DTF, and does not cap performance', () => {
    const dtf = oee({
      reported: true,
      plannedSeconds: 8 * H,
      runSeconds: 7 * H,
      production: 84,
      rejectedProduction: 4.2,
      idealRatePerHour: 14,
    });
    expect(dtf?.availability).toBe(0.875); // 7 h / 8 h
    expect(dtf?.performance).toBeCloseTo(0.857142857, 9); // (84 / 14 = 6 h) / 7 h
    expect(dtf?.quality).toBeCloseTo(0.95, 12); // 79.8 / 84
    expect(dtf?.oee).toBeCloseTo(0.7125, 12); // 79.8 / 14 = 5.7 h of 8 h
    expect(oee({ ...B, idealRatePerHour: 20 })?.performance).toBe(1.25); // 10 h of ideal time in 8 h run
  });
});
