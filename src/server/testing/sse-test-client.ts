import http from 'node:http';
import { SseParser, type ServerSentEvent } from '../../shared/live/sse-parser.ts';

/** An open Server-Sent Events stream read over its own HTTP connection. */
export interface SseTestStream {
  status: number;
  /** The response body when the server answered with an error instead of a stream. */
  body: () => string;
  /** The next event named `name` not yet taken; rejects when the stream ends first. */
  next(name: string): Promise<ServerSentEvent>;
  /** Every event received so far, in order. */
  received: ServerSentEvent[];
  /** Resolves when the stream ended (by the server or by drop()). */
  closed: Promise<void>;
  /** Drops the connection from the client's side. */
  drop(): void;
}

/**
 * Opens `url` (http) with the bearer `authorization` on a connection of its own (no keep-alive pool, so nothing of
 * the test outlives it) and reads its events until dropped or ended.
 */
export function openSseStream(url: string, authorization?: string): Promise<SseTestStream> {
  return new Promise((resolve, reject) => {
    const headers: http.OutgoingHttpHeaders = { accept: 'text/event-stream' };
    if (authorization !== undefined) headers['authorization'] = authorization;
    const request = http.get(url, { agent: false, headers }, (response) => {
      const received: ServerSentEvent[] = [];
      const taken = new Set<ServerSentEvent>();
      const waiters: { name: string; resolve: (event: ServerSentEvent) => void; reject: (error: Error) => void }[] = [];
      let ended = false;
      let text = '';
      const settle = () => {
        for (const waiter of [...waiters]) {
          const match = received.find((event) => event.event === waiter.name && !taken.has(event));
          if (match !== undefined) {
            taken.add(match);
            waiters.splice(waiters.indexOf(waiter), 1);
            waiter.resolve(match);
          } else if (ended) {
            waiters.splice(waiters.indexOf(waiter), 1);
            waiter.reject(new Error(`the stream ended before a '${waiter.name}' event`));
          }
        }
      };
      const parser = new SseParser();
      response.setEncoding('utf8');
      response.on('data', (chunk: string) => {
        text += chunk;
        received.push(...parser.push(chunk));
        settle();
      });
      const closed = new Promise<void>((done) => {
        const finish = () => {
          ended = true;
          settle();
          done();
        };
        response.on('close', finish);
        response.on('error', finish);
      });
      resolve({
        status: response.statusCode ?? 0,
        body: () => text,
        received,
        closed,
        next: (name) =>
          new Promise((resolveEvent, rejectEvent) => {
            waiters.push({ name, resolve: resolveEvent, reject: rejectEvent });
            settle();
          }),
        drop: () => request.destroy(),
      });
    });
    request.on('error', reject);
  });
}

/** A JSON request over a connection of its own; resolves with the status and the parsed body. */
export function requestJson(
  url: string,
  options: { method?: string; authorization?: string; body?: unknown } = {},
): Promise<{ status: number; body: unknown }> {
  return new Promise((resolve, reject) => {
    const payload = options.body === undefined ? undefined : JSON.stringify(options.body);
    const headers: http.OutgoingHttpHeaders = {};
    if (options.authorization !== undefined) headers['authorization'] = options.authorization;
    if (payload !== undefined) headers['content-type'] = 'application/json';
    const request = http.request(url, { method: options.method ?? 'GET', agent: false, headers }, (response) => {
      let text = '';
      response.setEncoding('utf8');
      response.on('data', (chunk: string) => (text += chunk));
      response.on('end', () => {
        try {
          resolve({ status: response.statusCode ?? 0, body: text === '' ? null : (JSON.parse(text) as unknown) });
        } catch (error) {
          reject(error instanceof Error ? error : new Error(String(error)));
        }
      });
    });
    request.on('error', reject);
    request.end(payload);
  });
}
