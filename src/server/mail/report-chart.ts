import os from 'node:os';
import { Worker } from 'node:worker_threads';
import type { ChartRequest, ChartResponse, DailyBars } from './report-chart-drawing.ts';

/**
 * The e-mail's chart as a PNG, drawn on chart threads (report-chart.worker.ts, report-chart-drawing.ts): drawn on the
 * main thread, a chart held up the queries of the reports being read meanwhile and the portal's HTTP answers
 * (docs/benchmarks.md, issue #27). The pool has one thread per core, each started on first use and running 10 nice
 * levels below the portal (report-chart.worker.ts), so they take what the portal's requests leave of the cores;
 * a chart goes to the thread with the fewest waiting. The same numbers give the same image: a chart already drawn
 * is answered from memory ({@link CHART_MEMO_LIMIT} most recent), so recipients whose groups hold the same systems,
 * or whose numbers happen to agree, share one drawing.
 */

interface ChartThread {
  worker: Worker;
  pending: Map<number, { resolve: (png: Buffer) => void; reject: (error: Error) => void }>;
}

export const CHART_POOL_SIZE = Math.max(1, os.availableParallelism());
/** Charts kept by their numbers; a weekly pass of a large tenant draws a few thousand at most. */
export const CHART_MEMO_LIMIT = 2_000;

const threads: (ChartThread | null)[] = Array.from({ length: CHART_POOL_SIZE }, () => null);
const memo = new Map<string, Promise<Buffer>>();
let nextId = 1;

/**
 * sharp (the threads' PNG encoder) loaded on this thread too: on glibc a chart thread that ends would otherwise unload
 * libvips under the others (sharp's documentation on worker threads, lovell/sharp#2263).
 */
let sharpOnMainThread: Promise<unknown> | undefined;

/** A chart thread, started on first use; it does not keep the process alive while idle. */
function startedThread(slot: number): ChartThread {
  const running = threads[slot];
  if (running != null) return running;
  sharpOnMainThread ??= import('sharp');
  const worker = new Worker(new URL('./report-chart.worker.ts', import.meta.url));
  const thread: ChartThread = { worker, pending: new Map() };
  worker.unref();
  worker.on('message', (response: ChartResponse) => {
    const request = thread.pending.get(response.id);
    thread.pending.delete(response.id);
    if (thread.pending.size === 0) worker.unref();
    if ('png' in response) request?.resolve(Buffer.from(response.png));
    else request?.reject(new Error(`Chart rendering failed: ${response.error}`));
  });
  const fail = (error: Error) => {
    if (threads[slot] === thread) threads[slot] = null;
    for (const request of thread.pending.values()) request.reject(error);
    thread.pending.clear();
  };
  worker.on('error', fail);
  worker.on('exit', (code) => fail(new Error(`The chart thread stopped (exit code ${code})`)));
  threads[slot] = thread;
  return thread;
}

/** The pool's slot with the fewest charts waiting (an idle, not yet started slot counts as none waiting). */
function leastBusySlot(): number {
  let best = 0;
  for (let slot = 1; slot < threads.length; slot += 1) {
    if ((threads[slot]?.pending.size ?? 0) < (threads[best]?.pending.size ?? 0)) best = slot;
  }
  return best;
}

function drawOnThread(bars: DailyBars): Promise<Buffer> {
  const thread = startedThread(leastBusySlot());
  const id = nextId++;
  return new Promise((resolve, reject) => {
    thread.pending.set(id, { resolve, reject });
    // A chart being drawn keeps the process alive until it is delivered.
    thread.worker.ref();
    thread.worker.postMessage({ id, bars } satisfies ChartRequest);
  });
}

/** The chart as a PNG image for a CID attachment: from memory when these numbers were drawn lately, else on a thread. */
export function dailyBarsPng(bars: DailyBars): Promise<Buffer> {
  const key = JSON.stringify(bars);
  const known = memo.get(key);
  if (known !== undefined) {
    // Most recent last: the oldest is the first forgotten.
    memo.delete(key);
    memo.set(key, known);
    return known;
  }
  const drawn = drawOnThread(bars);
  memo.set(key, drawn);
  // A failed drawing is not remembered: the retry draws it again.
  drawn.catch(() => {
    if (memo.get(key) === drawn) memo.delete(key);
  });
  if (memo.size > CHART_MEMO_LIMIT) memo.delete(memo.keys().next().value as string);
  return drawn;
}
