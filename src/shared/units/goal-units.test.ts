import { describe, expect, it } from 'vitest';
import { fromCanonicalGoal, isGoalUnitOf, toCanonicalGoal, userGoalUnit } from './goal-units.ts';

describe('goal units (spec shell §3, §9: imp, ft, yd, m; stored in metres for DTF)', () => {
  it('stores yards and feet as metres (1 yd = 0.9144 m, 1 ft = 0.3048 m) and reads them back unchanged', () => {
    expect(toCanonicalGoal(1000, 'yd')).toBe(914.4);
    expect(toCanonicalGoal(3000, 'ft')).toBe(914.4);
    expect(fromCanonicalGoal(914.4, 'yd')).toBe(1000);
    expect(fromCanonicalGoal(914.4, 'ft')).toBe(3000);
    for (const value of [1, 7, 333, 9_999_999, 10_000_000]) {
      expect(fromCanonicalGoal(toCanonicalGoal(value, 'yd'), 'yd')).toBe(value);
      expect(fromCanonicalGoal(toCanonicalGoal(value, 'ft'), 'ft')).toBe(value);
    }
  });

  it('keeps metres and impressions as they are', () => {
    expect(toCanonicalGoal(1234, 'm')).toBe(1234);
    expect(toCanonicalGoal(1234, 'imp')).toBe(1234);
    expect(fromCanonicalGoal(1234, 'imp')).toBe(1234);
  });

  it("uses the user's length setting for DTF and impressions for the other groups", () => {
    expect(userGoalUnit('DTF', 'Yard')).toBe('yd');
    expect(userGoalUnit('DTF', 'Meter')).toBe('m');
    expect(userGoalUnit('DTG', 'Yard')).toBe('imp');
    expect(isGoalUnitOf('DTF', 'ft')).toBe(true);
    expect(isGoalUnitOf('DTF', 'imp')).toBe(false);
    expect(isGoalUnitOf('Apollo', 'm')).toBe(false);
  });
});
