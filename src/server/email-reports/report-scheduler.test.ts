import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { startReportScheduler } from './report-scheduler.ts';
import type { ReportSenderDeps, SendRunSummary } from './report-sender.ts';

/**
 * Issue #27 item 4: the portal's loop sends what fell due at start (the catch-up after downtime) and then at each
 * interval, never two passes at once. Its passes are this test's own, each finished when the test says.
 */

const EVERY_MS = 60_000;

function passes() {
  const running: { finish(summary: SendRunSummary): void; fail(error: Error): void }[] = [];
  const send = vi.fn(
    () =>
      new Promise<SendRunSummary>((resolve, reject) => {
        running.push({ finish: resolve, fail: reject });
      }),
  );
  return { send, running };
}

function start() {
  const { send, running } = passes();
  const log = { info: vi.fn(), error: vi.fn() };
  const scheduler = startReportScheduler({} as ReportSenderDeps, EVERY_MS, log, send);
  return { scheduler, send, running, log };
}

const settle = () => vi.advanceTimersByTimeAsync(0);

beforeEach(() => {
  vi.useFakeTimers();
});

afterEach(() => {
  vi.useRealTimers();
});

describe('the e-mail report loop', () => {
  it('passes at start (the catch-up after downtime), then once every interval, logging what a pass sent', async () => {
    const { scheduler, send, running, log } = start();
    await settle();
    expect(send).toHaveBeenCalledTimes(1);
    running[0]?.finish({ sent: 2, failed: 1 });
    await settle();
    expect(log.info).toHaveBeenCalledWith('E-mail reports: 2 sent, 1 failed (retried later)');
    await vi.advanceTimersByTimeAsync(EVERY_MS - 1);
    expect(send).toHaveBeenCalledTimes(1);
    await vi.advanceTimersByTimeAsync(1);
    expect(send).toHaveBeenCalledTimes(2);
    running[1]?.finish({ sent: 0, failed: 0 });
    await settle();
    // A pass that sent nothing says nothing.
    expect(log.info).toHaveBeenCalledTimes(1);
    await scheduler.stop();
  });

  it('never runs two passes at once: wakes and a tick during a pass make one more pass after it', async () => {
    const { scheduler, send, running } = start();
    await settle();
    scheduler.wake();
    scheduler.wake();
    await vi.advanceTimersByTimeAsync(EVERY_MS);
    expect(send).toHaveBeenCalledTimes(1);
    running[0]?.finish({ sent: 1, failed: 0 });
    await settle();
    expect(send).toHaveBeenCalledTimes(2);
    running[1]?.finish({ sent: 1, failed: 0 });
    await settle();
    expect(send).toHaveBeenCalledTimes(2);
    // Idle: a wake passes at once (the automation environment's send-now).
    scheduler.wake();
    expect(send).toHaveBeenCalledTimes(3);
    running[2]?.finish({ sent: 0, failed: 0 });
    await scheduler.stop();
  });

  it('logs a failed pass and tries again at the next interval', async () => {
    const { scheduler, send, running, log } = start();
    await settle();
    const failure = new Error('database gone');
    running[0]?.fail(failure);
    await settle();
    expect(log.error).toHaveBeenCalledWith('E-mail report pass failed:', failure);
    await vi.advanceTimersByTimeAsync(EVERY_MS);
    expect(send).toHaveBeenCalledTimes(2);
    running[1]?.finish({ sent: 1, failed: 0 });
    await scheduler.stop();
  });

  it('stops after the pass under way, without the pass asked for meanwhile or any later one', async () => {
    const { scheduler, send, running } = start();
    await settle();
    scheduler.wake();
    let stopped = false;
    const stopping = scheduler.stop().then(() => (stopped = true));
    await settle();
    expect(stopped).toBe(false);
    running[0]?.finish({ sent: 1, failed: 0 });
    await stopping;
    await vi.advanceTimersByTimeAsync(3 * EVERY_MS);
    scheduler.wake();
    expect(send).toHaveBeenCalledTimes(1);
  });
});
