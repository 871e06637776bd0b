import { execFileSync } from 'node:child_process';
import { describe, expect, it } from 'vitest';
import { formatLastUpdate, formatShortInstant } from './last-update.ts';

const MODULE = new URL('./last-update.ts', import.meta.url).href;

/**
 * formatLastUpdate and viewerTimeZone in a Node process whose time zone is `zone`, as a viewer's browser there would
 * run them. A process of its own: the zone belongs to the process, and test files share theirs (worker threads).
 */
function inZone(zone: string, iso: string): { formatted: string | null; viewerZone: string } {
  const script = `import { formatLastUpdate, viewerTimeZone } from ${JSON.stringify(MODULE)};
console.log(JSON.stringify({ formatted: formatLastUpdate(${JSON.stringify(iso)}), viewerZone: viewerTimeZone() }));`;
  const output = execFileSync(process.execPath, ['--input-type=module', '--eval', script], {
    env: { ...process.env, TZ: zone },
    encoding: 'utf8',
  });
  return JSON.parse(output) as { formatted: string | null; viewerZone: string };
}

describe('formatLastUpdate', () => {
  it("formats like 'March 05, 2024, 09:30 am'", () => {
    expect(inZone('UTC', '2024-03-05T09:30:00Z').formatted).toBe('March 05, 2024, 09:30 am');
    expect(inZone('UTC', '2024-11-21T17:05:59.000Z').formatted).toBe('November 21, 2024, 05:05 pm');
  });

  it("shows the instant in the viewer's time zone, whatever site sent it", () => {
    // A Newark job ending 21:58 local (EST) is 02:58Z: a viewer in New York sees 09:58 pm, one in Berlin 03:58 am.
    expect(inZone('America/New_York', '2024-03-06T02:58:00.000Z')).toEqual({
      formatted: 'March 05, 2024, 09:58 pm',
      viewerZone: 'America/New_York',
    });
    expect(inZone('Europe/Berlin', '2024-03-06T02:58:00.000Z')).toEqual({
      formatted: 'March 06, 2024, 03:58 am',
      viewerZone: 'Europe/Berlin',
    });
  });

  it('gives nothing for missing or invalid values', () => {
    expect(formatLastUpdate(null)).toBeNull();
    expect(formatLastUpdate(undefined)).toBeNull();
    expect(formatLastUpdate('')).toBeNull();
    expect(formatLastUpdate('not a date')).toBeNull();
  });
});

describe('formatShortInstant', () => {
  it("formats like 'Mar 5, 09:30 am' in the process's zone (UTC in the tests), nothing for a missing or bad value", () => {
    expect(formatShortInstant('2024-03-05T09:30:00Z')).toBe('Mar 5, 09:30 am');
    expect(formatShortInstant('2026-11-26T17:12:00.000Z')).toBe('Nov 26, 05:12 pm');
    expect(formatShortInstant(null)).toBeNull();
    expect(formatShortInstant('not a date')).toBeNull();
  });
});
