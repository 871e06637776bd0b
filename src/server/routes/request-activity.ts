import type { FastifyInstance } from 'fastify';

/**
 * The portal's HTTP requests in flight, so background work in the same process (the e-mail report sender, issue #27)
 * can give way to them: a report call then waits for at most one step of that work, not for all of it.
 * A response whose body is a stream (the TV dashboard's live events) stops counting once its head is sent: an open
 * stream is a connection, not work in flight.
 */
export interface RequestActivity {
  /** Requests being answered now. */
  readonly inFlight: number;
  /** Counts one request until the returned function is called (once; later calls do nothing). */
  begin(): () => void;
  /**
   * Resolves once no request is in flight, checked a turn of the event loop later (a request arriving meanwhile is
   * seen first), or after `maxWaitMs` at the latest, so the background work still moves under constant traffic.
   */
  quiet(maxWaitMs: number): Promise<void>;
}

export function createRequestActivity(): RequestActivity {
  let inFlight = 0;
  const waiting = new Set<() => void>();
  const recheckAll = () => {
    for (const check of [...waiting]) setImmediate(check);
  };
  return {
    get inFlight() {
      return inFlight;
    },
    begin() {
      inFlight += 1;
      let ended = false;
      return () => {
        if (ended) return;
        ended = true;
        inFlight -= 1;
        if (inFlight === 0) recheckAll();
      };
    },
    quiet(maxWaitMs) {
      return new Promise((resolve) => {
        const done = () => {
          clearTimeout(deadline);
          waiting.delete(check);
          resolve();
        };
        const check = () => {
          if (inFlight === 0) done();
        };
        const deadline = setTimeout(done, maxWaitMs);
        waiting.add(check);
        setImmediate(check);
      });
    },
  };
}

const ENDS = Symbol('request activity end');

/** Counts every request of `app` in `activity`, from its arrival until its response is sent or the client leaves. */
export function trackRequestActivity(app: FastifyInstance, activity: RequestActivity): void {
  type Tracked = { [ENDS]?: () => void };
  app.addHook('onRequest', async (request, reply) => {
    const end = activity.begin();
    (request as Tracked)[ENDS] = end;
    reply.raw.once('close', end);
  });
  app.addHook('onSend', async (request, _reply, payload) => {
    const isStream = typeof (payload as { pipe?: unknown } | null)?.pipe === 'function';
    if (isStream) (request as Tracked)[ENDS]?.();
    return payload;
  });
  app.addHook('onResponse', async (request) => {
    (request as Tracked)[ENDS]?.();
  });
}
