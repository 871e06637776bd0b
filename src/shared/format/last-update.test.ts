import { afterEach, describe, expect, it } from 'vitest';
import { formatLastUpdate, viewerTimeZone } from './last-update.ts';

describe('formatLastUpdate', () => {
  const zoneBefore = process.env['TZ'];
  afterEach(() => {
    process.env['TZ'] = zoneBefore;
  });

  it("formats like 'March 05, 2024, 09:30 am'", () => {
    process.env['TZ'] = 'UTC';
    expect(formatLastUpdate('2024-03-05T09:30:00Z')).toBe('March 05, 2024, 09:30 am');
    expect(formatLastUpdate('2024-11-21T17:05:59.000Z')).toBe('November 21, 2024, 05:05 pm');
  });

  it("shows the instant in the viewer's time zone, whatever site sent it", () => {
    // A Newark job ending 21:58 local (EST) is 02:58Z: a viewer in New York sees 09:58 pm, one in Berlin 03:58 am.
    process.env['TZ'] = 'America/New_York';
    expect(formatLastUpdate('2024-03-06T02:58:00.000Z')).toBe('March 05, 2024, 09:58 pm');
    expect(viewerTimeZone()).toBe('America/New_York');
    process.env['TZ'] = 'Europe/Berlin';
    expect(formatLastUpdate('2024-03-06T02:58:00.000Z')).toBe('March 06, 2024, 03:58 am');
    expect(viewerTimeZone()).toBe('Europe/Berlin');
  });

  it('gives nothing for missing or invalid values', () => {
    expect(formatLastUpdate(null)).toBeNull();
    expect(formatLastUpdate(undefined)).toBeNull();
    expect(formatLastUpdate('')).toBeNull();
    expect(formatLastUpdate('not a date')).toBeNull();
  });
});
