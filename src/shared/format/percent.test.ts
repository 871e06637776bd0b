import { describe, expect, it } from 'vitest';
import { formatPercent, formatSignedPercent } from './percent.ts';

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
});
