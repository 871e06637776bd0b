import { describe, expect, it } from 'vitest';
import { THRESHOLD_TEXT_COLOURS, TREND_TEXT_COLOURS } from './trend.ts';

/** WCAG 2.x relative luminance and contrast ratio (https://www.w3.org/TR/WCAG22/#dfn-contrast-ratio). */
function luminance(hex: string): number {
  const channel = (offset: number) => {
    const value = parseInt(hex.slice(offset, offset + 2), 16) / 255;
    return value <= 0.04045 ? value / 12.92 : ((value + 0.055) / 1.055) ** 2.4;
  };
  return 0.2126 * channel(1) + 0.7152 * channel(3) + 0.0722 * channel(5);
}

function contrast(a: string, b: string): number {
  const [light, dark] = [luminance(a), luminance(b)].sort((x, y) => y - x) as [number, number];
  return (light + 0.05) / (dark + 0.05);
}

describe('text tones of the trend and threshold colours', () => {
  it.each(Object.entries({ ...TREND_TEXT_COLOURS, ...THRESHOLD_TEXT_COLOURS }))(
    '%s (%s) reaches WCAG AA 4.5:1 for normal text on white',
    (_name, colour) => {
      expect(contrast(colour, '#FFFFFF')).toBeGreaterThanOrEqual(4.5);
    },
  );

  it('the spec colours themselves would not (which is why text uses the tones)', () => {
    for (const colour of ['#1BB934', '#FF4081', '#FF404F', '#FFAB2B'])
      expect(contrast(colour, '#FFFFFF')).toBeLessThan(4.5);
  });
});
