import { SseParser, type ServerSentEvent } from '../shared/live/sse-parser.ts';

/**
 * Where a live stream is: connecting for the first time, live, waiting to reconnect after a drop, refused (400/403/404),
 * or closed by the server for a newer stream of the same user (`closed`); the last two are final.
 */
export type LiveStatus = 'connecting' | 'live' | 'reconnecting' | 'failed' | 'closed';

export interface LiveStreamOptions {
  /** Absolute URL of the stream (the API base plus path and query). */
  url: string;
  /** The current access token (renewed by the session); null when signed out. */
  getAccessToken: () => Promise<string | null>;
  /** An event of the stream other than `ready`, `expired` and `closed` (also one this client does not know). */
  onEvent: (event: ServerSentEvent) => void;
  /** The stream (re)opened: whatever happened while it was down must be fetched once. */
  onOpen: () => void;
  onStatus: (status: LiveStatus) => void;
  /** Any bytes arrived (events or the server's heartbeat comments). */
  onActivity?: () => void;
  /** Test seam: the fetch to use. */
  fetch?: typeof fetch;
  /** Test seam: how long to wait before attempt `attempt` (1, 2, …) after a drop; default back-off 1 s doubling to 30 s with jitter. */
  backoffMs?: (attempt: number) => number;
  /** Silence (no event, no `: ping`) after which the stream counts as dropped; default HEARTBEAT_TIMEOUT_MS. */
  heartbeatTimeoutMs?: number;
  /** How long an attempt waits for the response's headers; default CONNECT_TIMEOUT_MS. */
  connectTimeoutMs?: number;
}

/**
 * Two of the server's heartbeat intervals (a `: ping` comment every 15 s, tv-live.routes.ts DEFAULT_HEARTBEAT_MS): a
 * stream silent this long has missed two heartbeats and lost its connection without being told (a dead route, a
 * sleeping proxy). It leaves a TV's stale line within issue #32's 35 s of a silent drop.
 */
export const HEARTBEAT_TIMEOUT_MS = 30_000;
/** An attempt with no response headers by then is given up (fetch has no timeout of its own). */
export const CONNECT_TIMEOUT_MS = 15_000;

/** Back-off before reconnect attempt `attempt`: 1 s, 2 s, 4 s … up to 30 s, each with up to 25 % jitter. */
export function defaultBackoffMs(attempt: number): number {
  const base = Math.min(30_000, 1000 * 2 ** Math.max(0, attempt - 1));
  return Math.round(base * (1 + Math.random() * 0.25));
}

class StreamClosed extends Error {
  readonly reconnectAtOnce: boolean;

  constructor(reconnectAtOnce: boolean) {
    super('stream closed');
    this.reconnectAtOnce = reconnectAtOnce;
  }
}

/**
 * Reads a Server-Sent Events stream with fetch, because EventSource cannot send the Authorization header: each attempt
 * takes the session's current token, so a reconnect after the server closes the stream at the token's expiry
 * ('expired') goes out re-authenticated with the renewed token at once. A drop (network, server restart) reconnects
 * with back-off and reports 'reconnecting'; 400/403/404 stop ('failed'). A `closed` event stops it for good
 * ('closed'): the server closed this stream because the same user opened more than it keeps, and a reconnect would
 * close the user's next-oldest stream, which would reconnect in turn. A watchdog treats a stream on which nothing
 * (not even the heartbeat comment) arrives for `heartbeatTimeoutMs`, or an attempt without response headers within
 * `connectTimeoutMs`, as a drop: it aborts the fetch and reconnects with back-off (issue #32: a TV showed 'Live' over
 * a dead connection). Returns the function that closes it.
 */
export function openLiveStream(options: LiveStreamOptions): () => void {
  const doFetch = options.fetch ?? globalThis.fetch.bind(globalThis);
  const backoff = options.backoffMs ?? defaultBackoffMs;
  const heartbeatTimeoutMs = options.heartbeatTimeoutMs ?? HEARTBEAT_TIMEOUT_MS;
  const connectTimeoutMs = options.connectTimeoutMs ?? CONNECT_TIMEOUT_MS;
  let stopped = false;
  let controller: AbortController | null = null;
  let wake: (() => void) | null = null;
  // A stream that reached 'ready' starts the back-off again from its first step when it drops.
  let opened = false;

  const wait = (ms: number) =>
    new Promise<void>((resolve) => {
      const timer = setTimeout(resolve, ms);
      wake = () => {
        clearTimeout(timer);
        resolve();
      };
    });

  const attempt = async (): Promise<void> => {
    const token = await options.getAccessToken();
    if (token === null) throw new StreamClosed(false);
    const attemptController = new AbortController();
    controller = attemptController;
    let watchdog = setTimeout(() => attemptController.abort(), connectTimeoutMs);
    try {
      return await read(token, attemptController, (onSilence) => {
        clearTimeout(watchdog);
        watchdog = setTimeout(onSilence, heartbeatTimeoutMs);
      });
    } finally {
      clearTimeout(watchdog);
    }
  };

  /** One attempt's fetch and reading; `heard` (re)arms the silence watchdog, first when the headers have arrived. */
  const read = async (
    token: string,
    attemptController: AbortController,
    heard: (onSilence: () => void) => void,
  ): Promise<void> => {
    const response = await doFetch(options.url, {
      headers: { Authorization: `Bearer ${token}`, Accept: 'text/event-stream' },
      signal: attemptController.signal,
      cache: 'no-store',
    });
    if ([400, 403, 404].includes(response.status)) {
      stopped = true;
      options.onStatus('failed');
      return;
    }
    if (!response.ok || response.body === null) throw new StreamClosed(false);
    const parser = new SseParser();
    const reader = response.body.pipeThrough(new TextDecoderStream()).getReader();
    // Silence: abort the fetch and cancel the reader (a body not tied to the signal ends too); the loop reconnects.
    const onSilence = () => {
      attemptController.abort();
      void reader.cancel().catch(() => undefined);
    };
    heard(onSilence);
    let expired = false;
    for (;;) {
      const { done, value } = await reader.read();
      if (done) break;
      heard(onSilence);
      options.onActivity?.();
      for (const event of parser.push(value)) {
        if (event.event === 'ready') {
          opened = true;
          options.onStatus('live');
          options.onOpen();
        } else if (event.event === 'expired') {
          expired = true;
        } else if (event.event === 'closed') {
          stopped = true;
          options.onStatus('closed');
          await reader.cancel().catch(() => undefined);
          return;
        } else {
          options.onEvent(event);
        }
      }
    }
    throw new StreamClosed(expired);
  };

  void (async () => {
    options.onStatus('connecting');
    let failures = 0;
    while (!stopped) {
      try {
        await attempt();
      } catch (error) {
        if (stopped) return;
        if (error instanceof StreamClosed && error.reconnectAtOnce) {
          failures = 0;
          continue;
        }
        if (opened) failures = 0;
        opened = false;
        failures += 1;
        options.onStatus('reconnecting');
        await wait(backoff(failures));
      }
    }
  })();

  return () => {
    stopped = true;
    controller?.abort();
    wake?.();
  };
}
