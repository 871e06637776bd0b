/**
 * The chart thread of report-chart.ts: draws each requested chart (ECharts SVG, rasterised by resvg) and answers its
 * PNG, so the portal's main thread keeps sending the report queries meanwhile.
 */
import { parentPort } from 'node:worker_threads';
import { dailyBarsPngHere, type DailyBars } from './report-chart.ts';

export interface ChartRequest {
  id: number;
  bars: DailyBars;
}

export type ChartResponse = { id: number; png: Uint8Array } | { id: number; error: string };

parentPort?.on('message', (request: ChartRequest) => {
  let response: ChartResponse;
  try {
    response = { id: request.id, png: dailyBarsPngHere(request.bars) };
  } catch (error) {
    response = { id: request.id, error: error instanceof Error ? error.message : String(error) };
  }
  parentPort?.postMessage(response);
});
