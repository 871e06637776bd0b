import { describe, expect, it, vi } from 'vitest';
import type { ServerSentEvent } from '../shared/live/sse-parser.ts';
import { openLiveStream, type LiveStatus } from './live-stream.ts';

/**
 * The live client's handling of the server's events on a scripted fetch (tests/unit/live-stream-client.test.ts runs it
 * against the real server): `closed` stops it for good, an event it does not know is handed on and breaks nothing.
 */

/** A 200 event stream that sends `texts` and then ends, as the server does after `closed` or `expired`. */
function streamResponse(texts: string[]): Response {
  const encoder = new TextEncoder();
  return new Response(
    new ReadableStream<Uint8Array>({
      start(controller) {
        for (const text of texts) controller.enqueue(encoder.encode(text));
        controller.close();
      },
    }),
    { status: 200, headers: { 'Content-Type': 'text/event-stream' } },
  );
}

const READY = 'event: ready\ndata: {"system":"APL-1","systemGroup":"Apollo"}\n\n';
const event = (name: string, data: unknown) => `event: ${name}\ndata: ${JSON.stringify(data)}\n\n`;

/** A 200 event stream that sends `texts` and then nothing more, never ending: a connection that silently died. */
function silentResponse(texts: string[]): Response {
  const encoder = new TextEncoder();
  return new Response(
    new ReadableStream<Uint8Array>({
      start(controller) {
        for (const text of texts) controller.enqueue(encoder.encode(text));
      },
    }),
    { status: 200, headers: { 'Content-Type': 'text/event-stream' } },
  );
}

/** A fetch that never answers (no response headers), until its signal aborts it. */
function hangingResponse(signal: AbortSignal | null | undefined): Promise<Response> {
  return new Promise((_resolve, reject) => {
    signal?.addEventListener('abort', () => reject(new DOMException('aborted', 'AbortError')));
  });
}

type Scripted = Response | ((signal: AbortSignal | null | undefined) => Promise<Response>);

function open(responses: Scripted[], timeouts: { heartbeatTimeoutMs?: number; connectTimeoutMs?: number } = {}) {
  const statuses: LiveStatus[] = [];
  const events: ServerSentEvent[] = [];
  const backoffs: number[] = [];
  let opens = 0;
  const signals: AbortSignal[] = [];
  const fetch = vi.fn(async (_url: string | URL | Request, init?: RequestInit) => {
    if (init?.signal) signals.push(init.signal);
    const next = responses.shift();
    if (next === undefined) throw new TypeError('network down');
    return typeof next === 'function' ? next(init?.signal) : next;
  });
  const close = openLiveStream({
    url: 'https://portal.test/api/tv-dashboard/live?systemGroup=Apollo&system=APL-1',
    getAccessToken: async () => 'token',
    onEvent: (received) => events.push(received),
    onOpen: () => (opens += 1),
    onStatus: (status) => statuses.push(status),
    fetch,
    backoffMs: (attempt) => {
      backoffs.push(attempt);
      return 0;
    },
    ...timeouts,
  });
  return { statuses, events, backoffs, fetch, signals, close, opens: () => opens };
}

describe('openLiveStream', () => {
  it("stops for good on 'closed' (a newer stream of the user took its place): no reconnect, status 'closed'", async () => {
    const live = open([
      streamResponse([READY, event('closed', { reason: 'A newer live stream of this user took its place' })]),
      // What a reconnect would get: it must never be asked for.
      streamResponse([READY]),
    ]);
    await vi.waitFor(() => expect(live.statuses.at(-1)).toBe('closed'));
    // Give a reconnect every chance to happen (the back-off here is 0 ms).
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(live.fetch).toHaveBeenCalledTimes(1);
    expect(live.statuses).toEqual(['connecting', 'live', 'closed']);
    expect(live.backoffs).toEqual([]);
    expect(live.opens()).toBe(1);
    expect(live.events).toEqual([]);
    live.close();
  });

  it('hands an event it does not know on and goes on; a stream ending without closed or expired reconnects', async () => {
    const live = open([
      streamResponse([READY, event('something-new', { x: 1 }), event('ingest', { system: 'APL-1' })]),
      streamResponse([READY, event('ingest', { system: 'APL-1' })]),
      streamResponse([READY]),
    ]);
    await vi.waitFor(() => expect(live.opens()).toBe(3));
    live.close();
    expect(live.events.map((received) => received.event)).toEqual(['something-new', 'ingest', 'ingest']);
    expect(live.statuses).not.toContain('closed');
    expect(live.statuses).toContain('reconnecting');
  });

  it("aborts a stream that goes silent (no event, no ': ping') for its heartbeat timeout and reconnects", async () => {
    const live = open([silentResponse([READY, ': ping\n\n']), streamResponse([READY])], { heartbeatTimeoutMs: 300 });
    await vi.waitFor(() => expect(live.statuses).toEqual(['connecting', 'live']));
    // Still live well within the timeout: the ping re-armed the watchdog.
    await new Promise((resolve) => setTimeout(resolve, 100));
    expect(live.fetch).toHaveBeenCalledTimes(1);
    await vi.waitFor(() => expect(live.opens()).toBe(2));
    live.close();
    expect(live.signals[0]?.aborted).toBe(true);
    expect(live.statuses.slice(0, 4)).toEqual(['connecting', 'live', 'reconnecting', 'live']);
    expect(live.backoffs[0]).toBe(1);
  });

  it('keeps a stream that hears the heartbeat in time', async () => {
    const encoder = new TextEncoder();
    let pinger: ReturnType<typeof setInterval> | undefined;
    const pinging = new Response(
      new ReadableStream<Uint8Array>({
        start(controller) {
          controller.enqueue(encoder.encode(READY));
          pinger = setInterval(() => controller.enqueue(encoder.encode(': ping\n\n')), 50);
        },
        cancel() {
          clearInterval(pinger);
        },
      }),
      { status: 200 },
    );
    const live = open([pinging], { heartbeatTimeoutMs: 500 });
    await vi.waitFor(() => expect(live.statuses).toEqual(['connecting', 'live']));
    await new Promise((resolve) => setTimeout(resolve, 1200));
    expect(live.statuses).toEqual(['connecting', 'live']);
    expect(live.fetch).toHaveBeenCalledTimes(1);
    live.close();
    clearInterval(pinger);
  });

  it('gives up an attempt that gets no response headers within its connect timeout, and tries again', async () => {
    const live = open([hangingResponse, streamResponse([READY])], { connectTimeoutMs: 100 });
    await vi.waitFor(() => expect(live.opens()).toBe(1));
    live.close();
    expect(live.signals[0]?.aborted).toBe(true);
    expect(live.statuses.slice(0, 3)).toEqual(['connecting', 'reconnecting', 'live']);
  });
});
