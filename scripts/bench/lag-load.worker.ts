/**
 * The load of the lag benchmark, on its own thread so that making requests does not count as the server's lag:
 * one gateway posting telemetry batches to /api/ingest/telemetry one after another, and `clients` users cycling through
 * the filter and state endpoints until the gateway is done (or for `durationMs` when there is nothing to ingest).
 */
import { parentPort, workerData } from 'node:worker_threads';
import type { EndpointCase } from './endpoint-latency.ts';

export interface LagLoadInput {
  baseUrl: string;
  authorization: string;
  ingestAuthorization: string;
  endpoints: EndpointCase[];
  /** Telemetry batches the gateway sends; none means no ingest. */
  batches: unknown[][];
  /** Report users; 0 means no reports. */
  clients: number;
  /** How long the report users run when there is no ingest to wait for. */
  durationMs: number;
}

export interface LagLoadResult {
  ingestedRecords: number;
  ingestMs: number;
  reportLatenciesMs: number[];
}

async function send(url: string, init: RequestInit): Promise<void> {
  const response = await fetch(url, init);
  const body = await response.text();
  if (!response.ok) throw new Error(`${init.method ?? 'GET'} ${url} answered ${response.status}: ${body}`);
}

async function run(input: LagLoadInput): Promise<LagLoadResult> {
  let ingesting = input.batches.length > 0;
  const stopAt = performance.now() + input.durationMs;
  const running = () => (input.batches.length > 0 ? ingesting : performance.now() < stopAt);
  const reportLatenciesMs: number[] = [];
  const client = async (offset: number) => {
    for (let call = offset; running(); call += 1) {
      const endpoint = input.endpoints[call % input.endpoints.length];
      if (endpoint === undefined) return;
      const started = performance.now();
      await send(`${input.baseUrl}${endpoint.url}`, {
        method: endpoint.method,
        headers: { authorization: input.authorization },
      });
      reportLatenciesMs.push(performance.now() - started);
    }
  };
  const gateway = async () => {
    const started = performance.now();
    let records = 0;
    try {
      for (const batch of input.batches) {
        await send(`${input.baseUrl}/api/ingest/telemetry`, {
          method: 'POST',
          headers: { authorization: input.ingestAuthorization, 'content-type': 'application/json' },
          body: JSON.stringify({ records: batch }),
        });
        records += batch.length;
      }
    } finally {
      ingesting = false;
    }
    return { records, ms: performance.now() - started };
  };
  const clients = Array.from({ length: input.clients }, (_, index) => client(index * 3));
  const [ingest] = await Promise.all([gateway(), ...clients]);
  return { ingestedRecords: ingest.records, ingestMs: ingest.ms, reportLatenciesMs };
}

parentPort?.postMessage(await run(workerData as LagLoadInput));
