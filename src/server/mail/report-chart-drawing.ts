import fs from 'node:fs';
import { Resvg, type ResvgRenderOptions } from '@resvg/resvg-js';
import * as echarts from 'echarts';
import sharp from 'sharp';
import { CHART_SIZE } from './report-chart-size.ts';

/**
 * The e-mail's chart: drawn by ECharts' server-side SVG renderer, rasterised by resvg on a white background and
 * encoded as an RGB PNG by sharp, because most mail clients block SVG images. The PNG is twice the shown size, so it
 * stays sharp on high-density screens. Opaque, so a mail client's dark mode shows it as drawn; sharp's encoder, fast
 * settings, takes about a third of the CPU of resvg's own and gives a smaller file (docs/benchmarks.md, issue #27).
 * The chart thread (report-chart.worker.ts) runs this module; the main thread asks it through report-chart.ts.
 */

export interface DailyBars {
  /** Axis labels, one per day ('Mon 23'). */
  labels: string[];
  current: number[];
  previous: number[];
  /** The measure and its unit, e.g. 'Impressions (imp)'. */
  measure: string;
  /** The legend's names of the two series, in the recipient's language ('This week', 'Previous week'). */
  series: { current: string; previous: string };
}

/** A sans-serif font file of the host, if it has a known one: resvg then loads one file instead of every system font. */
const FONT_CANDIDATES = [
  '/usr/share/fonts/truetype/liberation/LiberationSans-Regular.ttf',
  '/usr/share/fonts/truetype/dejavu/DejaVuSans.ttf',
  '/System/Library/Fonts/Supplemental/Arial.ttf',
  'C:\\Windows\\Fonts\\arial.ttf',
];

let fontOptions: ResvgRenderOptions['font'] | undefined;

function fonts(): ResvgRenderOptions['font'] {
  fontOptions ??= (() => {
    const file = FONT_CANDIDATES.find((candidate) => fs.existsSync(candidate));
    return file === undefined ? { loadSystemFonts: true } : { loadSystemFonts: false, fontFiles: [file] };
  })();
  return fontOptions;
}

/** The chart as SVG text (ECharts SSR). */
export function dailyBarsSvg(bars: DailyBars): string {
  const chart = echarts.init(null, null, { renderer: 'svg', ssr: true, ...CHART_SIZE });
  try {
    chart.setOption({
      animation: false,
      textStyle: { fontFamily: 'Liberation Sans, DejaVu Sans, Arial, sans-serif' },
      title: { text: bars.measure, left: 8, top: 4, textStyle: { fontSize: 13, fontWeight: 'normal' } },
      legend: { bottom: 0, data: [bars.series.current, bars.series.previous] },
      grid: { left: 64, right: 16, top: 36, bottom: 48 },
      xAxis: { type: 'category', data: bars.labels },
      yAxis: { type: 'value' },
      series: [
        { name: bars.series.current, type: 'bar', data: bars.current, itemStyle: { color: '#2563eb' } },
        { name: bars.series.previous, type: 'bar', data: bars.previous, itemStyle: { color: '#9ca3af' } },
      ],
    });
    return chart.renderToSVGString();
  } finally {
    chart.dispose();
  }
}

/** The chart rasterised by resvg at twice its size on white (every pixel opaque, so no premultiplied alpha). */
export function dailyBarsPixels(bars: DailyBars) {
  const svg = dailyBarsSvg(bars);
  return new Resvg(svg, {
    fitTo: { mode: 'width', value: CHART_SIZE.width * 2 },
    background: '#ffffff',
    font: fonts(),
  }).render();
}

/** The chart as a PNG image: drawn and rasterised on the calling thread, encoded on libuv's pool by sharp. */
export function dailyBarsPngHere(bars: DailyBars): Promise<Buffer> {
  const image = dailyBarsPixels(bars);
  return sharp(image.pixels, { raw: { width: image.width, height: image.height, channels: 4 } })
    .removeAlpha()
    .png({ compressionLevel: 3, adaptiveFiltering: false })
    .toBuffer();
}

/** A chart asked of the chart thread. */
export interface ChartRequest {
  id: number;
  bars: DailyBars;
}

export type ChartResponse = { id: number; png: Uint8Array } | { id: number; error: string };
