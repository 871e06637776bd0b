import { describe, expect, it } from 'vitest';
import { addDays } from '../../src/shared/time/local-time.ts';
import { exportSelect, inlineParameters, sqlLiteral } from './copy-out.ts';
import { jobsEndpoints, jobsPeriods } from './endpoint-latency.ts';
import { longestRangeWithinLimit } from './jobs-xlsx.ts';

describe('the Jobs Analysis endpoint suite', () => {
  it('asks every JSON call and both download checks for the week, quarter and year', () => {
    expect(jobsPeriods('2026-11-26').map((period) => period.query)).toEqual([
      'week=2026-11-26',
      'quarter=2026-11-26',
      'year=2026-11-26',
    ]);
    const cases = jobsEndpoints('DTG', 'year=2026-11-26');
    expect(cases.map((endpoint) => new URL(endpoint.url, 'http://bench').pathname.split('/').at(-1))).toEqual([
      'total-data-cards',
      'data-per-unit-cards',
      'graphs',
      'total-impressions',
      'print-time-KPIs',
      'cycle-time-KPIs',
      'ink-consumption-KPIs',
      'total-bottles-loaded-KPIs',
      'job-summary',
      'check-ink-consumption-per-job-file',
      'check-errors-and-maintenance-file',
    ]);
    expect(cases.every((endpoint) => endpoint.url.endsWith('?year=2026-11-26&systemGroupType=DTG'))).toBe(true);
    // A check may find nothing (204) or too much (205, e.g. a year of a large fleet): both are answers, not failures.
    expect(cases.at(-1)?.okStatuses).toEqual([200, 204, 205]);
    expect(cases[0]?.okStatuses).toBeUndefined();
  });
});

describe('the period of about N jobs', () => {
  // 100 jobs a day: the longest range within 1,000 jobs is 10 days.
  const perDay = (from: string, to: string) => (Date.parse(to) - Date.parse(from)) / 86_400_000 + 1;
  const checkAt = (limit: number) => async (from: string, to: string) => {
    const rows = perDay(from, to) * 100;
    return rows > limit ? { status: 205, rows: 0 } : { status: 200, rows };
  };

  it('is the longest range ending on the last day whose count stays within the limit', async () => {
    const found = await longestRangeWithinLimit('2026-11-26', 365, checkAt(1_000));
    expect(found).toEqual({ from: addDays('2026-11-26', -9), to: '2026-11-26', days: 10, rows: 1_000 });
  });

  it('stops at the longest range allowed, and is null when one day is already too much', async () => {
    expect((await longestRangeWithinLimit('2026-11-26', 365, checkAt(1_000_000)))?.days).toBe(365);
    expect(await longestRangeWithinLimit('2026-11-26', 365, checkAt(50))).toBeNull();
  });
});

describe('COPY of a captured statement', () => {
  it('writes each parameter as a literal of its kind', () => {
    expect(sqlLiteral(null)).toBe('NULL');
    expect(sqlLiteral(2000)).toBe('2000');
    expect(sqlLiteral("O'Brien")).toBe("'O''Brien'");
    expect(sqlLiteral(new Date('2026-03-29T01:00:00Z'))).toBe("'2026-03-29T01:00:00.000Z'");
    expect(sqlLiteral(['sys-1', 'Europe/Berlin'])).toBe(`'{"sys-1","Europe/Berlin"}'`);
    // An element's quote is escaped for the array, and that backslash for the string (E'' form).
    expect(sqlLiteral(['a"b'])).toBe(` E'{"a\\\\"b"}'`);
  });

  it('replaces $10 as a whole, not as $1 followed by 0', () => {
    const parameters = Array.from({ length: 10 }, (_, index) => index + 1);
    expect(inlineParameters({ sql: 'SELECT $1, $10', parameters })).toBe('SELECT 1, 10');
  });

  it('takes the SELECT the export declared its cursor for, with its parameters written in', () => {
    const statements = [
      { sql: 'begin', parameters: [] },
      { sql: 'SELECT count(*) FROM jobs j WHERE j.tenant_id = $1', parameters: ['t'] },
      {
        sql: 'DECLARE "export_rows" NO SCROLL CURSOR FOR WITH sel AS (SELECT 1) SELECT j.id FROM jobs j WHERE j.tenant_id = $1 ORDER BY j.ended_at',
        parameters: ['t'],
      },
      { sql: 'FETCH FORWARD 2000 FROM "export_rows"', parameters: [] },
    ];
    expect(exportSelect(statements)).toBe(
      "WITH sel AS (SELECT 1) SELECT j.id FROM jobs j WHERE j.tenant_id = 't' ORDER BY j.ended_at",
    );
    expect(() => exportSelect(statements.slice(0, 2))).toThrow(/No captured statement/);
  });
});
