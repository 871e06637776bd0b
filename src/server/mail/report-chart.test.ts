import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { dailyBarsPixels } from './report-chart-drawing.ts';
import { CHART_SIZE } from './report-chart-size.ts';
import { dailyBarsPng } from './report-chart.ts';

const bars = {
  labels: ['Mon 23', 'Tue 24', 'Wed 25', 'Thu 26', 'Fri 27', 'Sat 28', 'Sun 29'],
  current: [120, 340, 0, 560, 410, 0, 0],
  previous: [100, 300, 250, 500, 450, 0, 0],
  measure: 'Impressions (imp)',
  series: { current: 'This week', previous: 'Previous week' },
};

/** Width and height from a PNG's IHDR chunk. */
const pngSize = (png: Buffer) => ({ width: png.readUInt32BE(16), height: png.readUInt32BE(20) });

describe('the e-mail chart, drawn on the chart thread', () => {
  it('answers PNG images at twice the shown size, several at once, each for its own request', async () => {
    const empty = { ...bars, current: bars.current.map(() => 0), previous: bars.previous.map(() => 0) };
    const [drawn, blank] = await Promise.all([dailyBarsPng(bars), dailyBarsPng(empty)]);
    for (const png of [drawn, blank]) {
      expect(png.subarray(1, 4).toString()).toBe('PNG');
      expect(pngSize(png)).toEqual({ width: CHART_SIZE.width * 2, height: CHART_SIZE.height * 2 });
    }
    expect(drawn.equals(blank)).toBe(false);
  });

  it('is an opaque RGB PNG whose pixels are exactly the ones resvg drew', async () => {
    const png = await dailyBarsPng({ ...bars, current: [7, 8, 9, 10, 11, 12, 13] });
    // IHDR: bit depth 8, colour type 2 (RGB, no alpha channel).
    expect([png[24], png[25]]).toEqual([8, 2]);
    const drawn = dailyBarsPixels({ ...bars, current: [7, 8, 9, 10, 11, 12, 13] });
    expect(drawn.pixels.filter((_, index) => index % 4 === 3).every((alpha) => alpha === 255)).toBe(true);
    const fromResvg = await sharp(drawn.asPng()).removeAlpha().raw().toBuffer();
    const decoded = await sharp(png).raw().toBuffer();
    expect(decoded.length).toBe(drawn.width * drawn.height * 3);
    expect(decoded.equals(fromResvg)).toBe(true);
  });
});
