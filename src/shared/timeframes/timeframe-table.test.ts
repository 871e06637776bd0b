import { describe, expect, it } from 'vitest';
import overviewLayout from '../../../layouts/overview.json' with { type: 'json' };
import { LAYOUT_CATALOG } from '../../../schemas/layout-catalog.ts';
import layoutSchema from '../../../schemas/report-layout.schema.json' with { type: 'json' };
import type { ReportLayout } from '../layout/layout-types.ts';
import { validateLayout } from '../layout/validate-layout.ts';
import { SYSTEM_GROUPS } from '../system-group.ts';
import { TIMEFRAME_TABLE, isTimeframeAllowed, resolveTimeframe, rulesForReport } from './timeframe-table.ts';
import { REPORT_IDS, TIMEFRAMES } from './timeframes.ts';

// Spec reports §9 "Timeframes by group and report", written out row by row for every (group, report) pair.
const EXPECTED: [string, string, string, string[]][] = [
  ['DTG', 'overview', 'day', ['day', 'week', 'custom']],
  ['DTG', 'systems', 'day', ['day', 'week', 'custom']],
  ['DTG', 'tv-dashboard', 'day', ['day', 'week', 'custom']],
  ['DTG', 'jobs', 'week', ['day', 'week', 'month', 'quarter', 'year', 'custom']],
  ['DTG', 'systemPage', 'day', ['day', 'week']],
  ['DTG', 'machineConfig', 'day', ['day', 'week']],
  ['DTG', 'serviceTicket', 'day', ['day', 'week']],
  ['Apollo', 'overview', 'day', ['day', 'week', 'custom']],
  ['Apollo', 'systems', 'day', ['day', 'week', 'custom']],
  ['Apollo', 'tv-dashboard', 'day', ['day', 'week', 'custom']],
  ['Apollo', 'jobs', 'week', ['day', 'week', 'month', 'quarter', 'year', 'custom']],
  ['Apollo', 'systemPage', 'day', ['day', 'week']],
  ['Apollo', 'machineConfig', 'day', ['day', 'week']],
  ['Apollo', 'serviceTicket', 'day', ['day', 'week']],
  ['DTF', 'overview', 'day', ['day', 'week']],
  ['DTF', 'systems', 'day', ['day', 'week']],
  ['DTF', 'tv-dashboard', 'day', ['day', 'week', 'custom']],
  ['DTF', 'jobs', 'week', ['week', 'month', 'quarter', 'year']],
  ['DTF', 'systemPage', 'day', ['day', 'week']],
  ['DTF', 'machineConfig', 'day', ['day', 'week']],
  ['DTF', 'serviceTicket', 'day', ['day', 'week']],
];

describe('timeframe table (spec reports §9)', () => {
  it('covers every (group, report) pair exactly once', () => {
    const pairs = EXPECTED.map(([group, report]) => `${group}/${report}`).sort();
    const all = SYSTEM_GROUPS.flatMap((group) => REPORT_IDS.map((report) => `${group}/${report}`)).sort();
    expect(pairs).toEqual(all);
  });

  it.each(EXPECTED)('%s %s: default %s, allowed %j', (group, report, fallback, allowed) => {
    const rules = TIMEFRAME_TABLE[report as keyof typeof TIMEFRAME_TABLE];
    expect(rules.timeframes[group as keyof typeof rules.timeframes]).toEqual({ default: fallback, allowed });
  });

  it('keeps every default among its allowed timeframes', () => {
    for (const report of REPORT_IDS) {
      for (const group of SYSTEM_GROUPS) {
        const { default: fallback, allowed } = TIMEFRAME_TABLE[report].timeframes[group];
        expect(allowed, `${group}/${report}`).toContain(fallback);
      }
    }
  });

  it("equals layouts/overview.json's rules for the overview rows", () => {
    const result = validateLayout(overviewLayout, 'layouts/overview.json', LAYOUT_CATALOG);
    expect(result.errors).toEqual([]);
    expect(result.layout?.rules).toEqual(TIMEFRAME_TABLE.overview);
  });

  it('lists the same timeframes as the layout schema', () => {
    expect(layoutSchema.$defs.timeframe.enum).toEqual([...TIMEFRAMES]);
  });

  it('flags the filter-bar specifics of §2', () => {
    expect(TIMEFRAME_TABLE.serviceTicket.filterBar?.hidden).toBe(true);
    expect(TIMEFRAME_TABLE.systemPage.filterBar?.groupToggle).toBe(false);
    expect(TIMEFRAME_TABLE.machineConfig.filterBar?.groupToggle).toBe(false);
    expect(TIMEFRAME_TABLE['tv-dashboard'].filterBar?.singlePrinter).toBe(true);
    expect(TIMEFRAME_TABLE.overview.filterBar?.singlePrinter).toBeUndefined();
  });
});

describe('resolveTimeframe', () => {
  it('keeps an allowed timeframe', () => {
    expect(resolveTimeframe('week', TIMEFRAME_TABLE.overview, 'DTG')).toBe('week');
    expect(isTimeframeAllowed('week', TIMEFRAME_TABLE.overview, 'DTG')).toBe(true);
  });

  it("switches a disallowed timeframe to the report's default", () => {
    expect(resolveTimeframe('custom', TIMEFRAME_TABLE.overview, 'DTF')).toBe('day');
    expect(resolveTimeframe('day', TIMEFRAME_TABLE.jobs, 'DTF')).toBe('week');
    expect(resolveTimeframe('month', TIMEFRAME_TABLE.systemPage, 'Apollo')).toBe('day');
    expect(resolveTimeframe('fortnight', TIMEFRAME_TABLE.jobs, 'DTG')).toBe('week');
    expect(isTimeframeAllowed('custom', TIMEFRAME_TABLE.overview, 'DTF')).toBe(false);
  });

  it("prefers a layout's own rules over the table", () => {
    const layoutRules: ReportLayout['rules'] = {
      timeframes: {
        DTG: { default: 'month', allowed: ['month'] },
        DTF: { default: 'month', allowed: ['month'] },
        Apollo: { default: 'month', allowed: ['month'] },
      },
    };
    expect(rulesForReport('overview', layoutRules)).toBe(layoutRules);
    expect(rulesForReport('jobs')).toBe(TIMEFRAME_TABLE.jobs);
  });
});
