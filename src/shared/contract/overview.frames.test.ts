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
