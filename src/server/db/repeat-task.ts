/**
 * Runs `task` every `everyMs` (and once at once when `atOnce`) until the returned stop function is called; a run never
 * overlaps the one before, the timers do not keep the process alive, and a run cut off by the stop (the database
 * closing under it) is not reported as a failure. The portal's PGlite upkeep (checkpoints, autovacuum) goes through the
 * pool like any caller, so it runs between other callers' transactions, never inside one.
 */
export function repeatTask(
  task: () => Promise<unknown>,
  everyMs: number,
  onError: (error: unknown) => void,
  options: { atOnce?: boolean } = {},
): () => void {
  let running = false;
  let stopped = false;
  const run = () => {
    if (running || stopped) return;
    running = true;
    task()
      .catch((error: unknown) => stopped || onError(error))
      .finally(() => (running = false));
  };
  const timers = [setInterval(run, everyMs), ...(options.atOnce === true ? [setTimeout(run, 0)] : [])];
  for (const timer of timers) timer.unref();
  return () => {
    stopped = true;
    for (const timer of timers) clearTimeout(timer);
  };
}
