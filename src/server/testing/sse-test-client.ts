import http from 'node:http';
import https from 'node:https';
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

/** For an https URL: the CA that signed the server's certificate (a portal's local CA, `<data dir>/tls/ca.crt`). */
export interface TestTls {
  ca: string;
}

/** GET or another method over a connection of its own: http, or https trusting `tls.ca`. */
function send(
  url: string,
  options: { method: string; headers: http.OutgoingHttpHeaders },
  tls: TestTls | undefined,
  onResponse: (response: http.IncomingMessage) => void,
): http.ClientRequest {
  const common = { method: options.method, agent: false as const, headers: options.headers };
  return new URL(url).protocol === 'https:'
    ? https.request(url, { ...common, ...(tls === undefined ? {} : { ca: tls.ca }) }, onResponse)
    : http.request(url, common, onResponse);
}

/**
 * Opens `url` with the bearer `authorization` on a connection of its own (no keep-alive pool, so nothing of the test
 * outlives it) and reads its events until dropped or ended. An https URL needs `tls` unless its CA is trusted anyway.
 */
export function openSseStream(url: string, authorization?: string, tls?: TestTls): Promise<SseTestStream> {
  return new Promise((resolve, reject) => {
    const headers: http.OutgoingHttpHeaders = { accept: 'text/event-stream' };
    if (authorization !== undefined) headers['authorization'] = authorization;
    const request = send(url, { method: 'GET', headers }, tls, (response) => {
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
    request.end();
  });
}

/** A JSON request over a connection of its own; resolves with the status and the parsed body. */
export function requestJson(
  url: string,
  options: { method?: string; authorization?: string; body?: unknown; tls?: TestTls } = {},
): Promise<{ status: number; body: unknown }> {
  return new Promise((resolve, reject) => {
    const payload = options.body === undefined ? undefined : JSON.stringify(options.body);
    const headers: http.OutgoingHttpHeaders = {};
    if (options.authorization !== undefined) headers['authorization'] = options.authorization;
    if (payload !== undefined) headers['content-type'] = 'application/json';
    const request = send(url, { method: options.method ?? 'GET', headers }, options.tls, (response) => {
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
