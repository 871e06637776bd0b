import { describe, expect, it } from 'vitest';
import { benchIngestToken, printerOnShift, sunriseSerials } from './tv-bench-fleet.ts';

describe('the Live Dashboard benchmarks’ printer', () => {
  it('is a Sunrise printer of a site whose shift runs long enough, Shanghai first', () => {
    // Wednesday 10:00 in Shanghai (02:00 UTC): its early shift runs until 14:00.
    expect(printerOnShift(new Date('2026-11-25T02:00:00Z'), 15)).toEqual({
      serial: sunriseSerials()[0],
      site: 'Shanghai Mass Production',
      shift: 'Early',
    });
    // 13:50 there: ten minutes left, so León (Tuesday 23:50, no shift) cannot stand in either.
    expect(() => printerOnShift(new Date('2026-11-25T05:50:00Z'), 15)).toThrow(/No Sunrise site has a shift running/);
  });

  it('falls back to León when Shanghai has no shift: Saturday 23:00 in Shanghai is 09:00 in León', () => {
    const found = printerOnShift(new Date('2026-11-28T15:00:00Z'), 15);
    expect(found).toMatchObject({ site: 'León Nearshore Plant', shift: 'Early' });
    expect(sunriseSerials()).toContain(found.serial);
  });

  it('registers a token the portal accepts in PORTAL_INGEST_TOKENS', () => {
    const { token, setting } = benchIngestToken();
    expect(setting).toBe(`sunrise-apparel=${token}`);
    expect(token).toMatch(/^fpi_[A-Za-z0-9_-]{16,}$/);
  });
});
