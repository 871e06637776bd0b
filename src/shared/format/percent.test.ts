import { describe, expect, it } from 'vitest';
import { formatPercent, formatPercentIn, formatSignedPercent, formatSignedPercentIn } from './percent.ts';

describe('percent display', () => {
  it('shows fractions times 100 with 2 decimals', () => {
    expect(formatPercent(0.1234)).toBe('12.34%');
    expect(formatPercent(1)).toBe('100.00%');
  });

  it('signs a change, and shows no sign when it rounds to zero', () => {
    expect(formatSignedPercent(0.125)).toBe('+12.50%');
    expect(formatSignedPercent(-0.05)).toBe('-5.00%');
    expect(formatSignedPercent(0)).toBe('0.00%');
    expect(formatSignedPercent(-0.00001)).toBe('0.00%');
  });

  it("writes a language's separators and spacing, en-US as the portal shows it (Intl)", () => {
    for (const fraction of [0.1234, 1, 12.3456, 0])
      expect(formatPercentIn('en-US', fraction)).toBe(formatPercent(fraction));
    for (const change of [0.125, -0.05, 0, -0.00001]) {
      expect(formatSignedPercentIn('en-US', change)).toBe(formatSignedPercent(change));
    }
    expect(formatPercentIn('de-DE', 0.125)).toBe('12,50\u00a0%');
    expect(formatPercentIn('de-DE', 12.3456)).toBe('1234,56\u00a0%');
    expect(formatSignedPercentIn('de-DE', -0.05)).toBe('-5,00\u00a0%');
    expect(formatSignedPercentIn('de-DE', 0.125, 1)).toBe('+12,5\u00a0%');
  });
});
