/** Runs each piece of database work after the one before has finished (DbTurns). */
export type DbTurns = <T>(work: () => Promise<T>) => Promise<T>;

/**
 * The pass's database work one transaction at a time, each after a turn of the event loop: the portal's own requests
 * (report calls) that arrived meanwhile are read and queue for PGlite's one connection first, so a report waits for at
 * most one of the sender's transactions, not one per slot in flight (issue #27: report p95 during a send).
 */
export function dbTurns(): DbTurns {
  let previous: Promise<unknown> = Promise.resolve();
  return (work) => {
    const turn = previous.then(async () => {
      await new Promise((resolve) => setImmediate(resolve));
      return work();
    });
    previous = turn.catch(() => undefined);
    return turn;
  };
}
