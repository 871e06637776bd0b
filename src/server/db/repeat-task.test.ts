import { describe, expect, it } from 'vitest';
import { repeatTask } from './repeat-task.ts';

const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

describe('repeatTask', () => {
  it('runs at once when asked, then on its interval, never two runs at a time, and not after the stop', async () => {
    let runs = 0;
    let running = 0;
    let overlapped = false;
    const stop = repeatTask(
      async () => {
        runs += 1;
        running += 1;
        overlapped ||= running > 1;
        await pause(25);
        running -= 1;
      },
      5,
      () => undefined,
      { atOnce: true },
    );
    await pause(1);
    expect(runs).toBe(1);
    await pause(120);
    stop();
    const stoppedAt = runs;
    await pause(40);
    expect(runs).toBeGreaterThan(2);
    expect(runs).toBe(stoppedAt);
    expect(overlapped).toBe(false);
  });

  it('reports a failed run, but not one cut off by the stop', async () => {
    const failures: unknown[] = [];
    let fail: (error: Error) => void = () => undefined;
    const stop = repeatTask(
      () => new Promise((_resolve, reject) => (fail = reject)),
      1000,
      (error) => failures.push(error),
      { atOnce: true },
    );
    await pause(5);
    fail(new Error('checkpoint failed'));
    await pause(5);
    expect(failures).toEqual([new Error('checkpoint failed')]);
    stop();

    // A run under way when the database closes fails after the stop: that is not reported.
    const stopLater = repeatTask(
      () => new Promise((_resolve, reject) => (fail = reject)),
      1000,
      (error) => failures.push(error),
      { atOnce: true },
    );
    await pause(5);
    stopLater();
    fail(new Error('the database closed'));
    await pause(5);
    expect(failures).toHaveLength(1);
  });
});
