import { describe, expect, it } from 'vitest';
import { words } from '../../i18n/frame-words.fixtures.ts';
import { framesOffered, readFrame } from './answer-frames.ts';
import type { AnswerOf } from './answer-schemas.ts';

type InkName = AnswerOf<'JobGraphs'>['inkConsumptionTrendResponse'][number]['colors'][number]['colorName'];

const periods = {
  systemGroup: 'DTF',
  period: { timeframe: 'month', startDay: '2024-03-01', endDay: '2024-03-31', startHour: 0, endHour: 23 },
  previousPeriod: { timeframe: 'month', startDay: '2024-02-01', endDay: '2024-02-29', startHour: 0, endHour: 23 },
  comparedUntil: null,
  statsDescription: 'From last month',
} as const;

const TOTALS: AnswerOf<'JobTotalDataCards'> = {
  ...periods,
  totalPrintingTimeResponse: { totalPrintingTimeSeconds: 7_200, previous: 3_600, stats: 1 },
  totalProductionResponse: { totalProduction: 640, units: 'm', previous: 800, stats: -0.2 },
  bottlesLoadedResponse: { bottlesLoaded: 3, previous: 0, stats: null },
};

const PER_UNIT: AnswerOf<'JobDataPerUnitCards'> = {
  ...periods,
  printTimePerUnitResponse: { value: 11.25, units: 's/m', previous: 10, stats: 0.125 },
  inkConsumptionPerUnitResponse: { value: 6.5, units: 'ml/m', previous: 6.5, stats: 0 },
  mediaWidthResponse: { widestMediaWidthMm: 600 },
};

const record = (date: string, value: number, days: number | null = null) =>
  ({ date, granularity: 'week', days, value }) as const;

/** cycle-time-KPIs of an Apollo month by weeks: the first week cut to 3 days of the month. */
const CYCLE_TIME: AnswerOf<'JobCycleTimeKpis'> = {
  ...periods,
  systemGroup: 'Apollo',
  granularity: 'week',
  cycleTimePerImpressionResponse: {
    value: 2.2,
    previous: 2,
    stats: 0.1,
    units: 's/imp',
    records: [record('2024-02-26', 2.5, 3), record('2024-03-04', 2)],
  },
  averageProcessTimeResponse: { averageProcessTimeSeconds: 95, previous: 100, stats: -0.05 },
};

describe('Jobs Analysis frames', () => {
  it("offers the total cards as KPI frames, each with its value, units, previous value and the answer's change description", () => {
    expect(framesOffered('JobTotalDataCards')).toEqual({
      totalProduction: 'kpi',
      totalPrintingTime: 'kpi',
      bottlesLoaded: 'kpi',
    });
    expect(readFrame('JobTotalDataCards', 'totalProduction', TOTALS)).toEqual({
      type: 'kpi',
      value: 640,
      units: 'm',
      previous: 800,
      stats: -0.2,
      statsDescription: 'From last month',
    });
    expect(readFrame('JobTotalDataCards', 'totalPrintingTime', TOTALS)).toMatchObject({ value: 7_200, units: 's' });
    expect(readFrame('JobTotalDataCards', 'bottlesLoaded', TOTALS)).toMatchObject({
      value: 3,
      units: 'bottles',
      previous: 0,
      stats: null,
    });
  });

  it('offers the per-unit cards as KPI frames, and no frame the answer does not hold', () => {
    expect(readFrame('JobDataPerUnitCards', 'inkPerUnit', PER_UNIT)).toMatchObject({ value: 6.5, units: 'ml/m' });
    expect(readFrame('JobDataPerUnitCards', 'printTimePerUnit', PER_UNIT)).toMatchObject({
      value: 11.25,
      units: 's/m',
      stats: 0.125,
    });
    expect(() => readFrame('JobDataPerUnitCards', 'totalProduction', PER_UNIT)).toThrow(
      "the answer 'JobDataPerUnitCards' offers no frame 'totalProduction'",
    );
  });

  it("offers a KPI call's trend as a series: the buckets, its one series, the total and the figure beside it", () => {
    expect(framesOffered('JobCycleTimeKpis')).toEqual({ cycleTimePerImpression: 'series', averageProcessTime: 'kpi' });
    expect(readFrame('JobCycleTimeKpis', 'cycleTimePerImpression', CYCLE_TIME)).toEqual({
      type: 'series',
      units: 's/imp',
      buckets: [
        { date: '2024-02-26', granularity: 'week', partialDays: 3 },
        { date: '2024-03-04', granularity: 'week', partialDays: null },
      ],
      series: [{ name: 'value', values: [2.5, 2] }],
      total: {
        type: 'kpi',
        value: 2.2,
        units: 's/imp',
        previous: 2,
        stats: 0.1,
        statsDescription: 'From last month',
      },
      figure: {
        type: 'kpi',
        kind: 'averageProcessTime',
        value: 95,
        units: 's',
        previous: 100,
        stats: -0.05,
        statsDescription: 'From last month',
      },
    });
  });

  it('names the series of every KPI call and the per-unit figures beside them', () => {
    expect(framesOffered('JobTotalImpressions')).toEqual({ totalImpressions: 'series' });
    expect(framesOffered('JobPrintTimeKpis')).toEqual({ totalPrintingTime: 'series', printTimePerUnit: 'kpi' });
    expect(framesOffered('JobInkConsumptionKpis')).toEqual({ totalInkConsumption: 'series', inkPerUnit: 'kpi' });
    expect(framesOffered('JobBottlesLoadedKpis')).toEqual({ bottlesLoaded: 'series' });
  });

  it('offers the ink consumption trend as a series per colour the period has, in the charts’ order, without a total', () => {
    expect(framesOffered('JobGraphs')).toEqual({ inkConsumption: 'series' });
    const bucket = (date: string, days: number | null, colors: [InkName, number][]) => ({
      date,
      granularity: 'week' as const,
      days,
      colors: colors.map(([colorName, colorValue]) => ({ colorName, colorValue })),
    });
    // Softener before black in the answer, and black missing from the second week: drawn in the charts' order, 0 there.
    const frame = readFrame('JobGraphs', 'inkConsumption', {
      ...periods,
      granularity: 'week',
      inkConsumptionTrendResponse: [
        bucket('2024-02-26', 3, [
          ['Total', 90],
          ['Softener', 30],
          ['black', 60],
        ]),
        bucket('2024-03-04', null, [
          ['Total', 40],
          ['Softener', 40],
        ]),
      ],
      colorConsumptionResponse: [],
      colorComparisonResponse: [],
    });
    expect(frame).toEqual({
      type: 'series',
      units: 'ml',
      buckets: [
        { date: '2024-02-26', granularity: 'week', partialDays: 3 },
        { date: '2024-03-04', granularity: 'week', partialDays: null },
      ],
      series: [
        { name: 'Total', label: { key: 'frames.inkColours.Total' }, values: [90, 40] },
        { name: 'black', label: { key: 'frames.inkColours.black' }, values: [60, 0] },
        { name: 'Softener', label: { key: 'frames.inkColours.Softener' }, values: [30, 40] },
      ],
    });
    // The picker and the tooltips name the colours as the system page's ink table does (the answer's 'black': Black).
    expect(frame.type === 'series' && frame.series.map((series) => words(series.label))).toEqual([
      'Total',
      'Black',
      'Softener',
    ]);
  });
});
