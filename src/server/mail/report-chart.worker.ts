/**
 * The chart thread of report-chart.ts (drawing in report-chart-drawing.ts): draws each requested chart (ECharts SVG, rasterised by resvg) and answers its
 * PNG, so the portal's main thread keeps sending the report queries meanwhile.
 */
import { parentPort } from 'node:worker_threads';
import { dailyBarsPngHere, type ChartRequest, type ChartResponse } from './report-chart-drawing.ts';

parentPort?.on('message', (request: ChartRequest) => {
  let response: ChartResponse;
  try {
    response = { id: request.id, png: dailyBarsPngHere(request.bars) };
  } catch (error) {
    response = { id: request.id, error: error instanceof Error ? error.message : String(error) };
  }
  parentPort?.postMessage(response);
});
