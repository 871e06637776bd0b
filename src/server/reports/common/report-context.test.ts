import { describe, expect, it } from 'vitest';
import type { ReportPeriod } from '../../../shared/api-types.ts';
import { isLastUpdatePeriod } from './report-context.ts';

const day = (startDay: string, endDay = startDay): ReportPeriod => ({
  timeframe: startDay === endDay ? 'day' : 'week',
  startDay,
  endDay,
  startHour: 0,
  endHour: 23,
});

describe('isLastUpdatePeriod (cards read Current instead of Average)', () => {
  it('is true only while the local period is running', () => {
    // 23:30 UTC on 22 March is already 23 March (00:30) in Berlin.
    const now = new Date('2026-03-22T23:30:00Z');
    expect(isLastUpdatePeriod(day('2026-03-23'), 'Europe/Berlin', now)).toBe(true);
    expect(isLastUpdatePeriod(day('2026-03-22'), 'Europe/Berlin', now)).toBe(false);
    expect(isLastUpdatePeriod(day('2026-03-22'), 'America/New_York', now)).toBe(true);
    expect(isLastUpdatePeriod(day('2026-03-23', '2026-03-29'), 'Europe/Berlin', now)).toBe(true);
    expect(isLastUpdatePeriod(day('2026-03-16', '2026-03-22'), 'Europe/Berlin', now)).toBe(false);
  });

  it('ends a custom range after its last hour, on a 23-hour DST day too', () => {
    const custom: ReportPeriod = {
      timeframe: 'custom',
      startDay: '2026-03-27',
      endDay: '2026-03-29',
      startHour: 6,
      endHour: 20,
    };
    // 29 March 2026 in Berlin switches to CEST (UTC+2): 20:00–20:59 local is 18:00–18:59 UTC.
    expect(isLastUpdatePeriod(custom, 'Europe/Berlin', new Date('2026-03-29T18:59:00Z'))).toBe(true);
    expect(isLastUpdatePeriod(custom, 'Europe/Berlin', new Date('2026-03-29T19:00:00Z'))).toBe(false);
    // 06:00 local on 27 March (CET, UTC+1) is 05:00 UTC.
    expect(isLastUpdatePeriod(custom, 'Europe/Berlin', new Date('2026-03-27T04:59:00Z'))).toBe(false);
    expect(isLastUpdatePeriod(custom, 'Europe/Berlin', new Date('2026-03-27T05:00:00Z'))).toBe(true);
  });
});
