import { repeatTask } from '../db/repeat-task.ts';
import { sendDueReports, type ReportSenderDeps, type SendRunSummary } from './report-sender.ts';

/**
 * The portal's e-mail report loop (started by main.ts, stopped before the database closes): a pass at start (the
 * catch-up after downtime) and every `everyMs`; `wake()` asks for a pass now (the automation environment's send-now).
 * Passes never overlap (a wake during a pass asks for one more after it); a failed pass is logged and the next one
 * tries again. `send` is the pass (the real sender; a test's own to watch the loop).
 */
export interface ReportScheduler {
  wake(): void;
  stop(): Promise<void>;
}

export function startReportScheduler(
  deps: ReportSenderDeps,
  everyMs: number,
  log: { info(message: string): void; error(message: string, error: unknown): void },
  send: (deps: ReportSenderDeps) => Promise<SendRunSummary> = sendDueReports,
): ReportScheduler {
  let current: Promise<unknown> = Promise.resolve();
  let again = false;
  let stopped = false;
  const pass = async () => {
    do {
      again = false;
      const summary = await send(deps);
      if (summary.sent + summary.failed > 0) {
        log.info(`E-mail reports: ${summary.sent} sent, ${summary.failed} failed (retried later)`);
      }
    } while (again && !stopped);
  };
  let running = false;
  const run = () => {
    if (stopped) return;
    if (running) {
      again = true;
      return;
    }
    running = true;
    current = pass()
      .catch((error: unknown) => stopped || log.error('E-mail report pass failed:', error))
      .finally(() => (running = false));
  };
  const stopTimer = repeatTask(
    async () => run(),
    everyMs,
    () => undefined,
    { atOnce: true },
  );
  return {
    wake: run,
    stop: async () => {
      stopped = true;
      stopTimer();
      await current;
    },
  };
}
