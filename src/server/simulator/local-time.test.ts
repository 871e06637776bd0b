import { describe, expect, it } from 'vitest';
import { planFleet } from './fleet-plan.ts';
import {
  addDays,
  daysFromTo,
  isoDayOfWeek,
  localDayBounds,
  localDayOf,
  localTimeToInstant,
} from '../../shared/time/local-time.ts';
import { lastCompleteDay } from './simulate.ts';

describe('local time', () => {
  it('gives local days of 23, 24 and 25 hours across DST changes', () => {
    const hours = (day: string, zone: string) => {
      const { start, end } = localDayBounds(day, zone);
      return (end - start) / 3_600_000;
    };
    expect(hours('2026-03-29', 'Europe/Berlin')).toBe(23);
    expect(hours('2026-10-25', 'Europe/Berlin')).toBe(25);
    expect(hours('2026-03-08', 'America/New_York')).toBe(23);
    expect(hours('2026-11-01', 'America/New_York')).toBe(25);
    expect(hours('2026-03-29', 'Asia/Shanghai')).toBe(24);
    expect(new Date(localDayBounds('2026-07-01', 'Europe/Berlin').start).toISOString()).toBe(
      '2026-06-30T22:00:00.000Z',
    );
  });

  it('maps wall-clock times to instants, the repeated autumn hour to its first occurrence', () => {
    expect(new Date(localTimeToInstant('2026-10-25', 150, 'Europe/Berlin')).toISOString()).toBe(
      '2026-10-25T00:30:00.000Z',
    );
    expect(new Date(localTimeToInstant('2026-03-29', 6 * 60, 'Europe/Berlin')).toISOString()).toBe(
      '2026-03-29T04:00:00.000Z',
    );
    // 02:30 does not exist on the spring day: it lands just after the jump.
    const skipped = localTimeToInstant('2026-03-29', 150, 'Europe/Berlin');
    expect(localDayOf(skipped, 'Europe/Berlin')).toBe('2026-03-29');
    expect(skipped).toBeGreaterThanOrEqual(Date.parse('2026-03-29T01:00:00Z'));
  });

  it('counts calendar days and weekdays', () => {
    expect(addDays('2026-02-28', 1)).toBe('2026-03-01');
    expect(daysFromTo('2026-12-30', '2027-01-02')).toEqual(['2026-12-30', '2026-12-31', '2027-01-01', '2027-01-02']);
    expect(isoDayOfWeek('2026-03-29')).toBe(7);
    expect(isoDayOfWeek('2026-03-30')).toBe(1);
  });

  it('simulates only up to the last day that has ended at every site', () => {
    const plan = planFleet({ seed: 1 });
    // 03:00 UTC: the day before is still running in Newark and León, so the last complete day is two days back.
    expect(lastCompleteDay(plan, new Date('2026-11-23T03:00:00Z'))).toBe('2026-11-21');
    expect(lastCompleteDay(plan, new Date('2026-11-23T12:00:00Z'))).toBe('2026-11-22');
  });
});
