import { describe, expect, it } from 'vitest';
import type { AnswerOf } from '../../src/shared/api-types.ts';
import { YARDS_PER_METRE, inLengthUnits } from '../../src/shared/units/length-units.ts';
import { selectKpiCard } from './model.ts';
import type { KpiCardOptions } from './options.ts';

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

const options = (field: KpiCardOptions['field']): KpiCardOptions => ({ field, labels: { DTF: field } });

describe('kpi-card on the Jobs Analysis answers', () => {
  it("reads each total card's value and units, with the answer's change description", () => {
    expect(selectKpiCard(TOTALS, options('totalProductionResponse'))).toEqual({
      value: 640,
      units: 'm',
      stats: -0.2,
      statsDescription: 'From last month',
    });
    expect(selectKpiCard(TOTALS, options('totalPrintingTimeResponse'))).toMatchObject({ value: 7_200, units: 's' });
    expect(selectKpiCard(TOTALS, options('bottlesLoadedResponse'))).toMatchObject({ value: 3, stats: null });
  });

  it('reads the per-unit cards, and is empty for a field the answer does not hold', () => {
    expect(selectKpiCard(PER_UNIT, options('inkConsumptionPerUnitResponse'))).toMatchObject({
      value: 6.5,
      units: 'ml/m',
    });
    expect(selectKpiCard(PER_UNIT, options('totalProductionResponse'))).toBeNull();
    expect(selectKpiCard(TOTALS, options('productionRate'))).toBeNull();
  });

  it('shows per-metre values per yard for users of yards', () => {
    const perYard = inLengthUnits({ value: 6.5, units: 'ml/m' }, 'Yard');
    expect(perYard.units).toBe('ml/yd');
    expect(perYard.value).toBeCloseTo(6.5 / YARDS_PER_METRE, 10);
    expect(inLengthUnits({ value: 7.6, units: 's/imp' }, 'Yard')).toEqual({ value: 7.6, units: 's/imp' });
  });
});
