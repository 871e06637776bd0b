import fs from 'node:fs';
import { Worker } from 'node:worker_threads';
import { Resvg, type ResvgRenderOptions } from '@resvg/resvg-js';
import * as echarts from 'echarts';
import type { ChartRequest, ChartResponse } from './report-chart.worker.ts';

/**
 * The e-mail's chart: drawn by ECharts' server-side SVG renderer and rasterised to PNG with resvg, because most mail
 * clients block SVG images. The PNG is twice the shown size, so it stays sharp on high-density screens.
 * Both steps run on a chart thread (report-chart.worker.ts): drawn on the main thread, a chart held up the queries of
 * the reports being read meanwhile, and PGlite's one connection waited (docs/benchmarks.md, issue #27).
 */

export interface DailyBars {
  /** Axis labels, one per day ('Mon 23'). */
  labels: string[];
  current: number[];
  previous: number[];
  /** The measure and its unit, e.g. 'Impressions (imp)'. */
  measure: string;
}

export const CHART_SIZE = { width: 600, height: 260 } as const;

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
      legend: { bottom: 0, data: ['This week', 'Previous week'] },
      grid: { left: 64, right: 16, top: 36, bottom: 48 },
      xAxis: { type: 'category', data: bars.labels },
      yAxis: { type: 'value' },
      series: [
        { name: 'This week', type: 'bar', data: bars.current, itemStyle: { color: '#2563eb' } },
        { name: 'Previous week', type: 'bar', data: bars.previous, itemStyle: { color: '#9ca3af' } },
      ],
    });
    return chart.renderToSVGString();
  } finally {
    chart.dispose();
  }
}

/** The chart as a PNG image, drawn and rasterised on the calling thread. */
export function dailyBarsPngHere(bars: DailyBars): Buffer {
  const svg = dailyBarsSvg(bars);
  return new Resvg(svg, { fitTo: { mode: 'width', value: CHART_SIZE.width * 2 }, font: fonts() }).render().asPng();
}

interface ChartThread {
  worker: Worker;
  pending: Map<number, { resolve: (png: Buffer) => void; reject: (error: Error) => void }>;
  nextId: number;
}

let chartThread: ChartThread | null = null;

/** The chart thread, started on first use; it does not keep the process alive while idle. */
function startedChartThread(): ChartThread {
  if (chartThread !== null) return chartThread;
  const worker = new Worker(new URL('./report-chart.worker.ts', import.meta.url));
  const thread: ChartThread = { worker, pending: new Map(), nextId: 1 };
  worker.unref();
  worker.on('message', (response: ChartResponse) => {
    const request = thread.pending.get(response.id);
    thread.pending.delete(response.id);
    if (thread.pending.size === 0) worker.unref();
    if ('png' in response) request?.resolve(Buffer.from(response.png));
    else request?.reject(new Error(`Chart rendering failed: ${response.error}`));
  });
  const fail = (error: Error) => {
    if (chartThread === thread) chartThread = null;
    for (const request of thread.pending.values()) request.reject(error);
    thread.pending.clear();
  };
  worker.on('error', fail);
  worker.on('exit', (code) => fail(new Error(`The chart thread stopped (exit code ${code})`)));
  chartThread = thread;
  return thread;
}

/** The chart as a PNG image for a CID attachment, drawn on the chart thread. */
export function dailyBarsPng(bars: DailyBars): Promise<Buffer> {
  const thread = startedChartThread();
  const id = thread.nextId++;
  return new Promise((resolve, reject) => {
    thread.pending.set(id, { resolve, reject });
    // A chart being drawn keeps the process alive until it is delivered.
    thread.worker.ref();
    thread.worker.postMessage({ id, bars } satisfies ChartRequest);
  });
}
