import { Worker } from 'node:worker_threads';
import type { ChartRequest, ChartResponse, DailyBars } from './report-chart-drawing.ts';

/**
 * The e-mail's chart as a PNG, drawn on a chart thread (report-chart.worker.ts, report-chart-drawing.ts): drawn on the
 * main thread, a chart held up the queries of the reports being read meanwhile, and PGlite's one connection waited
 * (docs/benchmarks.md, issue #27).
 */

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
