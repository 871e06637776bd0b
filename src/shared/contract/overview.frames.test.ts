import { describe, expect, it } from 'vitest';
import { framesOffered, readFrame } from './answer-frames.ts';
import type { OverviewKpiCard, OverviewKpiCardWithoutValue } from './report.contract.ts';

const line = (description: string, value: number, stats: number) =>
  ({ description, value, previous: value, units: '%', stats, trend: 'positive' }) as const;

const card = (value: number, upper: OverviewKpiCard['upper'] = null): OverviewKpiCard => ({
  label: 'Card',
  value,
  units: 'imp/h',
  previous: 80,
  stats: 0.05,
  trend: 'positive',
  statsDescription: 'From previous same day, both to 11:29',
  upper,
  lower: null,
});

const header = {
  systemGroup: 'DTF',
  period: { timeframe: 'day', startDay: '2026-11-28', endDay: '2026-11-28', startHour: 0, endHour: 23 },
  previousPeriod: { timeframe: 'day', startDay: '2026-11-21', endDay: '2026-11-21', startHour: 0, endHour: 23 },
  comparedUntil: { localTime: '2026-11-28T11:29' },
} as const;

/** overview-cards of DTF on the day holding the last update: no productivity card. */
const CARDS = {
  ...header,
  day: '2026-11-28',
  isLastUpdatePeriod: true,
  totalProduction: card(1_200),
  productionRate: card(84, line('Avg. Utilization', 0.63, 0.01)),
  productivity: null,
  availability: card(0.9),
};

const OEE_WITHOUT_PLANNED_TIME: OverviewKpiCardWithoutValue = {
  ...card(0),
  value: null,
  stats: null,
  trend: null,
  upper: { description: 'Shift Availability', value: null, previous: 0.9, units: '%', stats: null, trend: null },
};

describe('Overview and System page KPI frames', () => {
  it('offers each card of overview-cards as a KPI frame beside the period frame', () => {
    expect(framesOffered('OverviewCards')).toEqual({
      period: 'period',
      totalProduction: 'kpi',
      productionRate: 'kpi',
      productivity: 'kpi',
      availability: 'kpi',
    });
    expect(framesOffered('OverviewOee')).toEqual({ period: 'period', oee: 'kpi' });
    expect(framesOffered('SystemImpressionsCards')).toEqual({ totalProduction: 'kpi', productionRate: 'kpi' });
    expect(framesOffered('SystemAvailabilityTimeline')).toEqual({ availability: 'kpi' });
  });

  it("reads a card's value, previous value, change and upper line, live while the period holds the last update", () => {
    expect(readFrame('OverviewCards', 'productionRate', CARDS)).toEqual({
      type: 'kpi',
      value: 84,
      units: 'imp/h',
      previous: 80,
      stats: 0.05,
      statsDescription: 'From previous same day, both to 11:29',
      upper: { description: 'Avg. Utilization', value: 0.63, units: '%', stats: 0.01 },
      live: true,
    });
    expect(readFrame('OverviewCards', 'totalProduction', { ...CARDS, isLastUpdatePeriod: false })).not.toHaveProperty(
      'live',
    );
  });

  it("reads a card the answer does not hold (DTF's productivity) and OEE without planned time as frames without value", () => {
    expect(readFrame('OverviewCards', 'productivity', CARDS)).toMatchObject({ value: null, stats: null });
    const oee = readFrame('OverviewOee', 'oee', { ...header, oee: OEE_WITHOUT_PLANNED_TIME });
    expect(oee).toMatchObject({ value: null, upper: { description: 'Shift Availability', value: null, stats: null } });
  });
});

const point = (
  hour: number,
  value: number,
  previous: number,
  flags: { future?: boolean; notReported?: boolean } = {},
) => ({
  date: `2026-11-28T${String(hour).padStart(2, '0')}:00`,
  granularity: 'hour' as const,
  value,
  previous,
  isFuturePeriod: flags.future ?? false,
  isNotReported: flags.notReported ?? false,
});

/** overview-graphs of a day in progress: 10:00 reported, 11:00 without any report, 12:00 not started yet. */
const GRAPHS = {
  ...header,
  granularity: 'hour',
  units: {
    productionChart: 'm',
    speedChart: 'm/h',
    utilizationChart: '%',
    availabilityChart: '%',
    productionByHourGraph: 'm',
  },
  productionChart: [point(10, 120, 100), point(11, 0, 90, { notReported: true }), point(12, 0, 80, { future: true })],
  speedChart: [point(10, 60, 50), point(11, 0, 45, { notReported: true }), point(12, 0, 40, { future: true })],
  utilizationChart: [
    point(10, 0.5, 0.4),
    point(11, 0, 0.3, { notReported: true }),
    point(12, 0, 0.2, { future: true }),
  ],
  availabilityChart: [
    point(10, 0.9, -1),
    point(11, -1, 0.8, { notReported: true }),
    point(12, -1, -1, { future: true }),
  ],
  productionByHourGraph: [],
} as const;

const HOURS = ['10', '11', '12'].map((hour) => ({
  date: `2026-11-28T${hour}:00`,
  granularity: 'hour',
  partialDays: null,
}));

describe('Overview chart series frames', () => {
  it('offers the production, speed-and-utilization and availability charts as series frames beside the period', () => {
    expect(framesOffered('OverviewGraphs')).toEqual({
      period: 'period',
      production: 'series',
      speedAndUtilization: 'series',
      availability: 'series',
    });
    expect(framesOffered('ImpressionsAvailabilityGraphs')).toEqual({
      period: 'period',
      production: 'series',
      availability: 'series',
    });
  });

  it('reads a chart: no value in a bucket not reported or not started, no previous value in one not started', () => {
    expect(readFrame('OverviewGraphs', 'production', GRAPHS)).toEqual({
      type: 'series',
      units: 'm',
      buckets: HOURS,
      series: [{ name: 'production', units: 'm', values: [120, null, null], previous: [100, 90, null] }],
      period: { period: header.period, comparedUntil: header.comparedUntil },
    });
  });

  it('reads speed and utilization as two series in their own units over the same buckets', () => {
    const frame = readFrame('OverviewGraphs', 'speedAndUtilization', GRAPHS);
    expect(frame).toMatchObject({ type: 'series', units: 'm/h', buckets: HOURS });
    expect(frame.type === 'series' && frame.series).toEqual([
      { name: 'speed', units: 'm/h', values: [60, null, null], previous: [50, 45, null] },
      { name: 'utilization', units: '%', values: [0.5, null, null], previous: [0.4, 0.3, null] },
    ]);
  });

  it('does not draw availability −1 (not reported), in the selected nor the previous period', () => {
    const frame = readFrame('OverviewGraphs', 'availability', GRAPHS);
    expect(frame.type === 'series' && frame.series).toEqual([
      { name: 'availability', units: '%', values: [0.9, null, null], previous: [null, 0.8, null] },
    ]);
    const { productionChart, availabilityChart, units } = GRAPHS;
    const impressions = {
      ...header,
      granularity: 'hour',
      units: { productionChart: units.productionChart, availabilityChart: units.availabilityChart },
      productionChart,
      availabilityChart,
    };
    expect(readFrame('ImpressionsAvailabilityGraphs', 'availability', impressions)).toEqual(frame);
  });
});
