import fs from 'node:fs';
import os from 'node:os';

/** How many nice levels the chart threads run below the portal's own priority (≈ 9× less CPU when the cores are busy). */
export const CHART_THREAD_NICENESS = 10;

/**
 * The calling thread's id for the scheduler (Linux: the task id in /proc/thread-self), or null elsewhere. On Linux
 * `setpriority` with a task id changes that one thread, not the whole process.
 */
export function currentThreadId(): number | null {
  try {
    const id = Number(fs.readlinkSync('/proc/thread-self').split('/').pop());
    return Number.isInteger(id) && id > 0 ? id : null;
  } catch {
    return null;
  }
}

/**
 * Lowers the calling thread's priority by `levels` nice levels (at most to 19), relative to the priority it started
 * with (the process's, e.g. `nice -n -15`); answers the new niceness, or null where threads can't be told apart
 * (not Linux) or the system refuses — the thread then keeps the process's priority.
 */
export function lowerThreadPriority(levels: number): number | null {
  const id = currentThreadId();
  if (id === null) return null;
  try {
    const niceness = Math.min(19, os.getPriority(id) + levels);
    os.setPriority(id, niceness);
    return os.getPriority(id);
  } catch {
    return null;
  }
}
