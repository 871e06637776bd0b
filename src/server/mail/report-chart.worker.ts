/**
 * The chart thread of report-chart.ts (drawing in report-chart-drawing.ts): draws each requested chart (ECharts SVG,
 * rasterised by resvg, encoded by sharp) and answers its PNG, so the portal's main thread keeps sending the report
 * queries meanwhile. The thread runs at a lower priority than the portal's other threads (lowerThreadPriority), so
 * a pass of e-mails gives way to the portal's requests when the cores are busy (issue #27: report p95 during a send).
 */
import { parentPort } from 'node:worker_threads';
import { dailyBarsPngHere, type ChartRequest, type ChartResponse } from './report-chart-drawing.ts';
import { lowerThreadPriority, CHART_THREAD_NICENESS } from './thread-priority.ts';

lowerThreadPriority(CHART_THREAD_NICENESS);

parentPort?.on('message', (request: ChartRequest) => {
  const answer = (response: ChartResponse) => parentPort?.postMessage(response);
  let drawn: Promise<Buffer>;
  try {
    drawn = dailyBarsPngHere(request.bars);
  } catch (error) {
    drawn = Promise.reject(error instanceof Error ? error : new Error(String(error)));
  }
  drawn.then(
    (png) => answer({ id: request.id, png }),
    (error: unknown) => answer({ id: request.id, error: error instanceof Error ? error.message : String(error) }),
  );
});
