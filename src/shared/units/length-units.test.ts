import { describe, expect, it } from 'vitest';
import { YARDS_PER_METRE, inLengthUnits } from './length-units.ts';

describe('inLengthUnits', () => {
  it('shows metres and metres per hour in yards for a Yard user', () => {
    expect(inLengthUnits({ value: 100, units: 'm' }, 'Yard')).toEqual({ value: 109.36133, units: 'yd' });
    expect(inLengthUnits({ value: 0.9144, units: 'm' }, 'Yard').value).toBeCloseTo(1, 6);
    expect(inLengthUnits({ value: 42, units: 'm/h' }, 'Yard')).toEqual({ value: 42 * YARDS_PER_METRE, units: 'yd/h' });
  });

  it('keeps metres for a Meter user', () => {
    expect(inLengthUnits({ value: 100, units: 'm' }, 'Meter')).toEqual({ value: 100, units: 'm' });
    expect(inLengthUnits({ value: 42, units: 'm/h' }, 'Meter')).toEqual({ value: 42, units: 'm/h' });
  });

  it.each(['imp', 'imp/h', '%', 's', ''])('leaves %j untouched', (units) => {
    expect(inLengthUnits({ value: 0.75, units }, 'Yard')).toEqual({ value: 0.75, units });
  });

  it('keeps a missing value missing and still names the unit', () => {
    expect(inLengthUnits({ value: null, units: 'm' }, 'Yard')).toEqual({ value: null, units: 'yd' });
  });
});
