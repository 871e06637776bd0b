import { describe, expect, it } from 'vitest';
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
});
