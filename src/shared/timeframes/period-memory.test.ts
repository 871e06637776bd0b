import { describe, expect, it } from 'vitest';
import { SYSTEM_GROUPS } from '../system-group.ts';
import {
  isJobsOnlyPeriod,
  rememberPeriod,
  rememberedPeriodFor,
  type PeriodMemory,
  type RememberedPeriod,
} from './period-memory.ts';
import { REPORT_IDS } from './timeframes.ts';

const overviewWeek: RememberedPeriod = { timeframe: 'week', day: '2024-02-26' };
const jobsMonth: RememberedPeriod = { timeframe: 'month', day: '2024-03-01' };
// Jobs Analysis forces the custom hours to 0 and 23 (spec reports §4); Overview reads them as chosen.
const jobsCustom: RememberedPeriod = {
  timeframe: 'custom',
  day: '2024-03-05',
  customFrom: '2024-03-01T00:00',
  customTo: '2024-03-04T23:00',
};
const overviewCustom: RememberedPeriod = {
  timeframe: 'custom',
  day: '2024-03-05',
  customFrom: '2024-03-01T05:00',
  customTo: '2024-03-04T17:00',
};

const applied = (...steps: [Parameters<typeof rememberPeriod>[1], RememberedPeriod][]): PeriodMemory =>
  steps.reduce<PeriodMemory>((memory, [report, period]) => rememberPeriod(memory, report, 'DTG', period), {});

const OTHER_REPORTS = REPORT_IDS.filter((report) => report !== 'jobs');

describe('isJobsOnlyPeriod (isTimeFrameWasChangedFromJobAnalysisPage)', () => {
  it('holds for month, quarter and year (spec reports §9: only Jobs allows them) and for a custom range, in every group', () => {
    for (const group of SYSTEM_GROUPS) {
      for (const timeframe of ['month', 'quarter', 'year', 'custom'] as const) {
        expect(isJobsOnlyPeriod({ timeframe, day: '2024-03-01' }, group)).toBe(true);
      }
      for (const timeframe of ['day', 'week'] as const) {
        expect(isJobsOnlyPeriod({ timeframe, day: '2024-03-01' }, group)).toBe(false);
      }
    }
  });
});

describe('remembered periods between reports', () => {
  it('opens every report on its default while the user has applied nothing', () => {
    for (const report of REPORT_IDS) expect(rememberedPeriodFor({}, report, 'DTG')).toBeUndefined();
  });

  it('keeps a month chosen on Jobs for Jobs: the other reports get their own week back', () => {
    const memory = applied(['overview', overviewWeek], ['jobs', jobsMonth]);
    expect(rememberedPeriodFor(memory, 'jobs', 'DTG')).toEqual(jobsMonth);
    for (const report of OTHER_REPORTS) expect(rememberedPeriodFor(memory, report, 'DTG')).toEqual(overviewWeek);
  });

  it('keeps a quarter, a year or a custom range of whole days chosen on Jobs for Jobs alike', () => {
    for (const period of [
      { timeframe: 'quarter', day: '2024-01-01' },
      { timeframe: 'year', day: '2024-01-01' },
      jobsCustom,
    ] satisfies RememberedPeriod[]) {
      const memory = applied(['overview', overviewCustom], ['jobs', period]);
      expect(rememberedPeriodFor(memory, 'jobs', 'DTG')).toEqual(period);
      expect(rememberedPeriodFor(memory, 'overview', 'DTG')).toEqual(overviewCustom);
    }
  });

  it('gives the other reports nothing (their default) when only a Jobs-only period was ever applied', () => {
    const memory = applied(['jobs', jobsMonth]);
    expect(rememberedPeriodFor(memory, 'overview', 'DTG')).toBeUndefined();
    expect(rememberedPeriodFor(memory, 'jobs', 'DTG')).toEqual(jobsMonth);
  });

  it('carries a day or a week chosen on Jobs to every report, and ends the Jobs-only period', () => {
    const jobsWeek: RememberedPeriod = { timeframe: 'week', day: '2024-03-04' };
    const memory = applied(['overview', overviewWeek], ['jobs', jobsMonth], ['jobs', jobsWeek]);
    for (const report of REPORT_IDS) expect(rememberedPeriodFor(memory, report, 'DTG')).toEqual(jobsWeek);
  });

  it('opens Jobs on a period applied on another report after its month: the newer choice wins', () => {
    const memory = applied(['jobs', jobsMonth], ['systems', overviewWeek]);
    expect(rememberedPeriodFor(memory, 'jobs', 'DTG')).toEqual(overviewWeek);
  });

  it('keeps each group apart (spec reports §3: the filter state is per group)', () => {
    const memory = rememberPeriod(applied(['overview', overviewWeek]), 'jobs', 'DTF', jobsMonth);
    expect(rememberedPeriodFor(memory, 'jobs', 'DTG')).toEqual(overviewWeek);
    expect(rememberedPeriodFor(memory, 'jobs', 'DTF')).toEqual(jobsMonth);
    expect(rememberedPeriodFor(memory, 'overview', 'DTF')).toBeUndefined();
  });
});
