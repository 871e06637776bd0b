import { describe, expect, it } from 'vitest';
import { localDayOf, localTimeToInstant, utcOffsetMs, wallClockMs } from './local-time.ts';

const HOUR_MS = 3_600_000;

/** The wall clock as Intl shows it, read without any of the module's state. */
function intlWallClock(instantMs: number, timeZone: string): string {
  return new Intl.DateTimeFormat('sv-SE', {
    timeZone,
    hourCycle: 'h23',
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
    hour: '2-digit',
    minute: '2-digit',
    second: '2-digit',
  })
    .format(new Date(instantMs))
    .replace(' ', 'T');
}

const asWall = (wallMs: number) => new Date(wallMs).toISOString().slice(0, 19);

describe('wall clocks read again', () => {
  it('answers a repeated instant as the first time, across DST changes and in several zones', () => {
    // Berlin's autumn night (the repeated 02:00–03:00) and New York's spring gap, every 15 minutes, three times over.
    const instants = [Date.UTC(2026, 9, 24, 22), Date.UTC(2026, 2, 8, 5)].flatMap((start) =>
      Array.from({ length: 24 }, (_, index) => start + index * 15 * 60_000),
    );
    for (let round = 0; round < 3; round += 1) {
      for (const zone of ['Europe/Berlin', 'America/New_York', 'Asia/Kolkata']) {
        for (const instant of instants) {
          expect(asWall(wallClockMs(instant, zone))).toBe(intlWallClock(instant, zone));
        }
      }
    }
    expect(utcOffsetMs(Date.UTC(2026, 9, 25, 0, 30), 'Europe/Berlin')).toBe(2 * HOUR_MS);
    expect(utcOffsetMs(Date.UTC(2026, 9, 25, 1, 30), 'Europe/Berlin')).toBe(HOUR_MS);
  });

  it('reads the whole second of an instant between seconds, before and after 1970', () => {
    for (const instant of [Date.UTC(2026, 5, 1, 12, 0, 7) + 999, -500, -1_000_001]) {
      expect(asWall(wallClockMs(instant, 'Europe/Berlin'))).toBe(intlWallClock(instant, 'Europe/Berlin'));
    }
  });

  it('stays right when more instants are read than it keeps', () => {
    const start = Date.UTC(2026, 2, 28, 0);
    // 10,000 distinct seconds in one zone (more than a zone keeps), then the first ones again.
    for (let index = 0; index < 10_000; index += 1) wallClockMs(start + index * 37_000, 'Europe/Berlin');
    for (let index = 0; index < 50; index += 1) {
      const instant = start + index * 37_000;
      expect(asWall(wallClockMs(instant, 'Europe/Berlin'))).toBe(intlWallClock(instant, 'Europe/Berlin'));
    }
    expect(localDayOf(Date.UTC(2026, 2, 28, 23, 30), 'Europe/Berlin')).toBe('2026-03-29');
    // The repeated autumn hour maps to its first occurrence (summer time).
    expect(new Date(localTimeToInstant('2026-10-25', 150, 'Europe/Berlin')).toISOString()).toBe(
      '2026-10-25T00:30:00.000Z',
    );
  });
});
