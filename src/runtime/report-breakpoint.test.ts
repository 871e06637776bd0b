import { describe, expect, it } from 'vitest';
import { reportBreakpoint } from './report-breakpoint.ts';

describe('reportBreakpoint', () => {
  it.each([
    { width: 1600, height: 880, expected: 'desktop' },
    { width: 1366, height: 567, expected: 'desktop' },
    { width: 1365, height: 880, expected: 'compact' },
    { width: 1600, height: 566, expected: 'compact' },
    { width: 1600, height: 340, expected: 'compact' },
    { width: 750, height: 880, expected: 'compact' },
    { width: 749, height: 880, expected: 'mobile' },
    { width: 390, height: 300, expected: 'mobile' },
    { width: 0, height: 0, expected: 'mobile' },
  ] as const)('a $width × $height px report area is $expected', ({ width, height, expected }) => {
    expect(reportBreakpoint({ width, height })).toBe(expected);
  });
});
