import { describe, expect, it } from 'vitest';
import { dayBounds } from './periods.ts';
import { reportedSeconds, sumMeasures, totalInkMicrolitres, unaccountedSeconds } from './inputs.ts';
import {
  AVAILABILITY_NOT_REPORTED,
  availability,
  errorDuration,
  errorShare,
  maintenanceDuration,
  maintenanceShare,
} from './availability.ts';
import { preparationShare, productiveUtilization, utilization } from './utilization.ts';
import {
  averageHandlingSeconds,
  darkImpressionsShare,
  lengthIn,
  production,
  productionRate,
  productivity,
} from './production.ts';
import { change, thresholdColour, trend, trendColour } from './trend.ts';
import {
  DST_END_DAY,
  DST_START_DAY,
  DTF_DAY,
  DTG_A,
  DTG_B,
  DTG_C,
  HAND_FLEET,
  SITE_TIME_ZONE,
} from './fixtures/hand-fleet.ts';

const H = 3600;
const day = (system: (typeof HAND_FLEET)[number], date: string) => {
  const measures = system.days[date];
  if (!measures) throw new Error(`no ${date} for ${system.serial}`);
  return measures;
};
const fleetDay = (date: string) => sumMeasures(HAND_FLEET.map((system) => day(system, date)));

describe('hour totals on DST days', () => {
  it('adds each system up to the 23 hours of 2026-03-29', () => {
    expect(dayBounds(DST_START_DAY, SITE_TIME_ZONE).seconds).toBe(82_800);
    for (const system of HAND_FLEET) {
      const measures = day(system, DST_START_DAY);
      expect(measures.periodSeconds).toBe(82_800);
      expect(unaccountedSeconds(measures)).toBe(0);
    }
  });

  it('adds each system up to the 25 hours of 2026-10-25', () => {
    expect(dayBounds(DST_END_DAY, SITE_TIME_ZONE).seconds).toBe(90_000);
    for (const system of HAND_FLEET) {
      expect(day(system, DST_END_DAY).periodSeconds).toBe(90_000);
      expect(unaccountedSeconds(day(system, DST_END_DAY))).toBe(0);
    }
  });

  it('adds the fleet up to 3 × 23 hours and the two days to 3 × 48 hours', () => {
    const fleet = fleetDay(DST_START_DAY);
    expect(fleet.periodSeconds).toBe(69 * H);
    expect(reportedSeconds(fleet)).toBe(37 * H);
    expect(fleet.notReportingSeconds).toBe(32 * H);
    expect(unaccountedSeconds(fleet)).toBe(0);
    const both = sumMeasures([fleet, fleetDay(DST_END_DAY)]);
    expect(both.periodSeconds).toBe(144 * H);
    expect(unaccountedSeconds(both)).toBe(0);
  });

  it('sums ink per colour', () => {
    const fleet = fleetDay(DST_START_DAY);
    expect(fleet.inkMicrolitres).toEqual({
      cyan: 1_500_000,
      magenta: 900_000,
      yellow: 800_000,
      black: 2_000_000,
      white: 6_000_000,
    });
    expect(totalInkMicrolitres(fleet)).toBe(11_200_000);
  });
});

describe('availability', () => {
  it('is available over reported time per system', () => {
    expect(availability(day(DTG_A, DST_START_DAY))).toBeCloseTo(0.894736842, 9); // 17 / 19
    expect(availability(day(DTG_B, DST_START_DAY))).toBeCloseTo(0.888888889, 9); // 16 / 18
    expect(availability(day(DTG_A, DST_END_DAY))).toBeCloseTo(0.952380952, 9); // 20 / 21
  });

  it('is −1 for a system that never reported', () => {
    expect(availability(day(DTG_C, DST_START_DAY))).toBe(-1);
    expect(AVAILABILITY_NOT_REPORTED).toBe(-1);
  });

  it('weights the fleet by reported time, ignoring the silent system', () => {
    expect(availability(fleetDay(DST_START_DAY))).toBeCloseTo(0.891891892, 9); // 33 / 37
  });

  it('adds days before dividing', () => {
    const twoDays = sumMeasures([day(DTG_A, DST_START_DAY), day(DTG_A, DST_END_DAY)]);
    expect(availability(twoDays)).toBe(0.925); // 37 / 40
  });
});

describe('error and maintenance', () => {
  it('gives durations in seconds and shares of reported time', () => {
    const a = day(DTG_A, DST_START_DAY);
    expect(errorDuration(a)).toBe(5400);
    expect(maintenanceDuration(a)).toBe(1800);
    expect(errorShare(a)).toBeCloseTo(0.078947368, 9); // 1.5 / 19
    expect(maintenanceShare(a)).toBeCloseTo(0.026315789, 9); // 0.5 / 19
    const fleet = fleetDay(DST_START_DAY);
    expect(errorDuration(fleet)).toBe(5400);
    expect(maintenanceDuration(fleet)).toBe(9000);
    expect(maintenanceShare(fleet)).toBeCloseTo(0.067567568, 9); // 2.5 / 37
    expect(errorShare(day(DTG_C, DST_START_DAY))).toBe(0);
  });
});

describe('utilization and preparation', () => {
  it('divides by reported time', () => {
    expect(utilization(day(DTG_A, DST_START_DAY))).toBeCloseTo(0.526315789, 9); // 10 / 19
    expect(utilization(day(DTG_B, DST_START_DAY))).toBeCloseTo(0.333333333, 9); // 6 / 18
    expect(utilization(fleetDay(DST_START_DAY))).toBeCloseTo(0.432432432, 9); // 16 / 37
    expect(preparationShare(day(DTG_B, DST_START_DAY))).toBeCloseTo(0.111111111, 9); // 2 / 18
    expect(productiveUtilization(day(DTG_A, DST_START_DAY))).toBeCloseTo(0.578947368, 9); // 11 / 19
    expect(utilization(day(DTG_C, DST_START_DAY))).toBe(0);
  });

  it('gives DTF its preparation share', () => {
    expect(utilization(DTF_DAY)).toBe(0.5); // 6 / 12
    expect(preparationShare(DTF_DAY)).toBeCloseTo(0.166666667, 9); // 2 / 12
  });
});

describe('production, production rate and productivity', () => {
  it('counts impressions for DTG', () => {
    expect(production(fleetDay(DST_START_DAY), 'DTG')).toBe(740);
    expect(productionRate(day(DTG_A, DST_START_DAY), 'DTG')).toBe(54); // 540 / 10 h
    expect(productionRate(day(DTG_B, DST_END_DAY), 'DTG')).toBe(37.5); // 300 / 8 h
    expect(productionRate(fleetDay(DST_START_DAY), 'DTG')).toBe(46.25); // 740 / 16 h
    expect(productionRate(day(DTG_C, DST_START_DAY), 'DTG')).toBe(0);
  });

  it('counts metres for DTF', () => {
    expect(production(DTF_DAY, 'DTF')).toBe(84);
    expect(productionRate(DTF_DAY, 'DTF')).toBe(14); // 84 m / 6 h
    expect(lengthIn(DTF_DAY.mediaLengthMm, 'Yard')).toBeCloseTo(91.863517, 6);
    expect(lengthIn(DTF_DAY.mediaLengthMm, 'Feet')).toBeCloseTo(275.590551, 6);
  });

  it('gives productivity per reported hour', () => {
    expect(productivity(day(DTG_A, DST_START_DAY))).toBeCloseTo(28.421052632, 9); // 540 / 19 h
    expect(productivity(fleetDay(DST_START_DAY))).toBe(20); // 740 / 37 h
  });

  it('gives dark impressions and handling time', () => {
    expect(darkImpressionsShare(day(DTG_A, DST_START_DAY))).toBe(0.25); // 135 / 540
    expect(darkImpressionsShare(fleetDay(DST_START_DAY))).toBeCloseTo(0.209459459, 9); // 155 / 740
    expect(darkImpressionsShare(day(DTG_C, DST_START_DAY))).toBe(0);
    expect(averageHandlingSeconds(day(DTG_A, DST_START_DAY))).toBe(40); // 3600 s / 90 jobs
    expect(averageHandlingSeconds(fleetDay(DST_START_DAY))).toBeCloseTo(36.428571429, 9); // 5100 / 140
    expect(averageHandlingSeconds(day(DTG_C, DST_START_DAY))).toBe(0);
  });
});

describe('change, trend and colours', () => {
  it('gives the fractional change against the previous period', () => {
    expect(change(960, 740)).toBeCloseTo(0.297297297, 9); // fleet production 2026-10-25 vs 2026-03-29
    expect(change(80, 100)).toBe(-0.2);
    expect(change(100, 100)).toBe(0);
    expect(change(5, 0)).toBeNull();
  });

  it('calls a change below 0 negative (red) and anything else positive (green)', () => {
    expect(trend(-0.01)).toBe('negative');
    expect(trend(0)).toBe('positive');
    expect(trendColour(-0.2)).toBe('#FF4081');
    expect(trendColour(0.3)).toBe('#1BB934');
  });

  it('colours 0–50 % red, over 50–75 % yellow and above 75 % green', () => {
    expect(thresholdColour(0)).toBe('red');
    expect(thresholdColour(0.5)).toBe('red');
    expect(thresholdColour(0.5001)).toBe('yellow');
    expect(thresholdColour(0.75)).toBe('yellow');
    expect(thresholdColour(0.7501)).toBe('green');
    expect(thresholdColour(1)).toBe('green');
    expect(thresholdColour(-1)).toBeNull();
  });
});
