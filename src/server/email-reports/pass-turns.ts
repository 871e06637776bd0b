/** Runs each step of a pass after the one before has finished (passTurns). */
export type PassTurns = <T>(step: () => Promise<T>) => Promise<T>;

/** What each turn waits for before its step runs. */
export type GiveWay = () => Promise<void>;

/** A turn of the event loop: what has arrived meanwhile (a request) is read first. */
export const nextEventLoopTurn: GiveWay = () => new Promise((resolve) => setImmediate(resolve));

/**
 * The e-mail pass's steps that use the portal's main thread or PGlite's one connection (its reads, writing a message,
 * recording a send), one at a time, each after `giveWay` (issue #27: report p95 during a send): with the portal's
 * request counter (routes/request-activity.ts) a step waits until no request is in flight, so a report call waits for
 * at most one step of the pass, not one per slot in flight.
 */
export function passTurns(giveWay: GiveWay = nextEventLoopTurn): PassTurns {
  let previous: Promise<unknown> = Promise.resolve();
  return (step) => {
    const turn = previous.then(async () => {
      await giveWay();
      return step();
    });
    previous = turn.catch(() => undefined);
    return turn;
  };
}
