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

function open(responses: Response[]) {
  const statuses: LiveStatus[] = [];
  const events: ServerSentEvent[] = [];
  const backoffs: number[] = [];
  let opens = 0;
  const fetch = vi.fn(async () => {
    const next = responses.shift();
    if (next === undefined) throw new TypeError('network down');
    return next;
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
  });
  return { statuses, events, backoffs, fetch, close, opens: () => opens };
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
});
